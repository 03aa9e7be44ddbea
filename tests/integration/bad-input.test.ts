/**
 * Bad input over every API route the modules mount (decision 016): a NUL (U+0000) in any
 * text field of a body, in any list filter or lookup parameter, and a yes/no that is neither, are
 * each a 422 `fail` naming the field, and nothing is saved; page sizes keep to docs/architecture.md#paging.
 *
 * The routes come from the modules list (src/modules/index.ts). A generic CRUD route names its
 * service (`crudServiceOf`), whose schema and list fields give the body fields and filters; the
 * other routes are in CUSTOM_INPUTS below, or in NO_TEXT_INPUT with the reason they take no text.
 * A route in none of them fails the first test, so a new module is covered the moment it is mounted.
 */
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { z } from "zod";
import { createFenceOrder, createProduct } from "../helpers/factories";
import { crudServiceOf } from "@/lib/http/crud-api";
import { filterKeysOf } from "@/lib/crud/list-query";
import { tFor } from "@/lib/i18n";
import { fieldName, type PathStyle } from "@/lib/validation";
import { CATEGORY_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/zod-fields";
import { loginInput, languageInput } from "@/modules/auth/schemas";
import { scanInput } from "@/modules/barcode/schemas";
import { addByCodeInput, addToBasketInput, basketRefInput } from "@/modules/baskets/schemas";
import { setBasketItemQuantityBody } from "@/modules/baskets/page-schemas";
import { loadSavedBasketBody, SAVED_BASKET_FILTERS, saveBasketInput } from "@/modules/baskets/saved/schemas";
import { parameterValuesInput, pricesInput, translationsInput } from "@/modules/catalogue/product/schemas";
import { modules } from "@/modules/index";
import { fenceOrderFilterKeys } from "@/modules/orders/fence-order/api";
import { editItemsInput, itemProductSearchInput } from "@/modules/orders/fence-item/schemas";
import { customerLookupInput, fenceOrderInput, fenceOrderStatusInput } from "@/modules/orders/fence-order/schemas";
import { invoiceSettingsInput } from "@/modules/orders/schemas";
import { creditNoteInput, invoiceDraftQuery, invoiceUpdateInput, reminderInput } from "@/modules/orders/invoice/schemas";
import { companyIdentityInput } from "@/modules/settings/company-identity/schemas";
import { addManufactureListToBasketInput, manufactureListInput } from "@/modules/orders/manufacture-list/schemas";
import { accountantExportQuery } from "@/modules/orders/invoice/export/schemas";
import { orderedMaterialSupplierOrderInput } from "@/modules/orders/ordered-material/schemas";
import { createPlanInput, dateRangeInput, markPlanItemInput, movePlanInput, saveManufacturePlanInput, setManufacturedInput } from "@/modules/planning/schemas";
import { produceInput, takeStockInput, transferBasketInput } from "@/modules/warehouse/stock/schemas";
import { newUserInput, passwordResetInput } from "@/modules/settings/users/schemas";
import { orderFromBasketInput } from "@/modules/suppliers/orders/schemas";
import { byWarehouseInput, exportStockInput, warehouseItemInput } from "@/modules/warehouse/items/schemas";
import { TRANSFER_LOG_FILTERS } from "@/modules/warehouse/transfer-log/schemas";
import { json, type Session, useTestApp } from "../helpers/app";
import { tableSnapshot } from "../helpers/table-snapshot";
import "./support";

const t = useTestApp();

/** What a route reads: a JSON body, a query (lookups) or list filters. */
interface RouteInput {
  body?: z.ZodType;
  query?: z.ZodType;
  filters?: string[];
  /** The row a `:id` in the path stands for. */
  target?: keyof Targets;
  /** Fields left out, and why. */
  skip?: Record<string, string>;
  /** How the answer names a field in a list (`items[0].color` where the route marks list rows); dots unless said. */
  paths?: PathStyle;
}

interface Targets {
  product: number;
  fenceOrder: number;
  user: number;
}

/** Routes that are not generic CRUD, keyed as `METHOD path` exactly as mounted. */
const CUSTOM_INPUTS: Record<string, RouteInput> = {
  "POST /api/login": { body: loginInput, skip: { password: "compared with its hash, never stored as text" } },
  "PUT /api/me/language": { body: languageInput },
  "POST /api/barcode/scan": { body: scanInput },
  "POST /api/basket/add": { body: addToBasketInput },
  "POST /api/basket/addByCode": { body: addByCodeInput },
  "POST /api/basket/clear": { body: basketRefInput },
  "GET /api/basket/items": { query: basketRefInput },
  "PATCH /api/basket/items/:id{[0-9]+}": { body: setBasketItemQuantityBody },
  "GET /api/basket/saved": { filters: [...SAVED_BASKET_FILTERS] },
  "POST /api/basket/saved": { body: saveBasketInput },
  "POST /api/basket/saved/:id{[0-9]+}/load": { body: loadSavedBasketBody },
  "PUT /api/products/:id{[0-9]+}/parameters": { body: parameterValuesInput, target: "product" },
  "PUT /api/products/:id{[0-9]+}/translations": { body: translationsInput, target: "product" },
  "PUT /api/products/:id{[0-9]+}/prices": { body: pricesInput, target: "product" },
  "POST /api/orders/invoiceSettings": { body: invoiceSettingsInput },
  "POST /api/orders/invoiceSettings/": { body: invoiceSettingsInput },
  "PUT /api/orders/invoiceSettings": { body: invoiceSettingsInput },
  "PUT /api/orders/invoiceSettings/": { body: invoiceSettingsInput },
  "GET /api/orders/fenceOrder": { filters: fenceOrderFilterKeys },
  "GET /api/orders/fenceOrder/lookup": { query: customerLookupInput },
  "POST /api/orders/fenceOrder": { body: fenceOrderInput },
  "PUT /api/orders/fenceOrder/:id{[0-9]+}": { body: fenceOrderInput, target: "fenceOrder" },
  "PUT /api/orders/fenceOrder/:id{[0-9]+}/status": { body: fenceOrderStatusInput, target: "fenceOrder" },
  "PUT /api/orders/fenceOrder/:id{[0-9]+}/items": { body: editItemsInput, target: "fenceOrder", paths: "brackets" },
  "GET /api/orders/fenceOrder/itemProducts": { query: itemProductSearchInput },
  // The route's own create takes a password too (the generic update does not).
  "POST /api/settings/users": { body: newUserInput },
  "POST /api/settings/users/:id{[0-9]+}/password": { body: passwordResetInput, target: "user" },
  "POST /api/suppliers/orders/fromBasket": { body: orderFromBasketInput },
  "PUT /api/settings/company": { body: companyIdentityInput },
  "POST /api/orders/manufactureList/all": { body: manufactureListInput },
  "POST /api/orders/manufactureList/addToBasket": { body: addManufactureListToBasketInput },
  "POST /api/orders/invoices/accountantExport": { body: accountantExportQuery },
  "POST /api/orders/fenceOrder/orderedMaterial/supplierOrder": { body: orderedMaterialSupplierOrderInput },
  "GET /api/orders/planning": { query: dateRangeInput },
  "GET /api/orders/planning/material": { query: dateRangeInput },
  "POST /api/orders/planning": { body: createPlanInput },
  "PUT /api/orders/planning/:id{[0-9]+}/move": { body: movePlanInput },
  "POST /api/orders/planning/mark": { body: markPlanItemInput },
  "GET /api/orders/manufacture": { query: dateRangeInput },
  "PUT /api/orders/manufacture/order/:id{[0-9]+}": { body: saveManufacturePlanInput, target: "fenceOrder" },
  "PATCH /api/orders/manufacture/line/:id{[0-9]+}": { body: setManufacturedInput },
  "POST /api/warehouseItems/byWarehouse": { body: byWarehouseInput },
  "PUT /api/warehouse/warehouseItem/:id{[0-9]+}": { body: warehouseItemInput },
  "POST /api/warehouse/exportToExcel": { body: exportStockInput },
  "GET /api/warehouseTransferLog": { filters: [...TRANSFER_LOG_FILTERS] },
  "POST /api/transformation/transform": { body: produceInput },
  "PUT /api/orders/invoices/:id{[0-9]+}": { body: invoiceUpdateInput },
  "POST /api/orders/invoices/:id{[0-9]+}/creditNote": { body: creditNoteInput },
  "POST /api/orders/invoices/:id{[0-9]+}/reminders": { body: reminderInput },
  "GET /api/orders/invoices/draft": { query: invoiceDraftQuery },
  "POST /api/warehouseTransfer/inventoryTransfer": { body: takeStockInput },
  "POST /api/warehouseTransfer/warehouseTransfer": { body: transferBasketInput },
};

/** Routes without a text a database would store or compare, and why. */
const NO_TEXT_INPUT: Record<string, string> = {
  "POST /api/logout": "no body",
  "GET /api/me": "no input",
  "GET /api/category/allWithChildren": "no input",
  "GET /api/category/tree": "no input",
  "GET /api/invoices/invoiceSettings": "no input",
  "GET /api/orders/invoiceSettings": "no input",
  "GET /api/orders/fenceOrder/orderedMaterial": "`orders` are ids, `short` and `sources` yes/no",
  "GET /api/basket/warehouse": "no input",
  "GET /api/orders/fenceOrder/upload": "`load` must be digits",
  "GET /api/timesheets/worktype/barcode": "`id` must be digits",
  "GET /api/warehouse/barcode": "`id` must be digits",
  "GET /api/settings/editorCategories": "no input",
  "PUT /api/settings/editorCategories": "category ids only",
  "GET /api/products/category/parameters/forCategories": "`categoryIds` are ids",
  "GET /api/products/withMainImage": "`categoryIds` are ids",
  "POST /api/orders/fenceOrder/upload": "files; their names are cleaned of control characters (cleanFileName)",
  "POST /api/products/:id{[0-9]+}/images": "files; their names are cleaned of control characters (cleanFileName)",
  "PUT /api/products/:id{[0-9]+}/images/order": "image ids",
  "PUT /api/products/:id{[0-9]+}/images/:imageId{[0-9]+}/main": "no body",
  "POST /api/products/:id{[0-9]+}/duplicate": "no body",
  "POST /api/settings/kioskDevices/:id{[0-9]+}/pairing": "no body",
  "POST /api/settings/kioskDevices/:id{[0-9]+}/revoke": "no body",
  "GET /api/settings/company": "no input",
  "POST /api/orders/invoices/:id{[0-9]+}/markAsPaid": "no body",
  "GET /api/warehouse/export": "`id` must be digits",
  "GET /api/warehouse/exportToExcelManufacture": "`id` must be digits",
  "GET /api/settings/company/logo": "no input",
  "PUT /api/settings/company/logo": "a file; its name is cleaned of control characters (cleanFileName) and never stored",
  "POST /api/basket/uploadManufactureData": "a file (its name cleaned, never stored) and `warehouseId`, an id",
  "POST /api/kiosk/scan": "a paired device's cookie, not a session, opens it: its NUL and bad-input cases are in tests/integration/kiosk.test.ts",
};

interface MountedRoute {
  key: string;
  method: string;
  pattern: string;
  input: RouteInput | null;
}

/** Every API route of every module, in mounting order; the first of a method and path answers. */
function mountedRoutes(): MountedRoute[] {
  const routes = new Map<string, MountedRoute>();
  for (const module of modules) {
    for (const route of module.api?.routes ?? []) {
      const pattern = `/api${route.path}`;
      // A delete takes no input, and a one-record GET reads only its path.
      if (route.method === "DELETE" || route.method === "ALL" || (route.method === "GET" && pattern.includes(":"))) continue;
      const key = `${route.method} ${pattern}`;
      const service = crudServiceOf(route.handler);
      const crudInput: RouteInput | null = !service ? null : route.method === "GET" ? { filters: filterKeysOf(service.listFields) } : { body: service.input };
      // A module's own route mounted before a generic one of the same method and path answers in its place:
      // CUSTOM_INPUTS describes it where its input differs, the generic route's service otherwise.
      const input = CUSTOM_INPUTS[key] ?? crudInput ?? routes.get(key)?.input ?? null;
      routes.set(key, { key, method: route.method, pattern, input });
    }
  }
  return [...routes.values()];
}

const ROUTES = mountedRoutes();

// ---- walking a schema ----------------------------------------------------------------------------

type Path = (string | number)[];
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The schemas a wrapper or pipe holds (preprocess, transform, optional, default…). */
function inner(def: Def): z.ZodType[] {
  if (def.type === "pipe") return [def.in as z.ZodType, def.out as z.ZodType];
  return "innerType" in def ? [def.innerType as z.ZodType] : [];
}

type LeafKind = "text" | "boolean" | "date";

/** Whether a field's schema ends in a plain string (a text), a boolean, a date (dateField) or neither. */
function leafKinds(schema: z.ZodType, kinds = new Set<string>()): Set<string> {
  const def = defOf(schema);
  if (def.type === "string" && !def.format) kinds.add("text");
  if (def.type === "string" && def.format === "date") kinds.add("date");
  if (def.type === "boolean") kinds.add("boolean");
  for (const next of inner(def)) leafKinds(next, kinds);
  return kinds;
}

/** The object or array a field's schema holds, under its wrappers, if any. */
function container(schema: z.ZodType): Def | undefined {
  const def = defOf(schema);
  if (def.type === "object" || def.type === "array") return def;
  for (const next of inner(def)) {
    const found = container(next);
    if (found) return found;
  }
  return undefined;
}

/** The path of every leaf of `kind` in a schema, through objects and arrays (one element). */
function fieldPaths(schema: z.ZodType, kind: LeafKind, path: Path = []): Path[] {
  const def = container(schema);
  if (def?.type === "object") {
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => fieldPaths(field, kind, [...path, key]));
  }
  if (def?.type === "array") return fieldPaths(def.element as z.ZodType, kind, [...path, 0]);
  return leafKinds(schema).has(kind) ? [path] : [];
}

/** A body holding `value` at `path` and nothing else. */
function bodyWith(path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  return typeof head === "number" ? [bodyWith(rest, value)] : { [head!]: bodyWith(rest, value) };
}

// ---- running a case ----------------------------------------------------------------------------

const NUL = "a\u0000b";
const messages = { nul: tFor("cs")("validation.nul") as string, invalid: tFor("cs")("validation.invalid") as string };

let admin: Session;
const targets = {} as Targets;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  targets.user = admin.user.id;
  targets.product = await createProduct(t.current.ctx.db);
  targets.fenceOrder = await createFenceOrder({ ...t.current.ctx, userId: admin.user.id });
});

const snapshot = () => tableSnapshot(t.current.ctx);

/**
 * What the tables held after the last refusal of the current test: a refused request changes
 * nothing, so the fingerprint after one is the one before the next (half the fingerprints; the
 * suite's wall time, docs/decisions/084-suite-wall-time.md). Forgotten before each test, whose own
 * set-up may write.
 */
let lastSnapshot: string | null = null;
beforeEach(() => {
  lastSnapshot = null;
});

/** The first row of the list a `:id` route belongs to (or 1 when it has none: the body is refused before the lookup). */
async function idFor(route: MountedRoute): Promise<number> {
  if (route.input?.target) return targets[route.input.target];
  const list = await admin.api(route.pattern.replace(/\/:.*$/, "") + "?size=1");
  const rows = list.status === 200 ? ((await json(list)).data as { id: number }[]) : [];
  return rows[0]?.id ?? 1;
}

const concretePath = async (route: MountedRoute) => {
  if (!route.pattern.includes(":")) return route.pattern;
  const id = await idFor(route);
  return route.pattern.replace(/:\w+(\{[^}]*\})?/g, String(id));
};

/** Sends the request; answers what was wrong unless it was a 422 fail naming `field` with `message` and nothing was saved. */
async function refusalProblem(route: MountedRoute, request: { path: string; body?: unknown }, field: string, message: string): Promise<string | null> {
  const before = lastSnapshot ?? (await snapshot());
  lastSnapshot = null;
  const response = await admin.api(request.path, { method: route.method, json: request.body });
  const label = `${route.key} ${field}`;
  const text = await response.text();
  if (response.status !== 422) return `${label}: ${response.status} ${text.slice(0, 200)}`;
  const answer = JSON.parse(text) as { status: string; fields?: Record<string, string> };
  if (answer.status !== "fail") return `${label}: status ${answer.status}`;
  if (answer.fields?.[field] !== message) return `${label}: fields ${JSON.stringify(answer.fields)}`;
  const after = await snapshot();
  if (after !== before) return `${label}: something was saved`;
  lastSnapshot = after;
  return null;
}

const withQuery = (path: string, key: string, value: string) => `${path}?${new URLSearchParams({ [key]: value })}`;

const casesOf = (route: MountedRoute, kind: LeafKind) => {
  const input = route.input;
  if (!input) return [];
  const schema = input.body ?? input.query;
  const paths = schema ? fieldPaths(schema, kind) : [];
  return paths.filter((path) => !input.skip?.[fieldName(path, input.paths)]);
};

// ---- the tests -----------------------------------------------------------------------------------

test("every API route is read from its service, described here, or takes no text", () => {
  const unknown = ROUTES.filter((route) => !route.input && !NO_TEXT_INPUT[route.key]).map((route) => route.key);
  expect(unknown).toEqual([]);
  const stale = [...Object.keys(CUSTOM_INPUTS), ...Object.keys(NO_TEXT_INPUT)].filter((key) => !ROUTES.some((route) => route.key === key));
  expect(stale).toEqual([]);
});

/** One test per route whose body has fields of `kind`: each field alone holding `value` is refused with `message`. */
function eachBodyField(kind: LeafKind, value: string, message: string) {
  const routes = ROUTES.filter((route) => route.input?.body && casesOf(route, kind).length);
  test.each(routes.map((route) => [route.key, route] as const))("body of %s", async (_key, route) => {
    const path = await concretePath(route);
    const failures: (string | null)[] = [];
    for (const field of casesOf(route, kind)) failures.push(await refusalProblem(route, { path, body: bodyWith(field, value) }, fieldName(field, route.input?.paths), message));
    expect(failures.filter(Boolean)).toEqual([]);
  });
}

describe("a NUL is refused with the field named, and nothing is saved", () => {
  eachBodyField("text", NUL, messages.nul);

  const queryRoutes = ROUTES.filter((route) => route.input?.filters?.length || (route.input?.query && casesOf(route, "text").length));
  test.each(queryRoutes.map((route) => [route.key, route] as const))("query of %s", async (_key, route) => {
    const keys = route.input!.filters ?? casesOf(route, "text").map((path) => path.join("."));
    const failures: (string | null)[] = [];
    for (const key of keys) failures.push(await refusalProblem(route, { path: withQuery(route.pattern, key, NUL) }, key, messages.nul));
    expect(failures.filter(Boolean)).toEqual([]);
  });
});

test("the refusal reads in the caller's language", async () => {
  const english = await t.current.login();
  expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
  const answer = await json(await english.api("/api/vat", { method: "POST", json: { rate: 10, active: "maybe" } }));
  expect(answer.fields).toEqual({ active: tFor("en")("validation.invalid") });
  const filtered = await json(await english.api(withQuery("/api/category", "name", NUL)));
  expect(filtered.fields).toEqual({ name: "Contains a character that cannot be stored (U+0000)" });
});

describe("a yes/no that is neither is refused, never read as no", () => {
  eachBodyField("boolean", "maybe", messages.invalid);
});

/**
 * Dates (docs/architecture.md#dates): year 0 in either form, and a real day outside 1900–2100, is a 422 naming the
 * field on every route that reads a date, never a 500 from PostgreSQL or a job that fails later.
 */
describe("a date outside 01.01.1900–31.12.2100 is refused with the field named, and nothing is saved", () => {
  const outOfRange = tFor("cs")("validation.dateRange", { min: "01.01.1900", max: "31.12.2100" }) as string;
  test("the message", () => expect(outOfRange).toBe("Zadejte datum od 01.01.1900 do 31.12.2100"));
  for (const value of ["0000-01-01", "01.01.0000", "0001-01-01", "31.12.1899", "2101-01-01"]) {
    describe(value, () => eachBodyField("date", value, outOfRange));
  }

  const dateQueryRoutes = ROUTES.filter((route) => route.input?.query && casesOf(route, "date").length);
  test("the walk finds the date queries (planning grid and material, manufacture calendar) and bodies (the accountant export among them)", () => {
    expect(dateQueryRoutes.map((route) => route.key)).toEqual(expect.arrayContaining(["GET /api/orders/planning", "GET /api/orders/planning/material", "GET /api/orders/manufacture"]));
    const dateBodies = ROUTES.filter((route) => route.input?.body && casesOf(route, "date").length).map((route) => route.key);
    expect(dateBodies).toEqual(expect.arrayContaining(["POST /api/orders/invoices/accountantExport", "PUT /api/orders/invoices/:id{[0-9]+}", "POST /api/orders/fenceOrder"]));
  });
  test.each(dateQueryRoutes.map((route) => [route.key, route] as const))("query of %s", async (_key, route) => {
    const failures: (string | null)[] = [];
    for (const value of ["0000-01-01", "01.01.0000"]) {
      for (const path of casesOf(route, "date")) {
        const key = path.join(".");
        const query = new URLSearchParams({ from: "2026-11-02", to: "2026-11-08", [key]: value });
        failures.push(await refusalProblem(route, { path: `${route.pattern}?${query}` }, key, outOfRange));
      }
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });

  test("a list's date filter: work logs and the transfer log", async () => {
    for (const path of ["/api/timesheets/worklog", "/api/warehouseTransferLog"]) {
      for (const value of ["0000-01-01", "01.01.0000"]) {
        const response = await admin.api(withQuery(path, "from", value));
        expect({ path, status: response.status }).toEqual({ path, status: 422 });
        expect((await json(response)).fields).toEqual({ from: outOfRange });
      }
    }
  });

  test("the planning and manufacture pages show the range again with the field's error (422)", async () => {
    for (const page of ["/orders/planning", "/orders/manufacture"]) {
      for (const value of ["0000-01-01", "01.01.0000"]) {
        const response = await admin.page(`${page}?${new URLSearchParams({ from: value, to: "2026-11-08" })}`);
        expect({ page, value, status: response.status }).toEqual({ page, value, status: 422 });
        expect(await response.text()).toContain(outOfRange);
      }
    }
  });
});

// ---- lists longer than their field allows (docs/architecture.md#lists-in-input) ----------------------

/** The path of every list of a schema, through objects and lists (a list's first element). */
function listPaths(schema: z.ZodType, path: Path = []): Path[] {
  const def = container(schema);
  if (def?.type === "object") return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => listPaths(field, [...path, key]));
  if (def?.type === "array") return [path, ...listPaths(def.element as z.ZodType, [...path, 0])];
  return [];
}

describe("a list of 60,000 elements is refused before its elements are read, and nothing is saved", () => {
  const tooMany = Array.from({ length: 60_000 }, () => ({}));
  const routes = ROUTES.filter((route) => route.input?.body && listPaths(route.input.body).length);
  test("the walk finds the lists (order items, plan items, invoice lines, basket lines, prices, parameters, id lists)", () => expect(routes.length).toBeGreaterThan(10));
  test.each(routes.map((route) => [route.key, route] as const))("body of %s", async (_key, route) => {
    const path = await concretePath(route);
    const failures: string[] = [];
    for (const field of listPaths(route.input!.body!)) {
      const name = fieldName(field, route.input?.paths);
      const before = await snapshot();
      const response = await admin.api(path, { method: route.method, json: bodyWith(field, tooMany) });
      const text = await response.text();
      const message = response.status === 422 ? (JSON.parse(text) as { fields?: Record<string, string> }).fields?.[name] : undefined;
      if (!message || !/^Nejvýše \d+ položek$/.test(message)) failures.push(`${route.key} ${name}: ${response.status} ${text.slice(0, 200)}`);
      if ((await snapshot()) !== before) failures.push(`${route.key} ${name}: something was saved`);
    }
    expect(failures).toEqual([]);
  });
});

describe("pages: a form post re-renders with the field's error (422), a list page refuses the filter", () => {
  /** The shared CRUD form, a module's own editor, and the product editor's first tab: each reads its post through formToInput. */
  const forms = [
    { path: "/settings/eshop/new", field: "name" },
    { path: "/orders/fenceOrder/new", field: "firstName" },
    { path: "/products/new", field: "name" },
  ];
  const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

  const expectFormRefused = async (send: () => Promise<Response>, message: string) => {
    const before = await snapshot();
    const response = await send();
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(escaped(message));
    expect(await snapshot()).toBe(before);
  };

  test.each(forms.map((form) => [form.path, form] as const))("%s, url-encoded and multipart", async (_path, { path, field }) => {
    await expectFormRefused(() => admin.page(path, { form: { [field]: NUL } }), messages.nul);
    const multipart = new FormData();
    multipart.set(field, NUL);
    await expectFormRefused(() => admin.page(path, { method: "POST", body: multipart }), messages.nul);
  });

  test("a checkbox posting a word that is neither yes nor no", async () => {
    const form = { firstName: "Jana", lastName: "Nová", email: "jana.nova@ohrada.test", generatePassword: "on", isAdmin: "maybe" };
    await expectFormRefused(() => admin.page("/settings/users/new", { form }), messages.invalid);
  });

  test("a list page's filter", async () => {
    const response = await admin.page(withQuery("/settings/eshop", "name", NUL));
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(escaped(messages.nul));
  });
});

describe("page sizes (docs/architecture.md#paging)", () => {
  const lists = ROUTES.filter((route) => route.method === "GET" && route.input?.filters);
  test.each(lists.map((route) => [route.key, route] as const))("%s gives at most its limit", async (_key, route) => {
    const limit = route.pattern === "/api/category" ? CATEGORY_MAX_PAGE_SIZE : MAX_PAGE_SIZE;
    const sizeOf = async (size: string) => (await json(await admin.api(`${route.pattern}?size=${size}`))).meta.size as number;
    expect(await sizeOf(String(MAX_PAGE_SIZE))).toBe(MAX_PAGE_SIZE);
    expect(await sizeOf(String(limit + 1))).toBe(limit);
    expect(await sizeOf("9999")).toBe(Math.min(9999, limit));
    expect(await sizeOf("abc")).toBe(DEFAULT_PAGE_SIZE);
  });
});

// ---- ids the columns cannot hold ------------------------------------------------------

/**
 * Ids are int4 identity columns (src/lib/zod-fields.ts MAX_ROW_ID): a larger number names no row and
 * must never reach PostgreSQL (a 500). In a body or a query it is a 422 naming the field; in a path it
 * names a record that cannot exist, a 404 like any other id no row has (decision 032).
 */
const TOO_LARGE_IDS = ["2147483648", "9999999999999999"];

/** A field that references a row: `id`, `…Id`, or a list `…Ids`. */
const isIdKey = (key: string) => key !== "tmpId" && /^(id|\w+Id|\w*Ids)$/.test(key);

/** The path of every id field of a schema (a list's first element for a list of ids). */
function idPaths(schema: z.ZodType, path: Path = []): Path[] {
  const def = container(schema);
  if (def?.type === "object") {
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
      if (isIdKey(key)) return container(field)?.type === "array" ? [[...path, key, 0]] : [[...path, key]];
      return idPaths(field, [...path, key]);
    });
  }
  if (def?.type === "array") return idPaths(def.element as z.ZodType, [...path, 0]);
  return [];
}

/** Routes whose ids sit in a query the route reads itself (not through a schema this file can walk). */
const QUERY_IDS: Record<string, string[]> = {
  "GET /api/basket/items": ["warehouseId"],
  "GET /api/orders/fenceOrder/orderedMaterial": ["orders"],
  "GET /api/orders/fenceOrder/upload": ["load"],
  "GET /api/timesheets/worktype/barcode": ["id"],
  "GET /api/products/category/parameters/forCategories": ["categoryIds"],
  "GET /api/products/withMainImage": ["categoryIds"],
  "GET /api/warehouse/export": ["id"],
  "GET /api/warehouse/exportToExcelManufacture": ["id"],
};

/**
 * Sends the request; answers what was wrong unless the id was taken for what it is (decision 032):
 * a body's or a query schema's id refused (422), a record looked up by it not found (404), a list
 * filtered by it empty (200, no rows); never a 500, and nothing saved.
 */
async function idRefusalProblem(route: MountedRoute, request: { path: string; body?: unknown }, field: string): Promise<string | null> {
  const before = await snapshot();
  const response = await admin.api(request.path, { method: route.method, json: request.body });
  const label = `${route.key} ${field}`;
  const text = await response.text();
  const emptyList = response.status === 200 && route.method === "GET" && (JSON.parse(text) as { data?: unknown[] }).data?.length === 0;
  if (response.status !== 422 && response.status !== 404 && !emptyList) return `${label}: ${response.status} ${text.slice(0, 200)}`;
  if ((await snapshot()) !== before) return `${label}: something was saved`;
  return null;
}

describe("an id no int4 column can hold is refused, never a 500", () => {
  const bodyRoutes = ROUTES.filter((route) => route.input?.body && idPaths(route.input.body).length);
  test.each(bodyRoutes.map((route) => [route.key, route] as const))("body of %s", async (_key, route) => {
    const path = await concretePath(route);
    const failures: (string | null)[] = [];
    for (const field of idPaths(route.input!.body!)) {
      for (const id of TOO_LARGE_IDS) {
        // The basket and warehouse bodies need their type beside the id to reach it.
        const body = { type: "WAREHOUSE", ...(bodyWith(field, Number(id)) as object) };
        failures.push(await idRefusalProblem(route, { path, body }, fieldName(field.filter((key) => typeof key === "string"), route.input?.paths)));
      }
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });

  const queryIds = (route: MountedRoute): string[] => [
    ...(QUERY_IDS[route.key] ?? []),
    ...(route.input?.filters ?? []).filter(isIdKey),
    ...(route.input?.query ? idPaths(route.input.query).map((path) => String(path[0])) : []),
  ];
  const queryRoutes = ROUTES.filter((route) => route.method === "GET" && queryIds(route).length);
  test("the walk finds id queries", () => expect(queryRoutes.length).toBeGreaterThan(5));
  test.each(queryRoutes.map((route) => [route.key, route] as const))("query of %s", async (_key, route) => {
    const failures: (string | null)[] = [];
    for (const key of new Set(queryIds(route))) {
      for (const id of TOO_LARGE_IDS) {
        const query = new URLSearchParams({ type: "WAREHOUSE", [key]: id });
        failures.push(await idRefusalProblem(route, { path: `${route.pattern}?${query}` }, key));
      }
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });

  /** Every API route with an id in its path, GET and DELETE included, mounted or not above. */
  const pathRoutes = modules.flatMap((module) =>
    (module.api?.routes ?? []).filter((route) => route.path.includes(":")).map((route) => ({ key: `${route.method} /api${route.path}`, method: route.method, pattern: `/api${route.path}` })),
  );
  const uniquePathRoutes = [...new Map(pathRoutes.map((route) => [route.key, route])).values()].filter((route) => route.method !== "ALL");
  test.each(uniquePathRoutes.map((route) => [route.key, route] as const))("path of %s is a 404", async (_key, route) => {
    const failures: string[] = [];
    for (const id of TOO_LARGE_IDS) {
      const before = await snapshot();
      const response = await admin.api(route.pattern.replace(/:\w+(\{[^}]*\})?/g, id), { method: route.method, json: route.method === "GET" ? undefined : {} });
      if (response.status !== 404) failures.push(`${route.key} ${id}: ${response.status} ${(await response.text()).slice(0, 200)}`);
      if ((await snapshot()) !== before) failures.push(`${route.key} ${id}: something was saved`);
    }
    expect(failures).toEqual([]);
  });

  test("a body's or a query schema's id is a 422 naming it (the three reported requests)", async () => {
    const add = await admin.api("/api/basket/add", { method: "POST", json: { type: "WAREHOUSE", warehouseId: 2147483648, productId: 5, amount: 1 } });
    expect(add.status).toBe(422);
    expect((await json(add)).fields).toHaveProperty("warehouseId");
    const items = await admin.api("/api/basket/items?type=WAREHOUSE&warehouseId=2147483648");
    expect(items.status).toBe(422);
    expect((await json(items)).fields).toHaveProperty("warehouseId");
    const clear = await admin.api("/api/basket/clear", { method: "POST", json: { type: "WAREHOUSE", warehouseId: 9999999999999999 } });
    expect(clear.status).toBe(422);
    expect((await json(clear)).fields).toHaveProperty("warehouseId");
  });
});

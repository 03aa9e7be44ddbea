/**
 * The CRUD contract (docs/architecture.md#crud-calls, decision 002), run over every entity on the generic pattern:
 * `GET P` lists with paging in `meta`, `GET P/:id` answers the entity, `POST P` creates and answers
 * the new id, `PUT P/:id` answers the entity, `DELETE P/:id` deletes; a missing id is 404
 * NOT_FOUND on get, put and delete; an invalid body is 422 `fail` with readable messages and
 * `fields`, and saves nothing. A new CRUD entity adds a row to ENTITIES (the first test fails for a
 * path with the generic calls and no row); its own rules (uniqueness, in-use refusals, special
 * fields, pages) stay in its own test file.
 */
import { describe, expect, test } from "bun:test";
import type { Ctx } from "@/lib/context";
import { json, type Session, useTestApp } from "../helpers/app";
import {
  createCategory,
  createFenceOrder,
  createPromiseStatus,
  createSupplier,
  createUser,
  createWorkplace,
  createWorkType,
  defaultVatId,
  nextNumber,
  plateFor,
  validFenceOrder,
} from "../helpers/factories";
import { todayInPrague } from "@/lib/dates";
import { icoFrom } from "@db/seed/demo/fence-orders";
import { createInvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { expectFieldErrors, type ListBody, okJson } from "./support";

const t = useTestApp();

type Refs = Record<string, number>;
type Body = Record<string, unknown>;

interface CrudEntity {
  /** The API path P. */
  path: string;
  /** Rows the bodies refer to, made by factories once for the entity. */
  setup?: (ctx: Ctx) => Promise<Refs>;
  /** A valid create body; `n` is new on every call, for what the entity keeps unique. */
  create: (refs: Refs, n: number) => Body;
  /** What the entity answers of that create (matched, not compared whole). */
  created: (refs: Refs, n: number) => Body;
  update: (refs: Refs, n: number) => Body;
  updated: (refs: Refs, n: number) => Body;
  /** An invalid create body and the field messages (Czech) it must answer, exactly. */
  invalid: { body: Body; fields: Record<string, string> };
  /** Where an update validates another shape (fields a create alone asks for). */
  invalidUpdate?: { body: Body; fields: Record<string, string> };
  /** Where a create's `data` is not the id itself. */
  idOf?: (data: any) => number;
  /** The path has no DELETE (the spec gives none). */
  noDelete?: true;
  /**
   * DELETE answers a 422 fail saying why, and the row stays: the one documented exception,
   * invoices (docs/decisions/053-invoice-lines-and-payments.md: an issued document is never deleted).
   */
  deleteRefused?: (data: any) => string;
}

const REQUIRED = "Povinné pole";
const required = (...fields: string[]) => Object.fromEntries(fields.map((field) => [field, REQUIRED]));
/** An id-and-name entity: promise statuses, translation groups, workplaces. */
const named = (path: string, label: string): CrudEntity => ({
  path,
  create: (_, n) => ({ name: `  ${label} ${n}  ` }),
  created: (_, n) => ({ name: `${label} ${n}` }),
  update: (_, n) => ({ name: `${label} ${n} – upraveno` }),
  updated: (_, n) => ({ name: `${label} ${n} – upraveno` }),
  invalid: { body: {}, fields: required("name") },
});
/** An hour of work on a day of its own (no overlap with another log of the worker). */
const hourOn = (n: number, hours = 1) => {
  const start = new Date(Date.UTC(2025, 0, 1, 6) + n * 86_400_000);
  return { start: start.toISOString(), end: new Date(start.getTime() + hours * 3_600_000).toISOString() };
};

const ENTITIES: CrudEntity[] = [
  {
    path: "/api/vat",
    create: (_, n) => ({ rate: `${n % 90},5` }),
    created: (_, n) => ({ rate: (n % 90) + 0.5, active: true }),
    update: (_, n) => ({ rate: n % 90, active: false }),
    updated: (_, n) => ({ rate: n % 90, active: false, name: `${n % 90} %` }),
    invalid: { body: {}, fields: required("rate") },
  },
  {
    path: "/api/category",
    setup: async (ctx) => ({ parent: await createCategory(ctx.db) }),
    create: (refs, n) => ({ name: `Kategorie ${n}`, parent: { id: refs.parent } }),
    created: (refs, n) => ({ name: `Kategorie ${n}`, parent: { id: refs.parent } }),
    update: (_, n) => ({ name: `Kořen ${n}`, parent: null }),
    updated: (_, n) => ({ name: `Kořen ${n}`, parent: null }),
    invalid: { body: {}, fields: required("name") },
  },
  {
    path: "/api/products/category/parameters",
    setup: async (ctx) => ({ category: await createCategory(ctx.db) }),
    create: (refs, n) => ({ name: `Parametr ${n}`, categories: [refs.category], unit: "cm" }),
    created: (refs, n) => ({ name: `Parametr ${n}`, categories: [{ id: refs.category }], unit: "cm", required: false }),
    update: (_, n) => ({ name: `Parametr ${n}`, categories: [], unit: "mm", required: true }),
    updated: () => ({ categories: [], unit: "mm", required: true }),
    invalid: { body: { name: " ", unit: "km" }, fields: { name: REQUIRED, unit: "Jednotka musí být prázdná, nebo jedna z mm, cm, m, kg, g" } },
  },
  {
    path: "/api/products",
    setup: async (ctx) => ({ vat: await defaultVatId(ctx.db), category: await createCategory(ctx.db) }),
    create: (refs, n) => ({ name: `Produkt ${n}`, vat: refs.vat, categories: [{ id: refs.category }] }),
    created: (refs, n) => ({ name: `Produkt ${n}`, vat: { id: refs.vat }, categories: [{ id: refs.category }], storable: true }),
    update: (refs, n) => ({ name: `Produkt ${n} upravený`, vat: { id: refs.vat }, storable: false, weight: "2,5" }),
    updated: (_, n) => ({ name: `Produkt ${n} upravený`, categories: [], storable: false, weight: 2.5 }),
    invalid: { body: {}, fields: required("name", "vat") },
  },
  {
    path: "/api/settings/eshop",
    create: (_, n) => ({ name: `E-shop ${n}`, url: ` https://eshop-${n}.cz ` }),
    created: (_, n) => ({ name: `E-shop ${n}`, url: `https://eshop-${n}.cz` }),
    update: (_, n) => ({ name: `E-shop ${n} nový`, url: `https://novy-${n}.cz/obchod` }),
    updated: (_, n) => ({ name: `E-shop ${n} nový`, url: `https://novy-${n}.cz/obchod` }),
    invalid: { body: {}, fields: required("name", "url") },
  },
  {
    path: "/api/settings/shipping",
    create: (_, n) => ({ name: `Doprava ${n}`, price: "1 234,50" }),
    created: (_, n) => ({ name: `Doprava ${n}`, price: 1234.5, priceByDistance: false }),
    update: (_, n) => ({ name: `Doprava ${n}`, price: 0, priceByDistance: true }),
    updated: () => ({ price: 0, priceByDistance: true }),
    invalid: { body: {}, fields: required("name", "price") },
  },
  {
    path: "/api/settings/deliveryVan",
    create: (_, n) => ({ name: `Dodávka ${n}`, spz: plateFor(n).toLowerCase() }),
    created: (_, n) => ({ name: `Dodávka ${n}`, spz: plateFor(n).replace(" ", "") }),
    update: (_, n) => ({ name: `Valník ${n}`, spz: plateFor(n) }),
    updated: (_, n) => ({ name: `Valník ${n}`, spz: plateFor(n).replace(" ", "") }),
    invalid: { body: {}, fields: required("name", "spz") },
  },
  named("/api/settings/translationGroup", "Skupina"),
  {
    path: "/api/suppliers/supplier",
    create: (_, n) => ({ name: `Dodavatel ${n}`, email: `nakup${n}@dodavatel.cz` }),
    created: (_, n) => ({ name: `Dodavatel ${n}`, email: `nakup${n}@dodavatel.cz` }),
    update: (_, n) => ({ name: `Dodavatel ${n} a.s.`, email: `obchod${n}@dodavatel.cz` }),
    updated: (_, n) => ({ name: `Dodavatel ${n} a.s.`, email: `obchod${n}@dodavatel.cz` }),
    invalid: { body: {}, fields: required("name", "email") },
  },
  {
    path: "/api/orders/customers",
    create: (_, n) => ({ lastName: `Zákazník ${n}`, company: `Firma ${n} s.r.o.`, ico: icoFrom(7_000_000 + n), phone: "602 111 222", language: "en" }),
    created: (_, n) => ({ lastName: `Zákazník ${n}`, company: `Firma ${n} s.r.o.`, ico: icoFrom(7_000_000 + n), phone: "602 111 222", email: null, language: "en" }),
    update: (_, n) => ({ firstName: "Eva", lastName: `Zákaznice ${n}`, email: `eva${n}@example.cz` }),
    updated: (_, n) => ({ firstName: "Eva", lastName: `Zákaznice ${n}`, ico: null, email: `eva${n}@example.cz`, language: "cs" }),
    invalid: { body: {}, fields: { lastName: "Vyplňte příjmení nebo firmu", phone: "Vyplňte telefon, e-mail nebo IČO" } },
  },
  {
    path: "/api/settings/users",
    create: (_, n) => ({ firstName: "Petr", lastName: `Smluvní ${n}`, email: `smluvni${n}@ohrada.test`, kioskCardCode: `smlouva-${n}`, password: "tajne-heslo-1" }),
    created: (_, n) => ({ name: `Petr Smluvní ${n}`, email: `smluvni${n}@ohrada.test`, kioskCardCode: `SMLOUVA-${n}`, isAdmin: false, active: true }),
    update: (_, n) => ({ firstName: "Pavel", lastName: `Smluvní ${n}`, email: `pavel${n}@ohrada.test`, kioskCardCode: "", active: true }),
    updated: (_, n) => ({ name: `Pavel Smluvní ${n}`, email: `pavel${n}@ohrada.test`, kioskCardCode: null }),
    invalid: {
      body: {},
      fields: { ...required("firstName", "lastName", "email"), password: "Zadejte heslo (alespoň 8 znaků), nebo zaškrtněte Vygenerovat heslo" },
    },
    invalidUpdate: { body: {}, fields: required("firstName", "lastName", "email") },
  },
  {
    path: "/api/settings/kioskDevices",
    create: (_, n) => ({ name: `Kiosk ${n}` }),
    created: (_, n) => ({ name: `Kiosk ${n}`, state: "waiting" }),
    update: (_, n) => ({ name: `Kiosk ${n} v hale` }),
    updated: (_, n) => ({ name: `Kiosk ${n} v hale`, state: "waiting" }),
    invalid: { body: {}, fields: required("name") },
    // The one-time pairing link comes back with the id (docs/domain.md#kiosk-devices).
    idOf: (data: { id: number; pairingUrl: string }) => data.id,
  },
  named("/api/timesheets/workplace", "Pracoviště"),
  {
    path: "/api/timesheets/worktype",
    setup: async (ctx) => ({ workplace: await createWorkplace(ctx), other: await createWorkplace(ctx) }),
    create: (refs, n) => ({ name: `Činnost ${n}`, workplace: refs.workplace }),
    created: (refs, n) => ({ name: `Činnost ${n}`, workplace: { id: refs.workplace } }),
    update: (refs, n) => ({ name: `Činnost ${n}`, workplace: { id: refs.other } }),
    updated: (refs) => ({ workplace: { id: refs.other } }),
    invalid: { body: {}, fields: required("name", "workplace") },
  },
  {
    path: "/api/timesheets/worklog",
    setup: async (ctx) => ({ user: (await createUser(ctx)).id, workType: await createWorkType(ctx), other: await createWorkType(ctx) }),
    create: (refs, n) => ({ user: refs.user, workType: refs.workType, ...hourOn(n) }),
    created: (refs) => ({ user: { id: refs.user }, workType: { id: refs.workType }, hours: 1, source: "OFFICE" }),
    update: (refs, n) => ({ workType: { id: refs.other }, ...hourOn(n, 2.5) }),
    updated: (refs) => ({ user: { id: refs.user }, workType: { id: refs.other }, hours: 2.5 }),
    invalid: { body: {}, fields: required("user", "workType", "start", "end") },
    // The worker is read-only once the log exists.
    invalidUpdate: { body: {}, fields: required("workType", "start", "end") },
  },
  {
    path: "/api/warehouse",
    create: (_, n) => ({ name: `Sklad ${n}`, expedition: true, icon: "truck" }),
    created: (_, n) => ({ name: `Sklad ${n}`, expedition: true, icon: "truck" }),
    update: (_, n) => ({ name: `Sklad ${n}`, expedition: false }),
    updated: () => ({ expedition: false, icon: "fence" }),
    invalid: { body: {}, fields: required("name", "expedition") },
  },
  {
    path: "/api/warehouseRackScale",
    create: (_, n) => ({ name: `Regál ${n}`, extId: 200_000 + n }),
    created: (_, n) => ({ name: `Regál ${n}`, extId: 200_000 + n, lastWeight: null, lastWeightChange: null }),
    update: (_, n) => ({ name: `Regál ${n} B`, extId: 300_000 + n }),
    updated: (_, n) => ({ name: `Regál ${n} B`, extId: 300_000 + n }),
    invalid: { body: {}, fields: required("name", "extId") },
  },
  named("/api/orders/promiseStatus", "Stav"),
  {
    path: "/api/orders/defaultPromises",
    setup: async (ctx) => ({ status: await createPromiseStatus(ctx) }),
    create: (refs, n) => ({ status: refs.status, promise: `Zavolat ${n}`, daysToDeadline: "3", triggerOrderStatus: "MEASURED" }),
    created: (refs, n) => ({ status: { id: refs.status }, promise: `Zavolat ${n}`, daysToDeadline: 3, triggerOrderStatus: "MEASURED" }),
    update: (refs, n) => ({ status: { id: refs.status }, promise: `Zavolat ${n}`, daysToDeadline: 0, triggerOrderStatus: "CLOSED" }),
    updated: () => ({ daysToDeadline: 0, triggerOrderStatus: "CLOSED" }),
    invalid: { body: {}, fields: required("status", "promise", "daysToDeadline", "triggerOrderStatus") },
  },
  {
    path: "/api/orders/promise",
    setup: async (ctx) => ({ order: await createFenceOrder(ctx), status: await createPromiseStatus(ctx) }),
    create: (refs, n) => ({ order: refs.order, status: refs.status, deadline: "15.01.2027", promise: `Příslib ${n}` }),
    created: (refs, n) => ({ order: { id: refs.order }, status: { id: refs.status }, deadline: "2027-01-15", promise: `Příslib ${n}`, resolved: false }),
    update: (refs, n) => ({ order: refs.order, status: refs.status, created: "2027-01-01", deadline: "2027-02-01", promise: `Příslib ${n}`, resolved: true, solved: "2027-01-20" }),
    updated: () => ({ deadline: "2027-02-01", resolved: true, solved: "2027-01-20" }),
    invalid: { body: {}, fields: required("order", "status", "deadline", "promise") },
  },
  {
    path: "/api/suppliers/orders",
    setup: async (ctx) => ({ supplier: await createSupplier(ctx) }),
    create: (refs, n) => ({ name: `Objednávka ${n}`, supplier: refs.supplier }),
    created: (refs, n) => ({ name: `Objednávka ${n}`, supplier: { id: refs.supplier }, lineCount: 0, note: null }),
    update: (refs, n) => ({ name: `Objednávka ${n}`, supplier: { id: refs.supplier }, note: "Dodat do pátku" }),
    updated: () => ({ note: "Dodat do pátku" }),
    invalid: { body: {}, fields: required("name", "supplier") },
  },
  {
    path: "/api/orders/fenceOrder",
    create: (_, n) => ({ ...validFenceOrder, lastName: `Smluvní ${n}` }),
    created: (_, n) => ({ lastName: `Smluvní ${n}`, status: "PRICE_OFFER", vat: 21 }),
    update: (_, n) => ({ ...validFenceOrder, lastName: `Smluvní ${n}`, measurementDate: "2026-03-05" }),
    updated: () => ({ status: "MEASURED", measurementDate: "2026-03-05" }),
    invalid: {
      body: {},
      fields: required("firstName", "lastName", "phone", "email", "paymentRuleConfirmation", "paymentRuleDelivery", "paymentRuleCompletion", "delivery", "vat", "offerDate"),
    },
    // Orders are closed or canceled, never deleted (docs/domain.md#order-status).
    noDelete: true,
  },
  {
    path: "/api/orders/invoices",
    setup: async (ctx) => {
      await setUpInvoicing(ctx);
      return { order: (await createInvoiceOrder(ctx)).id };
    },
    create: (refs) => ({ orderId: refs.order, proforma: true }),
    created: (refs) => ({ kind: "PROFORMA", status: "OPEN", orderId: refs.order, total: 859.67, payable: 859.67 }),
    // What changes after issue is a payment; nothing the document prints.
    update: () => ({ payment: { amount: "100,00", paidOn: todayInPrague() } }),
    updated: () => ({ paid: 100, remainingToPay: 759.67, total: 859.67 }),
    invalid: { body: {}, fields: required("orderId") },
    invalidUpdate: { body: { payment: {} }, fields: required("payment.amount", "payment.paidOn") },
    deleteRefused: (invoice) => `Doklad ${invoice.invoiceNumber} nelze smazat: vystavené doklady se nemažou ani nepřečíslují, fakturu zrušte dobropisem`,
  },
];

/** Paths that answer the generic calls of a path above, one router mounted twice (docs/domain.md#promises). */
const ALIASES: Record<string, string> = { "/api/orders/promises": "/api/orders/promise" };

test("every path answering the generic GET P and PUT P/:id is in the table", () => {
  const routes = new Set(t.current.app.routes.map((route) => `${route.method} ${route.path}`));
  const generic = [...routes].flatMap((route) => {
    const path = /^PUT (\/api\/.+)\/:id\{\[0-9\]\+\}$/.exec(route)?.[1];
    return path && routes.has(`GET ${path}`) ? [path] : [];
  });
  const covered = new Set([...ENTITIES.map((entity) => entity.path), ...Object.keys(ALIASES)]);
  expect(generic.filter((path) => !covered.has(path))).toEqual([]);
  expect(generic.length).toBe(covered.size);
});

let admin: Session;
const session = async () => (admin ??= await t.current.login({ admin: true }));
const call = async (path: string, method = "GET", body?: unknown) => (await session()).api(path, { method, json: body });
const NOT_FOUND = { status: "error", code: "NOT_FOUND" };

/** Ids no row has: one never issued, two beyond the integer column, and 0. */
const MISSING_IDS = ["2000000000", "2147483648", "99999999999", "0"];

for (const entity of ENTITIES) {
  describe(`the CRUD contract of ${entity.path}`, () => {
    let refs: Promise<Refs> | undefined;
    const setup = () => (refs ??= entity.setup?.(t.current.ctx) ?? Promise.resolve({}));
    const total = async () => (await okJson<ListBody<unknown>>(await call(`${entity.path}?size=1`))).meta.total;
    const get = async (id: number) => (await okJson(await call(`${entity.path}/${id}`))).data;

    /** POST: 201, `success`, and the new id as data. */
    async function create(): Promise<{ id: number; n: number }> {
      const n = nextNumber();
      const response = await call(entity.path, "POST", entity.create(await setup(), n));
      const answer = await json(response);
      expect(response.status, JSON.stringify(answer)).toBe(201);
      expect(answer.status).toBe("success");
      const id = entity.idOf ? entity.idOf(answer.data) : answer.data;
      expect(Number.isInteger(id) && id > 0).toBe(true);
      return { id, n };
    }

    test("POST creates: 201 with the new id; GET :id answers the entity", async () => {
      const { id, n } = await create();
      const answer = await okJson(await call(`${entity.path}/${id}`));
      expect(answer.status).toBe("success");
      expect(answer.data).toMatchObject({ id, ...entity.created(await setup(), n) });
    });

    test("GET lists in the envelope with paging in meta", async () => {
      const { id } = await create();
      await create();
      const page = await okJson<ListBody<{ id: number }>>(await call(`${entity.path}?size=1&page=2`));
      expect(page.status).toBe("success");
      expect(page.data).toHaveLength(1);
      expect(page.meta).toMatchObject({ page: 2, size: 1, pages: page.meta.total });
      expect(page.meta.total).toBeGreaterThanOrEqual(2);
      expect(typeof page.meta.sort).toBe("string");
      const one = await okJson<ListBody<{ id: number }>>(await call(`${entity.path}?id=${id}`));
      expect(one.data.map((row) => row.id)).toEqual([id]);
      expect(one.meta).toMatchObject({ page: 1, size: 20, total: 1, pages: 1 });
    });

    test("PUT :id updates and answers the entity, which a later GET sees; an id in the body is ignored", async () => {
      const { id, n } = await create();
      const answer = await okJson(await call(`${entity.path}/${id}`, "PUT", { ...entity.update(await setup(), n), id: 2_000_000_000 }));
      expect(answer.status).toBe("success");
      expect(answer.data).toMatchObject({ id, ...entity.updated(await setup(), n) });
      expect(await get(id)).toMatchObject(answer.data);
    });

    if (entity.deleteRefused) {
      test("DELETE :id answers 422 fail saying why, and the row stays", async () => {
        const { id } = await create();
        const before = await get(id);
        const response = await call(`${entity.path}/${id}`, "DELETE");
        expect({ status: response.status, body: await json(response) }).toEqual({ status: 422, body: { status: "fail", code: "VALIDATION", data: [entity.deleteRefused!(before)], fields: {} } });
        expect(await get(id)).toEqual(before);
      });
    } else if (!entity.noDelete) {
      test("DELETE :id deletes: success, and the row is gone", async () => {
        const { id } = await create();
        const before = await total();
        expect(await okJson(await call(`${entity.path}/${id}`, "DELETE"))).toEqual({ status: "success", data: null });
        expect(await total()).toBe(before - 1);
        const gone = await call(`${entity.path}/${id}`);
        expect({ status: gone.status, body: await json(gone) }).toEqual({ status: 404, body: NOT_FOUND });
      });
    } else {
      test("DELETE :id is not offered: the row stays", async () => {
        const { id } = await create();
        expect((await call(`${entity.path}/${id}`, "DELETE")).status).toBe(404);
        expect((await get(id)).id).toBe(id);
      });
    }

    test("a missing id answers 404 NOT_FOUND on GET, PUT and DELETE, and changes nothing", async () => {
      const before = await total();
      const body = entity.update(await setup(), nextNumber());
      const methods = entity.noDelete ? ["GET", "PUT"] : ["GET", "PUT", "DELETE"];
      for (const id of MISSING_IDS) {
        for (const method of methods) {
          const response = await call(`${entity.path}/${id}`, method, method === "PUT" ? body : undefined);
          expect({ id, method, status: response.status, body: await json(response) }).toEqual({ id, method, status: 404, body: NOT_FOUND });
        }
      }
      expect(await total()).toBe(before);
    });

    test("an invalid POST answers 422 fail with readable messages and fields; nothing is saved", async () => {
      await setup();
      const before = await total();
      await expectFieldErrors(await call(entity.path, "POST", entity.invalid.body), entity.invalid.fields);
      expect(await total()).toBe(before);
    });

    test("an invalid PUT answers 422 fail with readable messages and fields; the row stays as it was", async () => {
      const { id } = await create();
      const before = await get(id);
      const invalid = entity.invalidUpdate ?? entity.invalid;
      await expectFieldErrors(await call(`${entity.path}/${id}`, "PUT", invalid.body), invalid.fields);
      expect(await get(id)).toEqual(before);
    });
  });
}

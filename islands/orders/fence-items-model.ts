/**
 * The items editor's form model (docs/domain.md#items-tab): the tab as the office types it (text as typed,
 * so "1 234,5" survives until it is saved), what the engine reads from it, the body of one
 * `editItems` save, the checks before sending, and the texts the editor asks the server for.
 * Pure and browser-safe; the editor (fence-items-editor.tsx) holds it in React state.
 */
import { formatCzechDate } from "@/lib/dates";
import type { Message } from "@/lib/errors";
import { parseDecimal } from "@/lib/money";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/constants";
import {
  type FenceItemComputation,
  type FenceItemFields,
  FENCE_ITEM_ENUMS,
  isHinged,
  isSliding,
  isTwoWing,
  requiredFieldsFor,
  SUB_PRODUCT_TO_CHOOSE,
} from "@/modules/orders/fence-item/engine";
import type { EditorFenceItem, EditorItemsTab, OtherItemAnswer } from "@/modules/orders/fence-item/schemas";

export interface Ref {
  id: number;
  name: string;
}

/** A fence item as typed: `v` holds every field of FIELD_KINDS (text as typed, booleans as ticked). */
export interface ItemDraft {
  /** React key; a new row's tmpId. */
  key: string;
  id: number | null;
  v: Record<string, string | boolean>;
  product: Ref | null;
  manufactured: Ref | null;
  /** Creation values the office entered for the product's variant (dynamic products). */
  parameters: { id: number; value: string }[];
  subs: SubDraft[];
}

export interface SubDraft {
  key: string;
  id: number | null;
  category: number | null;
  /** null: still to choose (sent as SUB_PRODUCT_TO_CHOOSE). */
  product: Ref | null;
  amount: string;
  unitPrice: string;
  invoiceName: string;
  itemType: string | null;
}

/** An other or assembly line. Product -1 is the virtual "new custom" product (decision 009). */
export interface LineDraft {
  key: string;
  id: number | null;
  product: Ref | null;
  attention: boolean;
  amount: string;
  unitPrice: string;
  invoiceName: string;
  url: string;
  storable: boolean;
}

export interface OfferDraft {
  shippingType: string;
  shippingDistance: string;
  shippingUnitPrice: string;
  discountDescription: string;
  discountAmount: string;
  note: string;
  measurementDate: string;
}

export interface Draft {
  items: ItemDraft[];
  otherItems: LineDraft[];
  assemblyItems: LineDraft[];
  offer: OfferDraft;
}

export type LineList = "otherItems" | "assemblyItems";
type EnumName = keyof typeof FENCE_ITEM_ENUMS;
export type FieldKind = "mm" | "dec" | "int" | "text" | "bool" | EnumName;

const mm = (names: string[]) => Object.fromEntries(names.map((name) => [name, "mm" as const]));
const sides = (prefix: string) => ["LeftUpper", "LeftLower", "RightUpper", "RightLower"].map((side) => prefix + side);

/** Every field of a fence item the form edits (docs/domain.md#fence-item), the product aside, by the input it takes. */
export const FIELD_KINDS: Record<string, FieldKind> = {
  productType: "productType",
  color: "text",
  amount: "dec",
  m2price: "dec",
  invoiceName: "text",
  installationPosition: "text",
  distancingType: "distancingType",
  actualSlatCount: "int",
  actualSlatCountAlt: "int",
  fieldCount: "int",
  lockType: "lockType",
  wheelsType: "wheelsType",
  openingType: "openingType",
  hingeType: "hingeType",
  gateOpeningType: "gateOpeningType",
  driveOpening: "driveOpening",
  wingRelation: "wingRelation",
  reinforcementPostType: "reinforcementPostType",
  doorHandleInner: "doorHandleType",
  doorHandleOuter: "doorHandleType",
  ...Object.fromEntries(
    ["finalMeasurement", "readNote", "rectangularShape", "undividedFilling", "hookLock", "lockInner", "lockOuter", "gateDropRod", "reinforcementPost"].map((name) => [name, "bool" as const]),
  ),
  ...mm(["height", "length", "lengthBottom", "lengthTop", "distanceFromGround", "distanceFromTop", "spacerHeight", "spacerHeightAlt", "openingSize", "totalGateLength"]),
  ...mm(["driveMountSize", "driveMountPosition", "hingeWidth", "wicketPartWidth", "solidPartWidth", "doorHandleHeight", "gateDropRodLength"]),
  ...mm([...sides("elevation"), ...sides("extension"), "extensionDH", "extensionDS", "extensionPH", "extensionPS"]),
};

/** FIELD_KINDS as pairs, made once: every item's draft and engine fields walk them (30 items on each render). */
const FIELD_KIND_ENTRIES = Object.entries(FIELD_KINDS);

/** The item's form in sections, in Tab order. `product` is the product picker. */
export const SECTIONS = {
  sectionBasic: ["productType", "product", "color", "amount", "height", "length", "m2price", "distanceFromGround", "distanceFromTop", "invoiceName", "installationPosition", "rectangularShape", "lengthBottom", "lengthTop", "finalMeasurement", "readNote"],
  sectionSlats: ["distancingType", "spacerHeight", "actualSlatCount", "spacerHeightAlt", "actualSlatCountAlt", "fieldCount", "undividedFilling"],
  sectionConstruction: [
    "gateOpeningType", "driveOpening", "openingType", "wingRelation", "wicketPartWidth", "solidPartWidth", "hingeType", "hingeWidth", "lockType", "hookLock", "wheelsType",
    "openingSize", "totalGateLength", "driveMountSize", "driveMountPosition", "doorHandleHeight", "doorHandleInner", "doorHandleOuter", "lockInner", "lockOuter",
    "gateDropRod", "gateDropRodLength", "reinforcementPost", "reinforcementPostType",
  ],
  sectionElevation: [...sides("elevation"), ...sides("extension"), "extensionDH", "extensionDS", "extensionPH", "extensionPS"],
} as const;
export type SectionName = keyof typeof SECTIONS;

/** Fields any item shows; a product type adds its own (and what requiredFieldsFor asks for). */
const ALWAYS_SHOWN = ["productType", "product", "color", "amount", "height", "length", "m2price", "distanceFromGround", "distanceFromTop", "invoiceName", "installationPosition", "finalMeasurement", "readNote"];

/** The fields the form shows for the item as it stands: its type's fields and every required one. */
export function shownFields(fields: FenceItemFields & Record<string, unknown>): Set<string> {
  const type = fields.productType;
  const shown = new Set<string>([...ALWAYS_SHOWN, ...requiredFieldsFor(fields)]);
  const add = (...names: string[]) => names.forEach((name) => shown.add(name));
  if (!type || type === "CUSTOM") return shown;
  add("rectangularShape", "distancingType", "spacerHeight", "actualSlatCount", "reinforcementPost", ...SECTIONS.sectionElevation);
  if (fields.rectangularShape === false) add("lengthBottom", "lengthTop");
  if (type !== "FENCE") add("fieldCount", "undividedFilling");
  if (isTwoWing(type)) add("spacerHeightAlt", "actualSlatCountAlt");
  if (isSliding(type)) add("hookLock");
  if (isHinged(type)) add("doorHandleHeight", "doorHandleInner", "doorHandleOuter", "lockInner", "lockOuter", "gateDropRod", "hookLock");
  return shown;
}

// ---- from the GET to the form, and from the form to the engine --------------------------------------

/** A number as the office types it back: decimal comma, no grouping. */
export const numText = (value: number | null | undefined): string => (value === null || value === undefined ? "" : String(value).replace(".", ","));

/** Typed text → number: blank is undefined, "1 234,5" is 1234.5, anything else NaN (the engine reads NaN as empty). */
export function parseNum(text: string | boolean | undefined): number | undefined {
  // Most of an item's fields are empty, and whole numbers as the page writes them back are the rest:
  // the editor reads every field of every item on each render (30 items: 1,800 calls).
  if (typeof text !== "string" || text === "") return undefined;
  if (PLAIN_INTEGER.test(text)) return Number(text);
  if (!text.replace(/[\s\u00a0]/g, "")) return undefined;
  return parseDecimal(text);
}
const PLAIN_INTEGER = /^-?\d{1,15}$/;

/** A new row's key and tmpId (randomUUID needs a secure context; getRandomValues does not). */
export function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A field's value in a new item: boxes unticked but the rectangular shape, one piece, the rest empty. */
const EMPTY_VALUES: Readonly<Record<string, string | boolean>> = Object.fromEntries(
  FIELD_KIND_ENTRIES.map(([name, kind]) => [name, kind === "bool" ? name === "rectangularShape" : name === "amount" ? "1" : ""]),
);

export function emptyItem(key: string): ItemDraft {
  return { key, id: null, v: { ...EMPTY_VALUES }, product: null, manufactured: null, parameters: [], subs: [] };
}

function itemDraft(item: EditorFenceItem): ItemDraft {
  const values = item as unknown as Record<string, unknown>;
  const v: Record<string, string | boolean> = {};
  // A stored item has every field it was saved with; one left out is empty, the amount too.
  for (const [name, kind] of FIELD_KIND_ENTRIES) {
    const value = values[name];
    if (kind === "bool") v[name] = typeof value === "boolean" ? value : EMPTY_VALUES[name]!;
    else v[name] = typeof value === "number" ? numText(value) : typeof value === "string" ? value : "";
  }
  return {
    key: `i${item.id}`,
    v,
    id: item.id,
    product: item.product,
    manufactured: item.manufacturedProduct,
    parameters: item.parameters,
    subs: item.subProducts.map((line) => ({
      key: `s${line.id}`,
      id: line.id,
      category: line.productCategory?.id ?? null,
      product: line.product,
      amount: numText(line.amount),
      unitPrice: numText(line.unitPrice),
      invoiceName: line.invoiceName ?? "",
      itemType: line.itemType,
    })),
  };
}

const lineDraft = (line: OtherItemAnswer): LineDraft => ({
  key: `l${line.id}`,
  id: line.id,
  product: line.product,
  attention: line.attention,
  amount: numText(line.amount),
  unitPrice: numText(line.unitPrice),
  invoiceName: line.invoiceName ?? "",
  url: line.url ?? "",
  storable: line.storable ?? false,
});

export type { EditorFenceItem, EditorItemsTab };

/** The tab as the GET answers it (or as the page gives it) → the form. */
export function draftOf(tab: EditorItemsTab, defaultDiscount: string): Draft {
  return {
    items: tab.items.map(itemDraft),
    otherItems: tab.otherItems.map(lineDraft),
    assemblyItems: tab.assemblyItems.map(lineDraft),
    offer: {
      shippingType: tab.shippingType ? String(tab.shippingType.id) : "",
      shippingDistance: numText(tab.shippingDistance),
      shippingUnitPrice: numText(tab.shippingUnitPrice),
      discountDescription: tab.discountDescription ?? defaultDiscount,
      discountAmount: numText(tab.discountAmount),
      note: tab.note ?? "",
      measurementDate: formatCzechDate(tab.measurementDate),
    },
  };
}

/**
 * What the engine reads of an item (and the booleans the form shows fields by): each measure a
 * number of mm from here on, as the save sends it, the row keeps it and the engine reads it
 * (docs/decisions/048-order-read-model.md); only the input holds it as typed text.
 */
export function engineFields(item: ItemDraft): FenceItemFields & Record<string, unknown> {
  const fields: Record<string, unknown> = { product: item.product?.id };
  for (const [name, read] of ENGINE_READERS) fields[name] = read(item.v[name]);
  return fields as FenceItemFields & Record<string, unknown>;
}

const readBox = (value: string | boolean | undefined) => value === true;
const readText = (value: string | boolean | undefined) => (value === "" ? undefined : value);
/** How the engine reads each field, chosen once per field rather than per item and render. */
const ENGINE_READERS = FIELD_KIND_ENTRIES.map(([name, kind]) => [name, kind === "bool" ? readBox : kind === "text" || kind in FENCE_ITEM_ENUMS ? readText : parseNum] as const);

// ---- the save -----------------------------------------------------------------------------------

const rowId = (row: { id: number | null; key: string }) => (row.id ? { id: row.id } : { tmpId: row.key });

/**
 * One `editItems` body (without its idempotency key): the whole tab. A fence item's fields go as the
 * engine read them (`engineFields`: measures in mm as numbers; a number that could not be read is
 * NaN, which the checks before sending refuse); the other lines and the offer's fields as typed
 * (the schema reads decimal commas and dd.mm.yyyy).
 */
export function payloadOf(draft: Draft, creationIds: (productId: number) => Set<number> | null) {
  const line = (row: LineDraft) => ({
    ...rowId(row),
    product: row.product?.id,
    amount: row.amount,
    unitPrice: row.unitPrice,
    invoiceName: row.invoiceName,
    ...(row.product?.id === VIRTUAL_CUSTOM_PRODUCT_ID ? { url: row.url, storable: row.storable } : {}),
  });
  const { offer } = draft;
  return {
    items: draft.items.map((item) => {
      const known = item.product ? creationIds(item.product.id) : null;
      return {
        ...rowId(item),
        ...engineFields(item),
        product: item.product?.id ?? null,
        parameters: item.parameters.filter((value) => value.value.trim() !== "" && (!known || known.has(value.id))),
        subProducts: item.subs.map((sub) => ({
          ...rowId(sub),
          productCategory: sub.category,
          itemType: sub.itemType,
          product: sub.product?.id ?? SUB_PRODUCT_TO_CHOOSE,
          amount: sub.amount,
          unitPrice: sub.unitPrice,
          invoiceName: sub.invoiceName,
        })),
      };
    }),
    otherItems: draft.otherItems.map(line),
    assemblyItems: draft.assemblyItems.map(line),
    shippingType: offer.shippingType ? Number(offer.shippingType) : null,
    shippingDistance: offer.shippingDistance,
    shippingUnitPrice: offer.shippingUnitPrice,
    discountDescription: offer.discountDescription,
    discountAmount: offer.discountAmount,
    note: offer.note,
    measurementDate: offer.measurementDate,
  };
}

/**
 * The shared schema's refusals of the save's payload, keyed by the server's bracket paths. The
 * schema and zod load on the first save, not with the tab: they are a fifth of its JavaScript
 * (docs/decisions/020-items-editor.md, its budget).
 */
export async function schemaProblemsOf(payload: unknown): Promise<Record<string, Message>> {
  const [{ editItemsInput }, { issueFields }] = await Promise.all([import("@/modules/orders/fence-item/schemas"), import("@/lib/validation")]);
  const parsed = editItemsInput.safeParse(payload);
  return parsed.success ? {} : issueFields(parsed.error.issues, { style: "brackets" });
}

/**
 * What the server would refuse, checked before sending (docs/domain.md#fence-item-validation: an
 * invalid form is not submitted): the schema's formats (`schemaProblems`, from schemaProblemsOf),
 * the engine's required fields and fillings, a sub-product still to choose, a custom line without
 * its name. Keyed by the server's bracket paths.
 */
export function problemsOf(draft: Draft, schemaProblems: Record<string, Message>, computed: readonly FenceItemComputation[]): Record<string, Message> {
  const problems: Record<string, Message> = { ...schemaProblems };
  const flag = (path: string, key: string, values?: Record<string, unknown>) => {
    problems[path] ??= { key, values };
  };
  computed.forEach((result, index) => result.validation.errors.forEach((issue) => flag(`items[${index}].${issue.field}`, issue.message, issue.params)));
  draft.items.forEach((item, index) => item.subs.forEach((sub, j) => !sub.product && flag(`items[${index}].subProducts[${j}].product`, "validation.required")));
  for (const list of ["otherItems", "assemblyItems"] as const) {
    draft[list].forEach((row, index) => {
      if (row.product?.id === VIRTUAL_CUSTOM_PRODUCT_ID && !row.invoiceName.trim()) flag(`${list}[${index}].invoiceName`, "validation.required");
    });
  }
  return problems;
}

/** A new row's tmpId paired with its id, as the save answers them: the rows keep their place and become saved ones. */
export function withIds(draft: Draft, ids: readonly { tmpId: string; id: number }[]): Draft {
  const byTmp = new Map(ids.map((pair) => [pair.tmpId, pair.id]));
  const fix = <T extends { key: string; id: number | null }>(row: T): T => (row.id === null && byTmp.has(row.key) ? { ...row, id: byTmp.get(row.key)! } : row);
  return {
    ...draft,
    items: draft.items.map((item) => ({ ...fix(item), subs: item.subs.map(fix) })),
    otherItems: draft.otherItems.map(fix),
    assemblyItems: draft.assemblyItems.map(fix),
  };
}

/** The reloaded tab keeps the keys its rows had in the form, so React keeps them (and the open item stays open). */
export function keepKeys(fresh: Draft, current: Draft): Draft {
  const keys = new Map<string, string>();
  const note = (prefix: string, rows: { id: number | null; key: string }[]) => rows.forEach((row) => row.id !== null && keys.set(`${prefix}${row.id}`, row.key));
  note("i", current.items);
  note("s", current.items.flatMap((item) => item.subs));
  note("l", [...current.otherItems, ...current.assemblyItems]);
  const keyed = <T extends { id: number | null; key: string }>(prefix: string, row: T): T => ({ ...row, key: keys.get(`${prefix}${row.id}`) ?? row.key });
  return {
    ...fresh,
    items: fresh.items.map((item) => ({ ...keyed("i", item), subs: item.subs.map((sub) => keyed("s", sub)) })),
    otherItems: fresh.otherItems.map((line) => keyed("l", line)),
    assemblyItems: fresh.assemblyItems.map((line) => keyed("l", line)),
  };
}

/** A bracket path of the save → where it is in the form. */
export function placeOf(path: string): { list: string; index: number; sub: number | null; field: string } | null {
  const match = /^(items|otherItems|assemblyItems)\[(\d+)\](?:\.subProducts\[(\d+)\])?(?:\.(\w+))?/.exec(path);
  if (!match) return null;
  return { list: match[1]!, index: Number(match[2]), sub: match[3] === undefined ? null : Number(match[3]), field: match[4] ?? "" };
}

const COMPUTED_FIELDS = ["realFillingHeight", "realFillingWidth", "realGatePartFillingWidth", "realSolidPartFillingWidth", "fieldFillingWidth", "fieldFillingWidthAlt"];
/** The read-only numbers beside an item, in the order shown. */
export const COMPUTED = [...COMPUTED_FIELDS, "slatCount", "tail", "slatCountAlt", "tailAlt", "weight", "totalWeight", "area", "totalArea", "unitPrice", "totalPrice"] as const;

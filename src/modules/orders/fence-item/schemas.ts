/**
 * zod inputs of a fence item and of the spacer calculator (docs/domain.md#fence-item,
 * docs/domain.md#fence-item-validation). Browser-safe: zod, the shared field builders and this
 * folder's constants. The server parses `editItems` with `fenceItemInput`; the island may parse
 * drafts with `fenceItemDraftInput` (no required rules).
 *
 * Derived numbers a client sends (unitPrice, totalPrice, realFilling…, tail…) are not read:
 * unknown keys are stripped and the engine recomputes them, so a client total that lies is lost.
 */
import { z } from "zod";
import { booleanField, boundedArray, dateField, decimalField, httpUrlField, idempotencyKeyField, integerField, optionalRefId, optionalText, refId } from "@/lib/zod-fields";
import { parameterValueField, VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import {
  DISTANCING_TYPES,
  DOOR_HANDLE_TYPES,
  DRIVE_OPENINGS,
  GATE_OPENING_TYPES,
  HINGE_TYPES,
  LOCK_TYPES,
  OPENING_TYPES,
  PRODUCT_TYPES,
  type AssemblyRole,
  type OtherItemType,
  REINFORCEMENT_POST_TYPES,
  SUB_PRODUCT_TO_CHOOSE,
  WHEELS_TYPES,
  WING_RELATIONS,
} from "./constants";
import { missingRequiredFields } from "./rules";
import type { FenceGeometry } from "./geometry";
import type { FenceParameters } from "./parameters";
import type { FenceItemFields } from "./types";
import type { FenceItemValidation } from "./validation";

export * from "./constants";

const blank = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

/** Limits that keep a typo out (a 10 m high fence, a 100 m long gate are not products) and the arithmetic small. */
const MAX_HEIGHT_MM = 10_000;
const MAX_LENGTH_MM = 100_000;

/** A measure in mm: blank is none; at most one decimal (the database keeps numeric(10,1)), never below 0. */
const millimetres = (max = MAX_LENGTH_MM, places = 1) => z.preprocess(blank, decimalField({ min: 0, max, places }).optional());
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values, { error: "validation.invalid" }).optional());

/** Amounts (numeric(12,3)) and prices in Kč (numeric(14,2)) of every line of the tab. */
const amountField = () => decimalField({ min: 0, max: 999_999, places: 3 });
const priceField = () => decimalField({ min: 0, max: 99_999_999.99, places: 2 });
const optionalAmount = () => z.preprocess(blank, amountField().optional());
const optionalPrice = () => z.preprocess(blank, priceField().optional());

/** A new row's temporary id until it is saved (docs/domain.md#item-ids); the save answers it paired with the row's id. */
const tmpIdField = () => optionalText(100);

/** A list of rows; missing or null is none, at most 500 (the tab's largest list is far shorter). */
const listOf = <S extends z.ZodType>(row: S) =>
  z.preprocess((value) => (value === undefined || value === null ? [] : value), boundedArray(row));

/**
 * A sub-product line of a fence item (docs/domain.md#sub-products). Its product may be SUB_PRODUCT_TO_CHOOSE (-2),
 * which the save refuses ("needs a product"), as it does removing the last line of a category.
 */
export const subProductInput = z.object({
  id: optionalRefId(),
  tmpId: tmpIdField(),
  productCategory: optionalRefId(),
  productCategoryName: optionalText(200),
  itemType: optionalText(40),
  product: optionalRefId({ sentinels: [SUB_PRODUCT_TO_CHOOSE] }),
  amount: optionalAmount(),
  unitPrice: optionalPrice(),
  invoiceName: optionalText(200),
});
export type SubProductInput = z.output<typeof subProductInput>;

/** A creation parameter's value for the item's manufactured variant (dynamic products); `{id, value}`. */
const creationValueInput = z.object({ id: refId(), value: parameterValueField() });

const fenceItemObject = z.object({
  id: optionalRefId(),
  /** A new item's temporary id until it is saved (docs/domain.md#item-ids). */
  tmpId: tmpIdField(),
  productType: z.preprocess(
    blank,
    z.enum(PRODUCT_TYPES, { error: (issue) => (issue.input === undefined ? "validation.required" : "validation.invalid") }),
  ),
  product: optionalRefId(),
  manufacturedProduct: optionalRefId(),
  color: optionalText(100),
  height: millimetres(MAX_HEIGHT_MM),
  length: millimetres(),
  lengthBottom: millimetres(),
  lengthTop: millimetres(),
  amount: optionalAmount(),
  m2price: optionalPrice(),
  invoiceName: optionalText(200),
  finalMeasurement: booleanField(false),
  readNote: booleanField(false),
  spacerHeight: millimetres(1000, 2),
  spacerHeightAlt: millimetres(1000, 2),
  actualSlatCount: z.preprocess(blank, integerField({ min: 0, max: 1000 }).optional()),
  actualSlatCountAlt: z.preprocess(blank, integerField({ min: 0, max: 1000 }).optional()),
  distancingType: optionalEnum(DISTANCING_TYPES),
  distanceFromGround: millimetres(MAX_HEIGHT_MM),
  distanceFromTop: millimetres(MAX_HEIGHT_MM),
  installationPosition: optionalText(200),
  openingSize: millimetres(),
  driveMountSize: millimetres(MAX_HEIGHT_MM),
  driveMountPosition: millimetres(MAX_HEIGHT_MM),
  elevationLeftUpper: millimetres(MAX_HEIGHT_MM),
  elevationLeftLower: millimetres(MAX_HEIGHT_MM),
  elevationRightUpper: millimetres(MAX_HEIGHT_MM),
  elevationRightLower: millimetres(MAX_HEIGHT_MM),
  extensionDH: millimetres(MAX_HEIGHT_MM),
  extensionDS: millimetres(MAX_HEIGHT_MM),
  extensionPH: millimetres(MAX_HEIGHT_MM),
  extensionPS: millimetres(MAX_HEIGHT_MM),
  extensionLeftUpper: millimetres(MAX_HEIGHT_MM),
  extensionLeftLower: millimetres(MAX_HEIGHT_MM),
  extensionRightUpper: millimetres(MAX_HEIGHT_MM),
  extensionRightLower: millimetres(MAX_HEIGHT_MM),
  lockType: optionalEnum(LOCK_TYPES),
  wheelsType: optionalEnum(WHEELS_TYPES),
  hookLock: booleanField(false),
  openingType: optionalEnum(OPENING_TYPES),
  totalGateLength: millimetres(),
  doorHandleInner: optionalEnum(DOOR_HANDLE_TYPES),
  doorHandleOuter: optionalEnum(DOOR_HANDLE_TYPES),
  lockInner: booleanField(false),
  lockOuter: booleanField(false),
  /** docs/domain.md#fence-item-validation: at least 0. */
  doorHandleHeight: millimetres(MAX_HEIGHT_MM),
  rectangularShape: booleanField(true),
  hingeType: optionalEnum(HINGE_TYPES),
  hingeWidth: millimetres(1000),
  reinforcementPost: booleanField(false),
  reinforcementPostType: optionalEnum(REINFORCEMENT_POST_TYPES),
  gateOpeningType: optionalEnum(GATE_OPENING_TYPES),
  gateDropRod: booleanField(false),
  gateDropRodLength: millimetres(MAX_HEIGHT_MM),
  wicketPartWidth: millimetres(),
  solidPartWidth: millimetres(),
  driveOpening: optionalEnum(DRIVE_OPENINGS),
  wingRelation: optionalEnum(WING_RELATIONS),
  fieldCount: z.preprocess(blank, integerField({ min: 1, max: 20 }).optional()),
  undividedFilling: booleanField(false),
  subProducts: listOf(subProductInput),
  /**
   * Values of the product's creation parameters that no item field gives (height, length and
   * colour come from the item itself; see creation.ts). The server makes the variant from them.
   */
  parameters: listOf(creationValueInput),
});

/** A fence item as typed so far: formats and ranges only, no required rules (the island's live parse). */
export const fenceItemDraftInput = fenceItemObject;
export type FenceItemDraft = z.output<typeof fenceItemDraftInput>;

/** A fence item to save: formats, ranges and the required fields of its type (docs/domain.md#fence-item-validation), each on its own path. */
export const fenceItemInput = fenceItemObject.superRefine((item, context) => {
  for (const field of missingRequiredFields(item)) context.addIssue({ code: "custom", path: [field], message: "validation.required" });
});
export type FenceItemInput = z.output<typeof fenceItemInput>;

// The engine reads what the schema gives: a parsed item is an engine input as it is.
const parsedItemIsEngineInput = (item: FenceItemInput): FenceItemFields => item;
void parsedItemIsEngineInput;

/** The spacer calculator's form (page and dialog); Z1 and Z2 are the spaces kept under and above the slats. */
export const spacerCalculatorInput = z
  .object({
    height: decimalField({ min: 0, max: MAX_HEIGHT_MM, places: 2 }),
    slatHeight: decimalField({ min: 0.01, max: MAX_HEIGHT_MM, places: 2 }),
    spacer: decimalField({ min: 0, max: 1000, places: 2 }),
    z1: z.preprocess(blank, decimalField({ min: 0, max: MAX_HEIGHT_MM, places: 2 }).optional()),
    z2: z.preprocess(blank, decimalField({ min: 0, max: MAX_HEIGHT_MM, places: 2 }).optional()),
  })
  .superRefine((value, context) => {
    if ((value.z1 ?? 0) + (value.z2 ?? 0) > value.height) {
      context.addIssue({ code: "custom", path: ["z2"], message: "fenceItem.spacer.offsetsTooLarge", params: { height: value.height } });
    }
  });
export type SpacerCalculatorFormInput = z.output<typeof spacerCalculatorInput>;

// ---- the items tab: editItems (docs/domain.md#items-tab) ---------------------------------------

/**
 * An other or assembly item (docs/domain.md#other-items): product, amount and unit price required. Product -1
 * is the virtual "new custom" product (decision 009): no product row, its own name (invoiceName,
 * then required), url and storable; for a real product url and storable are not kept.
 */
export const otherItemInput = z.object({
  id: optionalRefId(),
  tmpId: tmpIdField(),
  product: refId({ sentinels: [VIRTUAL_CUSTOM_PRODUCT_ID] }),
  amount: amountField(),
  unitPrice: priceField(),
  invoiceName: optionalText(200),
  url: z.preprocess(blank, httpUrlField().optional()),
  storable: booleanField(false),
});
export type OtherItemInput = z.output<typeof otherItemInput>;

/**
 * `PUT /api/orders/fenceOrder/:id/items`: the whole items tab in one save. Fence items are checked
 * here for formats only; their required fields and fillings are the engine's validation (one rule
 * set with the island). A list or field left out keeps what is stored; a list sent replaces the
 * stored one (rows with an id are updated, rows without one are created, the rest are removed).
 * Read-only and derived values a client sends (prices, totals, shippingPrice) are not read.
 */
export const editItemsInput = z.object({
  idempotencyKey: idempotencyKeyField(),
  /**
   * The tab's version the client loaded (`itemsVersion` of the GET): a save over a newer one is
   * refused with 409 CONFLICT. Required over HTTP; in-process writers may leave it out
   * (docs/decisions/034-items-tab-version.md).
   */
  itemsVersion: z.preprocess(blank, integerField({ min: 1 }).optional()),
  items: listOf(fenceItemDraftInput),
  otherItems: listOf(otherItemInput),
  assemblyItems: listOf(otherItemInput),
  shippingType: optionalRefId(),
  /** km (or what the type is priced by); numeric(10,2). */
  shippingDistance: z.preprocess(blank, decimalField({ min: 0, max: 99_999_999.99, places: 2 }).optional()),
  shippingUnitPrice: optionalPrice(),
  discountDescription: optionalText(200),
  discountAmount: optionalPrice(),
  note: optionalText(4000),
  measurementDate: z.preprocess(blank, dateField().optional()),
});
export type EditItemsInput = z.output<typeof editItemsInput>;

/**
 * `GET /api/orders/fenceOrder/itemProducts`: the products a fence item's picker offers: base
 * products whose name has `name`, of the item's `type` (product-types.ts).
 */
export const itemProductSearchInput = z.object({
  type: z.preprocess(blank, z.enum(PRODUCT_TYPES, { error: "validation.invalid" }).optional()),
  name: z.preprocess(blank, optionalText(200)),
});

// ---- the items tab's answers (GET /api/orders/fenceOrder/:id/items, the save, dynamic products) ---

/** A reference as the API answers it (docs/architecture.md#references). */
export interface TabRef {
  id: number;
  name: string;
}

export interface SubProductAnswer {
  id: number;
  productCategory: TabRef | null;
  productCategoryName: string | null;
  itemType: string | null;
  product: TabRef | null;
  amount: number;
  unitPrice: number | null;
  /** amount × unit price, Kč (derived). */
  totalPrice: number | null;
  invoiceName: string | null;
}

/** Every derived number of a fence item: the engine's geometry, its price in Kč, and its validation. */
export type FenceItemDerived = Omit<FenceGeometry, "fieldCount"> & {
  unitPrice: number | null;
  totalPrice: number | null;
  /** m², one piece. */
  area: number | null;
  totalArea: number | null;
  validation: FenceItemValidation;
};

type Nullable<T> = { [K in keyof T]-?: Exclude<T[K], undefined> | null };

/** A fence item of the tab: what was entered (docs/domain.md#fence-item names), its references, and every derived number. */
export type FenceItemAnswer = Nullable<Omit<FenceItemDraft, "id" | "tmpId" | "product" | "manufacturedProduct" | "subProducts" | "parameters">> &
  FenceItemDerived & {
    id: number;
    product: TabRef | null;
    /** The manufactured variant for the item's creation values (dynamic products), when its product has creation parameters. */
    manufacturedProduct: TabRef | null;
    /** The variant's creation values. */
    parameters: { id: number; value: string }[];
    subProducts: SubProductAnswer[];
  };

export interface OtherItemAnswer {
  id: number;
  itemType: OtherItemType;
  /** The product, or `{id: -1, name: "nový vlastní"}` for the virtual custom product. */
  product: TabRef;
  /** The ATTENTION reference product (docs/domain.md#other-items: shown red). */
  attention: boolean;
  amount: number;
  unitPrice: number;
  totalPrice: number;
  invoiceName: string | null;
  /** A custom product's own; null otherwise. */
  url: string | null;
  storable: boolean | null;
}

/** Assembly offered from the fence items: the reference product of the role, pieces and price. */
export interface SuggestedAssembly {
  systemRole: AssemblyRole;
  product: TabRef;
  amount: number;
  unitPrice: number | null;
}

export interface OrderTotalsAnswer {
  fenceItems: number;
  otherItems: number;
  assemblyItems: number;
  subProducts: number;
  total: number;
  shipping: number | null;
  discount: number;
  totalWithShipping: number;
}

/** docs/domain.md#pricing: the items tab's summary, Kč. */
export interface SummaryAnswer {
  priceWithoutVat: number;
  vatRate: number;
  vat: number;
  total: number;
}

/** `GET /api/orders/fenceOrder/:id/items`: the whole tab. */
export interface ItemsTab {
  orderId: number;
  status: string;
  /** What a save sends back as `itemsVersion` (docs/decisions/034-items-tab-version.md). */
  itemsVersion: number;
  items: FenceItemAnswer[];
  otherItems: OtherItemAnswer[];
  assemblyItems: OtherItemAnswer[];
  suggestedAssembly: SuggestedAssembly[];
  shippingType: (TabRef & { price: number; priceByDistance: boolean }) | null;
  shippingDistance: number | null;
  shippingUnitPrice: number | null;
  /** distance × unit price (read-only, derived); null when there is no shipping. */
  shippingPrice: number | null;
  discountDescription: string | null;
  discountAmount: number | null;
  note: string | null;
  measurementDate: string | null;
  totals: OrderTotalsAnswer;
  summary: SummaryAnswer;
}

/**
 * A fence item as the items page gives it to the editor: its references and the fields entered in
 * it that have a value; every field left out is empty. The derived numbers (geometry, prices,
 * validation) the editor computes itself with the engine the server runs, so the page does not
 * carry them (docs/decisions/083-throughput.md).
 */
export type EditorFenceItem = Pick<FenceItemAnswer, "id" | "product" | "manufacturedProduct" | "parameters" | "subProducts"> & Record<string, unknown>;
/** The tab as the form reads it (the GET's answer is one). */
export type EditorItemsTab = Omit<ItemsTab, "items"> & { items: EditorFenceItem[] };

/** The save's answer: each new row's temporary id with its id (docs/domain.md#item-ids), the order's status and the server's summary. */
export interface EditItemsResult {
  ids: { tmpId: string; id: number }[];
  status: string;
  /** The tab's version after this save: the next save sends it. */
  itemsVersion: number;
  totals: OrderTotalsAnswer;
  summary: SummaryAnswer;
}

/** `GET /api/orders/fenceOrder/:id/dynamicProducts`: the order's manufactured variants. */
export interface DynamicProduct {
  id: number;
  name: string;
  baseProduct: TabRef;
  parameters: { id: number; name: string; unit: string; value: string }[];
  /** Pieces over the order's items that are this variant. */
  amount: number;
  itemIds: number[];
}

// ---- what the items tab's editor offers (choices.ts) ---------------------------------------------

/** A creation parameter of a product that no item field fills (height, length and colour do): the office enters its value. */
export interface CreationParameterChoice {
  id: number;
  name: string;
  unit: string;
  default: string | null;
  required: boolean;
}

/** A product as the editor computes with it: its prices, role, the engine's parameters and its creation parameters. */
export interface ItemProductChoice {
  id: number;
  name: string;
  systemRole: string | null;
  m2Price: number | null;
  unitPrice: number | null;
  parameters: FenceParameters;
  creation: CreationParameterChoice[];
}

/** The editor's fixed choices: shipping types, categories (in tree order, with depth), the assembly products by role and the ATTENTION product. */
export interface ItemsTabChoices {
  shippingTypes: { id: number; name: string; price: number; priceByDistance: boolean }[];
  categories: { id: number; name: string; depth: number }[];
  assembly: { role: AssemblyRole; id: number; name: string; unitPrice: number | null }[];
  attentionProductId: number | null;
  /** Its name: the other items' picker offers it beside its categories' products (docs/domain.md#editor-categories). */
  attentionProductName: string | null;
  /**
   * docs/domain.md#editor-categories: the categories (with their subcategories) whose products each picker
   * offers, chosen in settings; [] leaves that picker unnarrowed.
   */
  editorCategories: { fence: number[]; other: number[]; assembly: number[] };
  /**
   * Set on the items tab's page: `categories` then holds only the categories the order's lines name,
   * and the editor fetches the whole tree from here once it is up (docs/decisions/083-throughput.md).
   */
  categoryTreeUrl?: string;
}

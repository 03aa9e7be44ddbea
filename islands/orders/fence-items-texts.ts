/**
 * The texts the items editor shows (docs/domain.md#items-tab): the server translates exactly these keys into
 * the island's props (views/orders/fence-items-tab.tsx). Kept out of the island's own modules, so
 * the list never ships to the browser.
 */
import { FENCE_ITEM_ENUMS } from "@/modules/orders/fence-item/constants";
import { FENCE_DRAWING_TEXT_KEYS } from "./fence-drawing";
import { COMPUTED, FIELD_KINDS } from "./fence-items-model";

const EDITOR_TEXTS = [
  "items", "noItems", "item", "newType", "add", "copy", "remove", "previous", "next", "invalid", "saved", "chooseType", "choose",
  "sectionBasic", "sectionSlats", "sectionConstruction", "sectionElevation", "sectionCreation", "computed", "drawing",
  "hintElevation", "hintExtension", "hintParts", "spacer", "spacerAlt", "spacerTitle", "productSearch", "noProducts", "searching",
  "subProducts", "subCategory", "addSubProduct", "removeSubProduct", "otherItems", "assemblyItems", "addLine", "removeLine", "url", "storable",
  "attention", "suggested", "suggestedLine", "useSuggested", "noSuggestion", "offer", "shippingType", "noShipping", "shippingDistance",
  "shippingUnitPrice", "shippingPrice", "discountDescription", "discountAmount", "note", "measurementDate", "summary", "priceWithoutVat",
  "vatRate", "vat", "total", "manufacture", "save", "saving", "unsaved", "shortcut", "errors", "errorItem", "errorSubProduct", "errorLine",
  "confirmItem", "confirmLine", "lastOfCategory", "pieces", "conflictKeep", "reloadDiscard", "overwrite", "conflictToast",
  "shippingUnitPriceFromType", "noPrice", "noPriceWhere", "openProduct",
].map((key) => `fenceItem.editor.${key}`);

/** Every text the editor shows: the server translates exactly these into the island's props. */
export const FENCE_ITEMS_TEXT_KEYS: readonly string[] = [
  ...new Set([
    ...FENCE_DRAWING_TEXT_KEYS,
    ...EDITOR_TEXTS,
    ...[...Object.keys(FIELD_KINDS), "product", "manufacturedProduct", ...COMPUTED].map((field) => `fenceItem.field.${field}`),
    ...Object.entries(FENCE_ITEM_ENUMS).flatMap(([name, values]) => values.map((value) => `fenceItem.${name}.${value}`)),
    ...["partsSum", "slatsDoNotFit", "railGateOverhang", "openingNotCovered", "totalGateLength", "missingParameter"].map((key) => `fenceItem.hint.${key}`),
    ...["required", "number", "integer", "decimalPlaces", "min", "max", "maxLength", "date", "invalid", "url", "nul"].map((key) => `validation.${key}`),
    ...["notInOrder", "listedTwice", "tmpIdTwice", "productNotFound", "categoryNotFound", "shippingTypeNotFound", "notCreationParameter"].map((key) => `fenceItem.save.${key}`),
    "fenceItem.subProduct.lastOfCategory",
    "fenceItem.positive",
    "product.virtualCustom",
    "product.parameterRequired",
    "product.parameterNumber",
    "form.datePlaceholder",
    "field.field",
    "SAVED",
    "DELETED",
    "FORM_NOT_VALID",
    "GENERIC_ERROR",
    ...["NOT_FOUND", "CONFLICT", "FORBIDDEN", "CSRF", "BAD_REQUEST", "PAYLOAD_TOO_LARGE"].map((code) => `API_ERROR_${code}`),
  ]),
];

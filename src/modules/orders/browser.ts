/**
 * The browser-safe part of the orders module's face (docs/architecture.md#modules, decision 071):
 * constants, types and pure functions, no database and no server code, so islands may import it
 * (the spacer calculator page's island) and so may the modules orders itself builds on (the
 * catalogue names its category parameters after the engine's), which would close a circle through
 * `index.ts`. `index.ts` re-exports all of it; server code imports `index.ts`. Kept to what those
 * two need: the island bundler brings along every file this one names.
 */

// The fence engine's parameters: the catalogue's category parameters carry them as roles.
export {
  FENCE_PARAMETERS,
  type FenceParameterKey,
  type FenceParameters,
  fenceParameterDefinition,
  isFenceParameterRole,
  parameterOrDefault,
} from "./fence-item/parameters";
// The spacer calculator: the manufacture page's island computes what the items editor's dialog does.
export { computeSpacers, type SpacerCalculation, type SpacerOption } from "./fence-item/spacer-calculator";
// An issued invoice's frozen document: the invoices table stores it as JSON (db/schema types the column).
export type { InvoiceSnapshot } from "./invoice/formats/snapshot";

/**
 * The spacer calculator's page (docs/domain.md#spacer-calculator): what its form reads. Browser-safe: the page
 * (pages.tsx) reads its query with these and the island renders its fields from them, so the
 * server never imports the island (layers point down: tests/architecture/import-graph.test.ts).
 */

/** The calculator's inputs, in the order of the form (and of its Tab order). */
export const SPACER_FIELDS = ["height", "slatHeight", "spacer", "z1", "z2"] as const;
export type SpacerField = (typeof SPACER_FIELDS)[number];

export type SpacerInitialValues = Partial<Record<SpacerField, string | number | null>>;

/** Settings → Import (docs/domain.md#imports, docs/decisions/075-spreadsheet-import.md). */
export const IMPORT_PATH = "/settings/import";

/** The kinds the import pages offer, in the menu's order; each has its ImportKind in ./kinds.ts. */
export const IMPORT_KIND_NAMES = ["products", "customers", "stock"] as const;
export type ImportKindName = (typeof IMPORT_KIND_NAMES)[number];

export const IMPORT_FILE_ACCEPT = ".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The form field of a mapped column: `col.<field key>`, its value a column index or blank. */
export const columnFieldName = (field: string) => `col.${field}`;

/** The import job's page, its status fragment (polled) and its cancel. */
export const importJobHref = (kind: string, uploadId: number, jobId: number) => `${IMPORT_PATH}/${kind}/${uploadId}/job/${jobId}`;
export const importJobCancelHref = (kind: string, uploadId: number, jobId: number) => `${importJobHref(kind, uploadId, jobId)}/cancel`;

import { AppError, type Message, msg } from "../errors";
import { containsNul, listQuerySchema } from "../zod-fields";
import type { ListField, ListInput } from "./service";

/** The query keys a list filters by: the fields with a filter kind or a `where` of their own. */
export const filterKeysOf = (listFields: Record<string, ListField>): string[] =>
  Object.entries(listFields)
    .filter(([, field]) => field.filter || field.where)
    .map(([key]) => key);

/**
 * Paging, sorting and the named filters of a list, read from a query string (API and pages alike).
 * A filter holding a NUL is refused (422 naming it): PostgreSQL cannot compare text with one.
 * `maxSize` is the largest page this list gives (MAX_PAGE_SIZE unless it is a category list).
 */
export function listInputFromQuery(query: Record<string, string>, filterKeys: string[], maxSize?: number): ListInput {
  const base = listQuerySchema(maxSize).parse(query);
  const filters: Record<string, string> = {};
  const refused: Record<string, Message> = {};
  for (const key of filterKeys) {
    const value = query[key];
    if (value === undefined || value.trim() === "") continue;
    if (containsNul(value)) refused[key] = msg("validation.nul");
    else filters[key] = value.trim().slice(0, 200);
  }
  if (Object.keys(refused).length) throw AppError.invalid(refused);
  return { ...base, filters };
}

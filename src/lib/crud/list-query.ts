import { listQuerySchema } from "../zod-fields";
import type { ListInput } from "./service";

/** Paging, sorting and the named filters of a list, read from a query string (API and pages alike). */
export function listInputFromQuery(query: Record<string, string>, filterKeys: string[]): ListInput {
  const base = listQuerySchema.parse(query);
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = query[key];
    if (value !== undefined && value.trim() !== "") filters[key] = value.trim().slice(0, 200);
  }
  return { ...base, filters };
}

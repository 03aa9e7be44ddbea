/**
 * Correlated subqueries (docs/decisions/061-correlated-subqueries-and-far-apart-ids.md).
 *
 * drizzle writes the columns of a `sql` template bare (`"id"`, no table) when the template is a
 * field of a select from one table, and qualified when the select has a join. A subquery written
 * as a template that names a column of the outer row (`… where ${inner.orderId} = ${outer.id}`)
 * therefore means something else in a one-table select: the bare `"id"` binds to the inner
 * table's own id. So a subquery that refers to its outer row is built here, with the query
 * builder (its where clause always qualifies every column), from an aliased table (so even a
 * subquery over the outer row's own table cannot shadow it). Embed it in a template as
 * `${subquery.select(…).from(…).where(…)}` (drizzle adds the parentheses) or pass it to `exists()`.
 */
import { QueryBuilder } from "drizzle-orm/pg-core";

export const subquery = new QueryBuilder();

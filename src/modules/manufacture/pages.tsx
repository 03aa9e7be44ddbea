import { Hono } from "hono";
import { SPACER_FIELDS, type SpacerInitialValues } from "./schemas";
import { SpacerCalculatorPage } from "@views/manufacture/spacer-calculator";
import type { AppEnv } from "@/lib/hono-env";
import { renderPage } from "@/web/render";

export const manufacturePages = new Hono<AppEnv>();

/** A typed number is short; anything longer is not one, and the field shows it as typed up to here. */
const MAX_QUERY_VALUE = 32;

/**
 * The spacer calculator (docs/domain.md#spacer-calculator). Its inputs may come in the query (`?height=1665&slatHeight=100&spacer=20`):
 * the island keeps them there as the user types, and without JavaScript the form is a GET of this
 * page, so the server renders the same result.
 */
manufacturePages.get("/manufacture/spacerCalculator", (c) => {
  const initial: SpacerInitialValues = {};
  for (const field of SPACER_FIELDS) {
    const value = c.req.query(field);
    if (value) initial[field] = value.slice(0, MAX_QUERY_VALUE);
  }
  return renderPage(c, <SpacerCalculatorPage initial={initial} />);
});

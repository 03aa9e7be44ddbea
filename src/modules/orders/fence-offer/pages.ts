/**
 * The offer PDF's route (docs/domain.md#offer-pdf: `GET /pdf/fenceOffer/{id}`, also with `regenerate=true`),
 * mounted with the pages (a browser opens it in a new tab; without a session it goes to /login, a
 * missing order is the not-found page) and at /api (an API client gets the envelope's errors).
 */
import { Hono } from "hono";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { pdfResponse } from "@/lib/http/pdf-response";
import { parseInput } from "@/lib/validation";
import { FENCE_OFFER_PATH, fenceOfferQuery } from "./schemas";
import { fenceOfferPdf } from "./service";

async function offerResponse(c: AppContext) {
  const orderId = idParam(c);
  const { regenerate } = parseInput(fenceOfferQuery, { regenerate: c.req.query("regenerate") });
  const logger = c.get("deps").logger;
  const offer = await fenceOfferPdf({
    ctx: c.get("ctx"),
    input: { orderId, regenerate },
    onLogoError: (error) => logger.warn("offer PDF without its logo: the stored logo cannot be drawn", { orderId, error: String(error) }),
  });
  return pdfResponse(c, offer);
}

export const fenceOfferRoutes = new Hono<AppEnv>();
fenceOfferRoutes.get(`${FENCE_OFFER_PATH}/:id{[0-9]+}`, offerResponse);

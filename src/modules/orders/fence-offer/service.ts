/**
 * The offer PDF of a fence order (docs/domain.md#offer-pdf; decision 022), cached in
 * PostgreSQL per order and language (docs/architecture.md#files).
 *
 * - One statement says whether the cache holds it: the fingerprint of what the PDF is made from
 *   (the order's row; its items', sub-products' and other lines' ids and change times; the
 *   products they name; the shipping type; the company identity; the language; the offer date
 *   when it falls back to today; the document's version), computed in SQL, beside the cached
 *   row. A match answers the stored bytes, nothing rendered.
 * - The process keeps the last offers it answered with their fingerprints (decision 029, docs/decisions/029-offer-held-in-memory.md): when
 *   the fingerprint just computed is the one held, the statement leaves the stored bytes unread
 *   and the held copy is answered. The fingerprint is still computed on every request, so a
 *   change rebuilds exactly as before.
 * - Otherwise (or with `regenerate`) the offer is built from the order's snapshot (the one reader
 *   of orders, order-snapshot/service.ts: each item through the engine once, its parameters read
 *   once) with the items tab's own numbers, and stored by an upsert, so two first requests at once
 *   both succeed.
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { companyIdentity, fenceOfferPdfs, fenceOrders, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { BUSINESS_TIME_ZONE, todayInPrague } from "@/lib/dates";
import { excludedSet, preparedFor } from "@/lib/db";
import { heldCache } from "@/lib/held-cache";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { renderPdf } from "@/lib/pdf/render";
import { COMPANY_IDENTITY_ID } from "@/modules/settings/company-identity/schemas";
import { getCompanyIdentity, getCompanyLogo } from "@/modules/settings/company-identity/service";
import { itemsTabOf } from "../fence-item/items-read";
import { ORDER_FINGERPRINT_SQL, readOrderSnapshot } from "../order-snapshot/service";
import { offerContent } from "./content";
import { pdfLogo } from "@/lib/pdf/logo";

/** Raise when the document's look or content changes: every cached offer is then rebuilt once. */
export const OFFER_DOCUMENT_VERSION = 3;
/** A PDF larger than this is answered but not stored (docs/architecture.md#files: files in the database are size-limited). */
export const OFFER_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The fingerprint of what an order's offer is made from, over the order row `o` joined with its
 * shipping type `st` and the company identity `c` (cacheQuery's aliases): the document's version,
 * the offer date (today when the order has none: the offer is dated today), what the order is made
 * from (its row, lines and their products, its shipping type: ORDER_FINGERPRINT_SQL) and the
 * company identity.
 */
export const OFFER_FINGERPRINT_SQL = `md5(concat_ws('|',
  ${OFFER_DOCUMENT_VERSION},
  coalesce(o.offer_date, (now() at time zone '${BUSINESS_TIME_ZONE}')::date),
  ${ORDER_FINGERPRINT_SQL},
  extract(epoch from c.updated_at)
))`;

const o = alias(fenceOrders, "o");
const st = alias(shippingTypes, "st");
const c = alias(companyIdentity, "c");

/**
 * The fingerprint of order `id` in language `lang`, and the cached offer when it was made from
 * that (null otherwise, and null when it is the `held` fingerprint: the process has those bytes;
 * no row without the order). One prepared statement (PostgreSQL plans it once per connection).
 * The subquery's `offset` (always 0, a placeholder because drizzle leaves out an `offset 0`)
 * keeps it from being pulled up into the outer query, so the fingerprint is planned and computed
 * once though read three times (pulled up, PGlite computed it twice: 3.4 → 2.8 ms). The PDF
 * travels as base64 text: PGlite turns a 100 KB bytea into bytes ten times slower than Buffer
 * decodes the same as base64.
 */
const cacheQuery = preparedFor((db) => {
  const f = db
    .select({ id: o.id, fingerprint: sql<string>`md5(${sql.placeholder("lang")}::text || '|' || ${sql.raw(OFFER_FINGERPRINT_SQL)})`.as("made_from") })
    .from(o)
    .leftJoin(st, eq(st.id, o.shippingTypeId))
    .leftJoin(c, eq(c.id, COMPANY_IDENTITY_ID))
    .where(eq(o.id, sql.placeholder("id")))
    .offset(sql.placeholder("keepWhole"))
    .as("f");
  return db
    .select({
      fingerprint: f.fingerprint,
      data: sql<string | null>`case when ${fenceOfferPdfs.fingerprint} = ${f.fingerprint} and ${f.fingerprint} is distinct from ${sql.placeholder("held")}::text then encode(${fenceOfferPdfs.data}, 'base64') end`,
    })
    .from(f)
    .leftJoin(fenceOfferPdfs, and(eq(fenceOfferPdfs.orderId, f.id), eq(fenceOfferPdfs.language, sql.placeholder("lang"))))
    .prepare("fence_offer_cache");
});

/** The process's copies of cached offers: at most this many bytes per database, the least recently answered dropped first. */
export const OFFER_MEMORY_MAX_BYTES = 16 * 1024 * 1024;

interface HeldOffer {
  fingerprint: string;
  pdf: Uint8Array;
}

/**
 * The offers this process last answered, per database and `orderId:lang`, each with the
 * fingerprint it was made from: only a copy of the stored row, read or written with it, and used
 * only when the fingerprint computed on the request equals the held one.
 */
const heldOffers = heldCache<HeldOffer>(OFFER_MEMORY_MAX_BYTES, (offer) => offer.pdf.byteLength);

export interface FenceOfferPdf {
  fileName: string;
  pdf: Uint8Array;
  /** Whether the answer came from the cache (nothing rendered). */
  cached: boolean;
}

/** What the offer is made from, read and laid out: the order's snapshot, its items tab's numbers, the company. */
async function buildOffer(ctx: Ctx, orderId: number, onLogoError: (error: unknown) => void): Promise<Uint8Array> {
  const [snapshot, identity] = await Promise.all([readOrderSnapshot(ctx, orderId), getCompanyIdentity({ ctx })]);
  const logo = identity.hasLogo ? await pdfLogo(await getCompanyLogo({ ctx }), onLogoError) : null;
  const tab = itemsTabOf(snapshot, { lang: ctx.lang, assembly: [] });
  const offer = offerContent({ lang: ctx.lang, snapshot, tab, identity, logo, today: todayInPrague() });
  return renderPdf(() => import("./document").then((m) => m.OfferDocument), { offer });
}

/**
 * `GET /pdf/fenceOffer/:id` (`?regenerate=true`): the order's offer in the caller's language,
 * from the cache while nothing it is made from changed. 404 without the order.
 */
export async function fenceOfferPdf({
  ctx,
  input,
  onLogoError = () => {},
}: {
  ctx: Ctx;
  input: { orderId: number; regenerate?: boolean };
  /** Told when the stored logo cannot be drawn (the offer is made without it). */
  onLogoError?: (error: unknown) => void;
}): Promise<FenceOfferPdf> {
  const lang = ctx.lang;
  const fileName = tFor(lang)("fenceOffer.fileName", { id: input.orderId }) as string;
  const key = `${input.orderId}:${lang}`;
  const held = input.regenerate ? undefined : heldOffers.get(ctx.db, key);
  const [state] = await cacheQuery(ctx.db).execute({ id: input.orderId, lang, keepWhole: 0, held: held?.fingerprint ?? null });
  if (!state) throw AppError.notFound();
  if (!input.regenerate) {
    // A copy each time: whoever gets the answer may keep or change its bytes.
    if (held && held.fingerprint === state.fingerprint) return { fileName, pdf: held.pdf.slice(), cached: true };
    if (state.data !== null) {
      const pdf = new Uint8Array(Buffer.from(state.data, "base64"));
      heldOffers.set(ctx.db, key, { fingerprint: state.fingerprint, pdf });
      return { fileName, pdf: pdf.slice(), cached: true };
    }
  }

  const pdf = await buildOffer(ctx, input.orderId, onLogoError);
  if (pdf.byteLength <= OFFER_CACHE_MAX_BYTES) {
    // Two first requests at once: both render, the later write wins, neither fails. The bytes go as base64 (see cacheQuery).
    await ctx.db
      .insert(fenceOfferPdfs)
      .values({ orderId: input.orderId, language: lang, fingerprint: state.fingerprint, size: pdf.byteLength, data: sql`decode(${Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("base64")}, 'base64')`, createdAt: new Date() })
      .onConflictDoUpdate({ target: [fenceOfferPdfs.orderId, fenceOfferPdfs.language], set: excludedSet(fenceOfferPdfs, ["fingerprint", "size", "data", "createdAt"]) });
    heldOffers.set(ctx.db, key, { fingerprint: state.fingerprint, pdf: pdf.slice() });
  }
  return { fileName, pdf, cached: false };
}

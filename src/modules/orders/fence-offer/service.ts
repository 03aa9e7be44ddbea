/**
 * The offer PDF of a fence order (issue 11 §2, spec 02 §2, §7; decision 022), cached in
 * PostgreSQL per order and language (DESIGN.md §3).
 *
 * - One statement says whether the cache holds it: the fingerprint of what the PDF is made from
 *   (the order's row; its items', sub-products' and other lines' ids and change times; the
 *   products they name; the shipping type; the company identity; the language; the offer date
 *   when it falls back to today; the document's version), computed in SQL, beside the cached
 *   row. A match answers the stored bytes, nothing rendered.
 * - Otherwise (or with `regenerate`) the offer is built from the items tab's own numbers and
 *   stored by an upsert, so two first requests at once both succeed.
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { companyIdentity, fenceOfferPdfs, fenceOrderItems, fenceOrders, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { BUSINESS_TIME_ZONE, todayInPrague } from "@/lib/dates";
import { excludedSet, preparedFor } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { renderPdf } from "@/lib/pdf/render";
import { parametersOfProducts } from "@/modules/catalogue/product/parameters";
import { COMPANY_IDENTITY_ID } from "@/modules/settings/company-identity/schemas";
import { getCompanyIdentity, getCompanyLogo } from "@/modules/settings/company-identity/service";
import type { FenceParameters } from "../fence-item/engine";
import { engineParametersOf, readItemsTab } from "../fence-item/items-read";
import { offerContent } from "./content";
import { pdfLogo } from "./logo";

/** Raise when the document's look or content changes: every cached offer is then rebuilt once. */
export const OFFER_DOCUMENT_VERSION = 1;
/** A PDF larger than this is answered but not stored (DESIGN.md §3: files in the database are size-limited). */
export const OFFER_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * An order's rows of one table with the products they name: how many, their ids added up, the
 * latest change of a row and of a product. A row added, removed or changed (each write sets its
 * updated_at) or a product renamed or re-parametrised (touchProduct) changes it.
 */
const stamp = (rows: string, productChange: string, from: string) =>
  `(select concat_ws(':', count(*), sum(${rows}.id), extract(epoch from max(${rows}.updated_at)), extract(epoch from max(${productChange}))) ${from})`;

/**
 * The fingerprint of what an order's offer is made from, over the order row `o` joined with its
 * shipping type `st` and the company identity `c` (cacheQuery's aliases): the document's version, the order's row, its
 * fence items, sub-products and other lines with their products, the shipping type, the company
 * identity, and today when the order has no offer date (the offer is dated today). Each part is
 * an index lookup on the order's id.
 */
export const OFFER_FINGERPRINT_SQL = `md5(concat_ws('|',
  ${OFFER_DOCUMENT_VERSION},
  extract(epoch from o.updated_at),
  coalesce(o.offer_date, (now() at time zone '${BUSINESS_TIME_ZONE}')::date),
  ${stamp("i", "greatest(p.updated_at, m.updated_at)", "from fence_order_items i left join products p on p.id = i.product_id left join products m on m.id = i.manufactured_product_id where i.order_id = o.id")},
  ${stamp("s", "p.updated_at", "from fence_order_sub_products s join fence_order_items i on i.id = s.item_id left join products p on p.id = s.product_id where i.order_id = o.id")},
  ${stamp("x", "p.updated_at", "from fence_order_other_items x left join products p on p.id = x.product_id where x.order_id = o.id")},
  extract(epoch from st.updated_at),
  extract(epoch from c.updated_at)
))`;

const o = alias(fenceOrders, "o");
const st = alias(shippingTypes, "st");
const c = alias(companyIdentity, "c");

/**
 * The fingerprint of order `id` in language `lang`, and the cached offer when it was made from
 * that (null otherwise; no row without the order). One prepared statement (PostgreSQL plans it
 * once per connection); `offset 0` keeps the fingerprint's subquery whole, so it is computed once
 * though read twice. The PDF travels as base64 text: PGlite turns a 100 KB bytea into bytes ten
 * times slower than Buffer decodes the same as base64.
 */
const cacheQuery = preparedFor((db) => {
  const f = db
    .select({ id: o.id, fingerprint: sql<string>`md5(${sql.placeholder("lang")}::text || '|' || ${sql.raw(OFFER_FINGERPRINT_SQL)})`.as("made_from") })
    .from(o)
    .leftJoin(st, eq(st.id, o.shippingTypeId))
    .leftJoin(c, eq(c.id, COMPANY_IDENTITY_ID))
    .where(eq(o.id, sql.placeholder("id")))
    .offset(0)
    .as("f");
  return db
    .select({ fingerprint: f.fingerprint, data: sql<string | null>`case when ${fenceOfferPdfs.fingerprint} = ${f.fingerprint} then encode(${fenceOfferPdfs.data}, 'base64') end` })
    .from(f)
    .leftJoin(fenceOfferPdfs, and(eq(fenceOfferPdfs.orderId, f.id), eq(fenceOfferPdfs.language, sql.placeholder("lang"))))
    .prepare("fence_offer_cache");
});

export interface FenceOfferPdf {
  fileName: string;
  pdf: Uint8Array;
  /** Whether the answer came from the cache (nothing rendered). */
  cached: boolean;
}

/** What the offer is made from, read and laid out: the order, its items tab, the company, the product parameters the drawings need. */
async function buildOffer(ctx: Ctx, orderId: number, onLogoError: (error: unknown) => void): Promise<Uint8Array> {
  const itemProducts = ctx.db.select({ id: fenceOrderItems.productId }).from(fenceOrderItems).where(eq(fenceOrderItems.orderId, orderId));
  const [[order], tab, identity, parameters] = await Promise.all([
    ctx.db.select().from(fenceOrders).where(eq(fenceOrders.id, orderId)),
    readItemsTab(ctx, orderId),
    getCompanyIdentity({ ctx }),
    parametersOfProducts({ ctx, input: { ids: itemProducts } }),
  ]);
  if (!order) throw AppError.notFound();
  const logo = identity.hasLogo ? await pdfLogo(await getCompanyLogo({ ctx }), onLogoError) : null;
  const engineParameters = new Map<number, FenceParameters>();
  const parametersOf = (productId: number | null): FenceParameters => {
    if (productId === null) return {};
    let found = engineParameters.get(productId);
    if (!found) engineParameters.set(productId, (found = engineParametersOf(parameters.get(productId))));
    return found;
  };
  const offer = offerContent({ lang: ctx.lang, order, tab, identity, logo, parametersOf, today: todayInPrague() });
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
  const [state] = await cacheQuery(ctx.db).execute({ id: input.orderId, lang });
  if (!state) throw AppError.notFound();
  if (!input.regenerate && state.data !== null) return { fileName, pdf: Buffer.from(state.data, "base64"), cached: true };

  const pdf = await buildOffer(ctx, input.orderId, onLogoError);
  if (pdf.byteLength <= OFFER_CACHE_MAX_BYTES) {
    // Two first requests at once: both render, the later write wins, neither fails. The bytes go as base64 (see cacheQuery).
    await ctx.db
      .insert(fenceOfferPdfs)
      .values({ orderId: input.orderId, language: lang, fingerprint: state.fingerprint, size: pdf.byteLength, data: sql`decode(${Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("base64")}, 'base64')`, createdAt: new Date() })
      .onConflictDoUpdate({ target: [fenceOfferPdfs.orderId, fenceOfferPdfs.language], set: excludedSet(fenceOfferPdfs, ["fingerprint", "size", "data", "createdAt"]) });
  }
  return { fileName, pdf, cached: false };
}

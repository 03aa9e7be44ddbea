import { eq } from "drizzle-orm";
import { companyIdentity } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { COMPANY_IDENTITY_ID } from "@/modules/settings/company-identity/schemas";
import { saveCompanyIdentity, setCompanyLogo } from "@/modules/settings/company-identity/service";

/** The demo company, the same one as the demo e-shops (www.ploty-ohrada.cz) and vans (South Moravia); its IČO passes mod 11. */
export const DEMO_COMPANY_IDENTITY = {
  name: "Ploty Ohrada s.r.o.",
  street: "Průmyslová 1472/8",
  city: "Kuřim",
  postalCode: "664 34",
  country: "Česká republika",
  ico: "29305713",
  dic: "CZ29305713",
  vatPayer: true,
  phone: "+420 541 230 145",
  email: "obchod@ploty-ohrada.cz",
  web: "https://www.ploty-ohrada.cz",
  offerValidityDays: 30,
  // No payment schedule here: the offer prints the order's own (docs/domain.md#payment-rules); {platba} would put it into this text instead.
  offerClosingText:
    "Děkujeme za Váš zájem o naše ploty a brány. Ceny platí při objednání do konce platnosti nabídky. " +
    "Termín montáže domluvíme po zaměření, obvykle do 6 týdnů. Těšíme se na spolupráci.",
};

/** What the demo's closing text said before each order printed its own payment schedule: a fixed 10 / 55 / 35 % that contradicted an order with other rules. */
const PREVIOUS_DEMO_CLOSING_TEXT =
  "Děkujeme za Váš zájem o naše ploty a brány. Ceny platí při objednání do konce platnosti nabídky. " +
  "Platba: 10 % při potvrzení objednávky, 55 % při dodání materiálu a 35 % po dokončení montáže. " +
  "Termín montáže domluvíme po zaměření, obvykle do 6 týdnů. Těšíme se na spolupráci.";

/**
 * The demo logo: a picket fence rising to a gate arch, drawn in shapes only (no text, so it needs
 * no font wherever it is printed).
 */
export const DEMO_LOGO_SVG = (() => {
  const pickets = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    .map((index) => {
      const x = 12 + index * 12;
      // Taller towards the middle: a gate's arch.
      const top = 22 - Math.round(12 * Math.sin((Math.PI * index) / 8));
      return `<polygon points="${x},54 ${x},${top + 6} ${x + 4},${top} ${x + 8},${top + 6} ${x + 8},54"/>`;
    })
    .join("");
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 64" width="128" height="64">' +
    '<rect width="128" height="64" rx="8" fill="#eef6ee"/>' +
    `<g fill="#2e7d32">${pickets}<rect x="8" y="30" width="112" height="5" rx="1"/><rect x="8" y="44" width="112" height="5" rx="1"/></g>` +
    '<rect x="4" y="56" width="120" height="3" rx="1.5" fill="#1b5e20"/>' +
    "</svg>\n"
  );
})();

/**
 * The company identity and its logo, through the service (validated). Idempotent: only when there
 * is none yet; a demo record still holding the old closing text word for word gets the new one.
 */
export async function seedDemoCompanyIdentity(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select({ id: companyIdentity.id, offerClosingText: companyIdentity.offerClosingText }).from(companyIdentity).where(eq(companyIdentity.id, COMPANY_IDENTITY_ID));
    if (existing) {
      if (existing.offerClosingText === PREVIOUS_DEMO_CLOSING_TEXT) {
        await tx.db.update(companyIdentity).set({ offerClosingText: DEMO_COMPANY_IDENTITY.offerClosingText, updatedAt: new Date() }).where(eq(companyIdentity.id, COMPANY_IDENTITY_ID));
      }
      return;
    }
    await saveCompanyIdentity({ ctx: tx, input: DEMO_COMPANY_IDENTITY });
    await setCompanyLogo({ ctx: tx, input: { files: [{ fileName: "ploty-ohrada.svg", data: new TextEncoder().encode(DEMO_LOGO_SVG) }] } });
  });
}

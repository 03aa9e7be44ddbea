import { describe, expect, test } from "bun:test";
import { companyIdentity } from "@db/schema";
import { isValidIco } from "@/lib/company-ids";
import { getCompanyIdentity, getCompanyLogo, saveCompanyIdentity } from "@/modules/settings/company-identity/service";
import { useTestDatabase } from "../../../tests/helpers/service";
import { DEMO_COMPANY_IDENTITY, DEMO_LOGO_SVG, seedDemoCompanyIdentity } from "./company-identity";

const t = useTestDatabase();

describe("seedDemoCompanyIdentity", () => {
  test("a valid identity with its SVG logo; a second run changes nothing, nor does it overwrite an admin's edit", async () => {
    await seedDemoCompanyIdentity(t.ctx);
    const identity = await getCompanyIdentity({ ctx: t.ctx });
    expect(identity).toMatchObject({ ...DEMO_COMPANY_IDENTITY, hasLogo: true });
    expect(isValidIco(identity.ico!)).toBe(true);
    const logo = await getCompanyLogo({ ctx: t.ctx });
    expect(logo?.mimeType).toBe("image/svg+xml");
    expect(new TextDecoder().decode(logo!.bytes)).toBe(DEMO_LOGO_SVG);
    expect(DEMO_LOGO_SVG).not.toContain("<text");

    await saveCompanyIdentity({ ctx: t.ctx, input: { ...DEMO_COMPANY_IDENTITY, offerValidityDays: 14 } });
    const before = await t.db.select().from(companyIdentity);
    await seedDemoCompanyIdentity(t.ctx);
    expect(await t.db.select().from(companyIdentity)).toEqual(before);
    expect(before.map((row) => [row.id, row.offerValidityDays])).toEqual([[1, 14]]);
  });

  test("a demo record still saying the old fixed 10 / 55 / 35 % in its closing text gets the new text; any other text stays", async () => {
    const old =
      "Děkujeme za Váš zájem o naše ploty a brány. Ceny platí při objednání do konce platnosti nabídky. " +
      "Platba: 10 % při potvrzení objednávky, 55 % při dodání materiálu a 35 % po dokončení montáže. " +
      "Termín montáže domluvíme po zaměření, obvykle do 6 týdnů. Těšíme se na spolupráci.";
    expect(DEMO_COMPANY_IDENTITY.offerClosingText).not.toMatch(/\d+ %/);
    await saveCompanyIdentity({ ctx: t.ctx, input: { ...DEMO_COMPANY_IDENTITY, offerClosingText: old } });
    await seedDemoCompanyIdentity(t.ctx);
    expect((await getCompanyIdentity({ ctx: t.ctx })).offerClosingText).toBe(DEMO_COMPANY_IDENTITY.offerClosingText);

    await saveCompanyIdentity({ ctx: t.ctx, input: { ...DEMO_COMPANY_IDENTITY, offerClosingText: `${old} Vlastní dodatek.` } });
    await seedDemoCompanyIdentity(t.ctx);
    expect((await getCompanyIdentity({ ctx: t.ctx })).offerClosingText).toBe(`${old} Vlastní dodatek.`);
  });
});

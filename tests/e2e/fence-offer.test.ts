/** The offer PDF (docs/domain.md#offer-pdf) in the browser: the Common tab's offer buttons open the offer PDF in a new tab, cached or built anew. */
import { expect, test } from "bun:test";
import type { Response as PlaywrightResponse } from "playwright-core";
import { createOfferOrder, saveOfferCompany } from "../helpers/fence-offer";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

describeBrowser("Offer PDF", () => {
  const e2e = useE2E();

  test("Zobrazit nabídku opens the offer in a new tab as application/pdf; Přegenerovat nabídku builds it again", async () => {
    const { page, context, session, errors } = await e2e.open({ signedIn: true });
    const ctx = { ...e2e.server.testApp.ctx, userId: session!.user.id };
    await saveOfferCompany(ctx.db);
    const { id } = await createOfferOrder(ctx);
    await page.goto(`/orders/fenceOrder/${id}`);

    const offerResponse = (regenerate: boolean) =>
      context.waitForEvent("response", {
        predicate: (response: PlaywrightResponse) => new URL(response.url()).pathname === `/pdf/fenceOffer/${id}` && response.url().includes("regenerate=true") === regenerate,
      });

    const show = page.locator('.offer-buttons a[data-offer="show"]');
    expect(await show.innerText()).toBe("Zobrazit nabídku");
    const [popup, response] = await Promise.all([page.waitForEvent("popup"), offerResponse(false), show.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(`inline; filename="nabidka-${id}.pdf"`);
    expect(new URL(popup.url()).pathname).toBe(`/pdf/fenceOffer/${id}`);
    // The order page stays where it was.
    expect(new URL(page.url()).pathname).toBe(`/orders/fenceOrder/${id}`);

    const regenerate = page.locator('.offer-buttons a[data-offer="regenerate"]');
    expect(await regenerate.innerText()).toBe("Přegenerovat nabídku");
    const [second, rebuilt] = await Promise.all([page.waitForEvent("popup"), offerResponse(true), regenerate.click()]);
    expect(rebuilt.status()).toBe(200);
    expect(rebuilt.headers()["content-type"]).toBe("application/pdf");
    expect(new URL(second.url()).search).toBe("?regenerate=true");
    expect(errors).toEqual([]);
  });
});

/**
 * Browser tests of the product editor (docs/domain.md#product-editor): the category tree picker's
 * partial states and what it posts, the lazy tabs (skeleton, then the fragment), uploading
 * images and choosing the main one, and the barcode label PDF read back as text.
 */
import { expect, test } from "bun:test";
import type { Page, Route } from "playwright-core";
import { listProductImages } from "@/modules/catalogue/product/images.service";
import { productService } from "@/modules/catalogue/product/service";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { createCategoryTree, createProduct } from "../helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { JPEG, PNG } from "../helpers/image-fixtures";
import { flattenText, pdfText } from "../helpers/pdf-text";
import { useE2E } from "./server";

const PICKER = '[data-island="category-tree-picker"]';
const COMMON_FORM = "#product-panel-common form.entity-form";

interface NodeView {
  checked: boolean;
  indeterminate: boolean;
  ariaChecked: string | null;
}

/** What a tree node shows: the checkbox's own state and its treeitem's aria-checked. */
const nodeView = (page: Page, id: number): Promise<NodeView> =>
  page.locator(`#tree-node-${id}`).evaluate((input) => {
    const box = input as HTMLInputElement;
    return { checked: box.checked, indeterminate: box.indeterminate, ariaChecked: box.closest("li")!.getAttribute("aria-checked") };
  });

const CHECKED: NodeView = { checked: true, indeterminate: false, ariaChecked: "true" };
const PARTIAL: NodeView = { checked: false, indeterminate: true, ariaChecked: "mixed" };
const UNCHECKED: NodeView = { checked: false, indeterminate: false, ariaChecked: "false" };

/** The ids the form would post: one hidden `categories` input per selected node. */
const postedIds = (page: Page) =>
  page.locator(`${COMMON_FORM} input[type=hidden][name=categories]`).evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)));

/**
 * Saves the Common form: waits for the new page's load (the redirect back to the same URL), so a
 * toast left from an earlier save cannot be mistaken for this one, then for UPDATED.
 */
async function saveCommon(page: Page): Promise<void> {
  await Promise.all([page.waitForEvent("load"), page.locator(`${COMMON_FORM} button[type=submit]`).click()]);
  await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
}

/** Opens a tab by its link and waits for htmx to make it the active one. */
async function openTab(page: Page, id: number, tab: string, label: string): Promise<void> {
  await page.locator(`#product-tab-${tab}`, { hasText: label }).click();
  await page.waitForFunction((name) => document.getElementById("product-tablist")?.getAttribute("data-active") === name, tab);
  await page.waitForURL((url) => url.pathname === `/products/${id}` && url.searchParams.get("tab") === tab);
}

/**
 * Holds the lazy fragment's answer until released, so the skeleton can be seen for certain;
 * resolves `requested` when the browser asked for it.
 */
async function holdFragment(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      requested();
      await released;
      await route.continue();
    },
  );
  return { asked, release };
}

describeBrowser("Product editor", () => {
  const e2e = useE2E();
  const db = () => e2e.server.testApp.ctx.db;
  const savedCategoryIds = async (id: number) =>
    (await productService.get({ ctx: e2e.server.testApp.ctx, input: { id } })).categories.map((category) => category.id).sort((a, b) => a - b);

  test("the category tree: partial parents, only fully ticked nodes posted, the saved selection after reload", async () => {
    // A › B › C and A › D.
    const ids = await createCategoryTree(db(), [
      { name: "Ploty", children: [{ name: "Poplastované", children: [{ name: "Zelené" }] }, { name: "Svařované" }] },
    ]);
    const [a, b, c, d] = [ids.Ploty!, ids.Poplastované!, ids.Zelené!, ids.Svařované!];
    const productId = await createProduct(db(), { name: "Plotový dílec Zelený 1530" });
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`/products/${productId}`);
    await waitForHydration(page, PICKER);
    for (const id of [a, b, c, d]) expect(await nodeView(page, id)).toEqual(UNCHECKED);
    expect(await postedIds(page)).toEqual([]);

    // Tick C with a click: B and A above it are partial, D untouched; only C is posted.
    await page.locator(`label[for="tree-node-${c}"]`).click();
    await page.waitForFunction((id) => (document.getElementById(`tree-node-${id}`) as HTMLInputElement).indeterminate, a);
    expect(await nodeView(page, c)).toEqual(CHECKED);
    expect(await nodeView(page, b)).toEqual(PARTIAL);
    expect(await nodeView(page, a)).toEqual(PARTIAL);
    expect(await nodeView(page, d)).toEqual(UNCHECKED);
    expect(await postedIds(page)).toEqual([c]);

    // Save: the product is in C only; after the reload C is ticked and its parents partial.
    await saveCommon(page);
    expect(await savedCategoryIds(productId)).toEqual([c]);
    await waitForHydration(page, PICKER);
    expect(await nodeView(page, c)).toEqual(CHECKED);
    expect(await nodeView(page, b)).toEqual(PARTIAL);
    expect(await nodeView(page, a)).toEqual(PARTIAL);

    // Tick A from the keyboard: its descendants are unticked, A is checked (not partial).
    await page.locator(`#tree-node-${a}`).focus();
    await page.keyboard.press("Space");
    await page.waitForFunction((id) => (document.getElementById(`tree-node-${id}`) as HTMLInputElement).checked, a);
    expect(await nodeView(page, a)).toEqual(CHECKED);
    for (const id of [b, c, d]) expect(await nodeView(page, id)).toEqual(UNCHECKED);
    expect(await postedIds(page)).toEqual([a]);

    // Untick A: nothing is ticked, nothing posted.
    await page.keyboard.press("Space");
    await page.waitForFunction((id) => !(document.getElementById(`tree-node-${id}`) as HTMLInputElement).checked, a);
    for (const id of [a, b, c, d]) expect(await nodeView(page, id)).toEqual(UNCHECKED);
    expect(await postedIds(page)).toEqual([]);

    // Tick the two leaves C and D, save, reload: exactly the saved selection comes back.
    await page.locator(`label[for="tree-node-${d}"]`).click();
    await page.locator(`label[for="tree-node-${c}"]`).click();
    await page.waitForFunction((id) => (document.getElementById(`tree-node-${id}`) as HTMLInputElement).checked, c);
    expect(await postedIds(page)).toEqual([c, d]);
    await saveCommon(page);
    expect(await savedCategoryIds(productId)).toEqual([c, d].sort((x, y) => x - y));
    await page.reload();
    await waitForHydration(page, PICKER);
    expect(await nodeView(page, a)).toEqual(PARTIAL);
    expect(await nodeView(page, b)).toEqual(PARTIAL);
    expect(await nodeView(page, c)).toEqual(CHECKED);
    expect(await nodeView(page, d)).toEqual(CHECKED);

    // Clearing everything and saving stores no category.
    await page.locator(`label[for="tree-node-${c}"]`).click();
    await page.locator(`label[for="tree-node-${d}"]`).click();
    await page.waitForFunction((id) => !(document.getElementById(`tree-node-${id}`) as HTMLInputElement).indeterminate, a);
    expect(await postedIds(page)).toEqual([]);
    await saveCommon(page);
    expect(await savedCategoryIds(productId)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("images: the lazy tab's skeleton, two real uploads, the first main, set the second as main, move it up", async () => {
    const productId = await createProduct(db(), { name: "Branka Hana 1000" });
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`/products/${productId}`);
    await waitForHydration(page, PICKER);
    const panel = page.locator("#product-panel-images");
    // Not visible yet, so not fetched yet: the skeleton waits in the hidden panel.
    expect(await panel.locator(".tab-skeleton[aria-busy=true]").count()).toBe(1);

    const fragment = await holdFragment(page, `/products/${productId}/tab/images`);
    await openTab(page, productId, "images", "Obrázky");
    await fragment.asked;
    await panel.locator(".tab-skeleton").waitFor({ state: "visible" });
    expect(await panel.locator(".skeleton-line").count()).toBeGreaterThan(0);
    fragment.release();
    await panel.locator("#product-images-tab").waitFor();
    expect(await panel.locator(".tab-skeleton").count()).toBe(0);
    await panel.locator(".product-images-empty", { hasText: "Produkt zatím nemá žádné obrázky." }).waitFor();

    // Upload a JPEG and a PNG at once.
    await page.locator("#product-images-files").setInputFiles([
      { name: "branka-zepredu.jpg", mimeType: "image/jpeg", buffer: Buffer.from(JPEG) },
      { name: "branka-detail.png", mimeType: "image/png", buffer: Buffer.from(PNG) },
    ]);
    await panel.locator(".product-images-upload button[type=submit]").click();
    await page.locator(".toast-success", { hasText: "Nahrány 2 obrázky" }).waitFor();
    const cards = panel.locator("li.product-image");
    await page.waitForFunction(() => document.querySelectorAll("#product-panel-images li.product-image").length === 2);
    expect(await cards.locator("span").allInnerTexts()).toEqual(["branka-zepredu.jpg", "branka-detail.png"]);
    // Both thumbnails really load (4 × 3 pixels each).
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>("#product-panel-images li.product-image img")].every((img) => img.complete && img.naturalWidth === 4),
    );
    const mainMarks = panel.locator(".product-image-main-mark");
    expect(await mainMarks.count()).toBe(1);
    expect(await cards.nth(0).getAttribute("class")).toContain("product-image-main");
    const [first, second] = await listProductImages({ ctx: e2e.server.testApp.ctx, input: { productId } });
    expect([first!.isMain, second!.isMain]).toEqual([true, false]);

    // The second becomes main: exactly one main marker, now on it.
    await panel.getByRole("button", { name: "Nastavit jako hlavní: branka-detail.png" }).click();
    await page.locator(".toast-success", { hasText: "Hlavní obrázek změněn" }).waitFor();
    await panel.locator(`li.product-image-main[data-image-id="${second!.id}"]`).waitFor();
    expect(await mainMarks.count()).toBe(1);
    expect(await panel.locator("li.product-image-main").count()).toBe(1);
    expect(await panel.getByRole("button", { name: "Nastavit jako hlavní: branka-zepredu.jpg" }).count()).toBe(1);
    expect(await panel.getByRole("button", { name: "Nastavit jako hlavní: branka-detail.png" }).count()).toBe(0);

    // Move it up: it is first now, still the main one; its own "up" is disabled at the top.
    await panel.getByRole("button", { name: "Posunout nahoru: branka-detail.png" }).click();
    await page.locator(".toast-success", { hasText: "Pořadí obrázků uloženo" }).waitFor();
    await page.waitForFunction(
      (id) => document.querySelector("#product-panel-images li.product-image")?.getAttribute("data-image-id") === String(id),
      second!.id,
    );
    expect(await cards.locator("span").allInnerTexts()).toEqual(["branka-detail.png", "branka-zepredu.jpg"]);
    expect(await panel.getByRole("button", { name: "Posunout nahoru: branka-detail.png" }).isDisabled()).toBe(true);
    const stored = await listProductImages({ ctx: e2e.server.testApp.ctx, input: { productId } });
    expect(stored.map((image) => [image.id, image.isMain])).toEqual([
      [second!.id, true],
      [first!.id, false],
    ]);
    expect(errors).toEqual([]);
  });

  test("print a label: the Tools tab's link gives a PDF whose text keeps the Czech name and the EAN-13", async () => {
    const name = "Plotový dílec Řetízek – ťuk ňuk ůl";
    const code = ean13("859123456789");
    const productId = await createProduct(db(), { name, ean13: code, unitPrice: "1250.00" });
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`/products/${productId}`);
    await waitForHydration(page, PICKER);

    const fragment = await holdFragment(page, `/products/${productId}/tab/tools`);
    await openTab(page, productId, "tools", "Nástroje");
    await fragment.asked;
    await page.locator("#product-panel-tools .tab-skeleton").waitFor({ state: "visible" });
    fragment.release();
    const tools = page.locator("#product-tools-tab");
    await tools.waitFor();
    expect(await tools.locator(".product-label-code").innerText()).toBe(`EAN-13: ${code}`);

    const link = tools.getByRole("link", { name: "Tisk štítku" });
    const href = await link.getAttribute("href");
    expect(href).toBe(`/products/${productId}/label.pdf`);
    expect(await link.getAttribute("target")).toBe("_blank");
    // The context's session cookie goes along, as it does for the opened tab.
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
    const pdf = new Uint8Array(await response.body());
    expect(new TextDecoder("latin1").decode(pdf.subarray(0, 5))).toBe("%PDF-");
    const text = flattenText(pdfText(pdf));
    expect(text).toContain(name);
    expect(text).toContain(code);
    expect(text).toContain("1 250,00 Kč");

    // Without an EAN-13 the label carries Code 128 P<id>.
    const plain = await createProduct(db(), { name: "Sloupek kulatý ø 48 – zelený" });
    const plainPdf = new Uint8Array(await (await page.request.get(`/products/${plain}/label.pdf`)).body());
    const plainText = flattenText(pdfText(plainPdf));
    expect(plainText).toContain("Sloupek kulatý ø 48 – zelený");
    expect(plainText).toContain(`P${plain}`);
    expect(errors).toEqual([]);
  });
});

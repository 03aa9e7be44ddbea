/**
 * Browser tests (docs/domain.md#spacer-calculator): the spacer calculator page (/manufacture/spacerCalculator) with
 * docs/fence-geometry.md's SPACER examples typed in, the numbers and the drawing following the
 * height, the messages for bad input, the keyboard; and SpacerCalculatorDialog as the items
 * editor uses it (a harness page built from tests/e2e/spacer-dialog-harness.tsx): it opens with
 * the item's values, Escape closes it and gives focus back, Apply writes spacer and slat count.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { spacerCalculatorTexts } from "@views/manufacture/spacer-calculator";
import { tFor } from "@/lib/i18n";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

const PAGE = "/manufacture/spacerCalculator";
const ROOT = resolve(import.meta.dir, "../..");

const field = (page: Page, name: string) => page.locator(`.spacer-calculator input[name=${name}]`);
const cell = (page: Page, option: "floor" | "ceiling" | "fixed", name: "slatCount" | "spacerHeight" | "tail" | "none") =>
  page.locator(`tr[data-option=${option}] td[data-cell=${name}]`);
const fieldError = (page: Page, name: string) => page.locator(`.field:has(input[name=${name}]) .field-error`);
const drawing = (page: Page) => page.locator(".spacer-drawing svg");

/** The three option rows as [slats, spacer, tail] (or the row's single text). */
async function rows(page: Page): Promise<string[][]> {
  const result: string[][] = [];
  for (const option of ["floor", "ceiling", "fixed"] as const) result.push(await page.locator(`tr[data-option=${option}] td`).allInnerTexts());
  return result;
}

async function typeInputs(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

describeBrowser("Spacer calculator page", () => {
  const e2e = useE2E();

  test("SPACER-1 and SPACER-2 typed in, the height changed: numbers and drawing follow; the address keeps the inputs", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(PAGE);
    await waitForHydration(page);
    expect(await page.locator("h1").innerText()).toBe("Kalkulačka mezer");
    expect(await page.locator(".spacer-pending").isVisible()).toBe(true);
    // Hydrated: the no-JavaScript Calculate button is gone, the result is live.
    expect(await page.locator(".spacer-inputs button[type=submit]").count()).toBe(0);

    // SPACER-1, the height typed key by key.
    await field(page, "height").pressSequentially("1665");
    await typeInputs(page, { slatHeight: "100", spacer: "20" });
    expect(await page.locator("[data-value=available]").innerText()).toBe("1665,00 mm");
    expect(await page.locator("[data-value=exactCount]").innerText()).toBe("14,04");
    expect(await rows(page)).toEqual([
      ["14", "20,38", "0,06"],
      ["15", "11,78", "0,08"],
      ["14", "20,00", "5,00"],
    ]);
    // The drawing: 14 slats with 13 spacers between them, floor chosen.
    expect(await drawing(page).getAttribute("data-slats")).toBe("14");
    expect(await page.locator(".spacer-drawing rect[data-part=slat]").count()).toBe(14);
    expect(await page.locator(".spacer-drawing rect[data-part=spacer]").count()).toBe(13);
    const slatAt1665 = Number(await page.locator(".spacer-drawing rect[data-part=slat]").first().getAttribute("height"));
    expect(await drawing(page).getAttribute("aria-labelledby")).toBeTruthy();
    expect(await page.locator(".spacer-drawing title").textContent()).toBe("Nákres: výška 1665,00 mm, lamely 14 × 100,00 mm, mezera 20,38 mm, Z1 0,00 mm, Z2 0,00 mm, zbytek 0,06 mm");

    // Keep the spacer: the drawing shows the 5 mm tail.
    await page.locator("tr[data-option=fixed] input[type=radio]").check();
    expect(await page.locator(".spacer-drawing rect[data-part=tail]").count()).toBe(1);
    expect(await page.locator(".spacer-drawing .spacer-label-tail").textContent()).toBe("zbytek 5,00");
    await page.locator("tr[data-option=floor] input[type=radio]").check();

    // The height changes: 1300 fits 11 slats at exactly 20 mm, so floor and ceiling agree, and the picture redraws.
    await field(page, "height").fill("1300");
    expect(await rows(page)).toEqual([
      ["11", "20,00", "0,00"],
      ["11", "20,00", "0,00"],
      ["11", "20,00", "0,00"],
    ]);
    expect(await drawing(page).getAttribute("data-slats")).toBe("11");
    expect(await page.locator(".spacer-drawing rect[data-part=slat]").count()).toBe(11);
    const slatAt1300 = Number(await page.locator(".spacer-drawing rect[data-part=slat]").first().getAttribute("height"));
    // Same 340 px for the whole height: a 100 mm slat is drawn taller in a lower fence, to scale.
    expect(slatAt1665).toBeCloseTo((100 * 340) / 1665, 1);
    expect(slatAt1300).toBeCloseTo((100 * 340) / 1300, 1);

    // SPACER-2: Z1 10 and Z2 15.
    await typeInputs(page, { height: "1665", z1: "10", z2: "15" });
    expect(await page.locator("[data-value=available]").innerText()).toBe("1640,00 mm");
    expect(await rows(page)).toEqual([
      ["13", "28,33", "0,04"],
      ["14", "18,46", "0,02"],
      ["13", "20,00", "100,00"],
    ]);
    expect(await page.locator(".spacer-drawing rect[data-part=z1]").count()).toBe(1);
    expect(await page.locator(".spacer-drawing rect[data-part=z2]").count()).toBe(1);

    // The address carries the inputs; a reload (or a shared link) shows the same result.
    expect(new URL(page.url()).search).toBe("?height=1665&slatHeight=100&spacer=20&z1=10&z2=15");
    await page.reload();
    await waitForHydration(page);
    expect(await field(page, "z2").inputValue()).toBe("15");
    expect(await cell(page, "ceiling", "spacerHeight").innerText()).toBe("18,46");
    expect(errors).toEqual([]);
  });

  test("a decimal comma, no ceiling when one more slat cannot fit, and the messages for bad input", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(PAGE);
    await waitForHydration(page);

    // SPACER-3: 340,01 mm.
    await typeInputs(page, { height: "340,01", slatHeight: "100", spacer: "20" });
    expect(await cell(page, "floor", "spacerHeight").innerText()).toBe("20,00");
    expect(await cell(page, "ceiling", "none").innerText()).toBe("Další lamela se nevejde ani bez mezery");
    expect(await page.locator("tr[data-option=ceiling] input[type=radio]").isDisabled()).toBe(true);
    expect(await cell(page, "fixed", "tail").innerText()).toBe("0,01");

    // Negative.
    await field(page, "height").fill("-5");
    expect(await fieldError(page, "height").innerText()).toBe("Hodnota nesmí být záporná");
    expect(await page.locator(".field:has(input[name=height])").getAttribute("class")).toContain("field-invalid");
    expect(await field(page, "height").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(".spacer-pending").isVisible()).toBe(true);
    expect(await page.locator(".spacer-drawing").count()).toBe(0);

    // Z1 + Z2 over the height.
    await typeInputs(page, { height: "1000", z1: "600", z2: "500" });
    expect(await fieldError(page, "z2").innerText()).toBe("Z1 a Z2 dohromady přesahují výšku 1000,00 mm");

    // Not even one slat fits the 50 mm left.
    await field(page, "z1").fill("450");
    expect(await fieldError(page, "z2").innerText()).toBe("");
    expect(await fieldError(page, "slatHeight").innerText()).toBe("Nevejde se ani jedna lamela: k vyplnění zbývá 50,00 mm, lamela má 100,00 mm");

    // A slat of 0, a word, a cleared required field (said once the user leaves it).
    await typeInputs(page, { z1: "", z2: "", slatHeight: "0" });
    expect(await fieldError(page, "slatHeight").innerText()).toBe("Výška lamely musí být větší než 0");
    await field(page, "spacer").fill("hodně");
    expect(await fieldError(page, "spacer").innerText()).toBe("Zadejte číslo");
    await field(page, "spacer").fill("");
    await field(page, "spacer").press("Tab");
    expect(await fieldError(page, "spacer").innerText()).toBe("Povinné pole");

    // Fixed again: the result comes back.
    await typeInputs(page, { slatHeight: "100", spacer: "20" });
    expect(await cell(page, "floor", "slatCount").innerText()).toBe("8");
    expect(errors).toEqual([]);
  });

  test("keyboard: labelled fields in Tab order, Enter does not reload, the option by arrow keys", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`${PAGE}?height=1665&slatHeight=100&spacer=20`);
    await waitForHydration(page);
    // Rendered on the server from the address: the result is there at once.
    expect(await cell(page, "floor", "slatCount").innerText()).toBe("14");

    for (const [name, label] of [["height", "Výška výplně (mm)"], ["slatHeight", "Výška lamely (mm)"], ["spacer", "Požadovaná mezera (mm)"], ["z1", "Z1 – volno dole (mm)"], ["z2", "Z2 – volno nahoře (mm)"]] as const) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute("name")).toBe(name);
    }
    await field(page, "height").focus();
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      order.push(await page.evaluate(() => (document.activeElement as HTMLInputElement).name));
      await page.keyboard.press("Tab");
    }
    expect(order).toEqual(["height", "slatHeight", "spacer", "z1", "z2"]);
    // After the fields come the options.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe("radio");

    // Enter in a field: no reload, no navigation.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await field(page, "spacer").fill("25");
    await field(page, "spacer").press("Enter");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // (1665 + 25) / 125 = 13.52: 13 at 365 / 12 = 30.416 → 30.41 (down), 14 at 265 / 13 = 20.38, 13 at 25 leave 65.
    expect(await rows(page)).toEqual([
      ["13", "30,41", "0,08"],
      ["14", "20,38", "0,06"],
      ["13", "25,00", "65,00"],
    ]);

    // The option radios: arrow keys move the choice, the drawing follows.
    await page.locator("tr[data-option=floor] input[type=radio]").focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.locator("tr[data-option=ceiling] input[type=radio]").isChecked()).toBe(true);
    expect(await drawing(page).getAttribute("data-slats")).toBe("14");
    expect(errors).toEqual([]);
  });
});

describeBrowser("Spacer calculator dialog (the items editor's)", () => {
  const e2e = useE2E();
  let harness: ReturnType<typeof Bun.serve> | null = null;

  beforeAll(async () => {
    const built = await Bun.build({
      entrypoints: [resolve(import.meta.dir, "spacer-dialog-harness.tsx")],
      target: "browser",
      minify: true,
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      tsconfig: resolve(ROOT, "tsconfig.json"),
    });
    if (!built.success) throw new Error(built.logs.map(String).join("\n"));
    const script = await built.outputs[0]!.text();
    const t = tFor("cs");
    const data = JSON.stringify({ texts: spacerCalculatorTexts(t), openLabel: t("menu.spacerCalculator") }).replaceAll("<", "\\u003c");
    const page = `<!doctype html><html lang="cs"><head><meta charset="utf-8"><link rel="stylesheet" href="/app.css"></head>
      <body><div id="root"></div><script type="application/json" id="harness-data">${data}</script><script type="module" src="/harness.js"></script></body></html>`;
    const css = await Bun.file(resolve(ROOT, "public/app.css")).text();
    harness = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(request) {
        const path = new URL(request.url).pathname;
        if (path === "/harness.js") return new Response(script, { headers: { "Content-Type": "text/javascript" } });
        if (path === "/app.css") return new Response(css, { headers: { "Content-Type": "text/css" } });
        return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    });
  }, 60_000);
  afterAll(async () => {
    await harness?.stop(true);
  });

  test("opens with the item's values, Escape closes it and gives focus back, Apply writes spacer and slat count into the item", async () => {
    const { page, errors } = await e2e.open();
    await page.goto(`http://127.0.0.1:${harness!.port}/`);
    await waitForHydration(page, "#root");
    const dialog = page.locator("dialog.spacer-dialog");
    const isOpen = () => dialog.evaluate((element) => (element as HTMLDialogElement).open);
    /** The dialog is shut and has told its owner (the close event comes a task after `open` turns false). */
    const closedTimes = (count: number) =>
      page.waitForFunction((n) => !(document.querySelector("dialog.spacer-dialog") as HTMLDialogElement).open && document.getElementById("closes")!.textContent === String(n), count);

    // Opened by keyboard from its button: the item's real filling height, slat and spacer; focus in the first field.
    await page.locator("#open-spacer").focus();
    await page.keyboard.press("Enter");
    await dialog.locator("input[name=height]").waitFor();
    expect(await isOpen()).toBe(true);
    expect(await dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(await dialog.locator("h2").first().innerText()).toBe("Kalkulačka mezer");
    expect(await dialog.locator("input[name=height]").inputValue()).toBe("1665");
    expect(await dialog.locator("input[name=slatHeight]").inputValue()).toBe("100");
    expect(await dialog.locator("input[name=spacer]").inputValue()).toBe("20");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("height");
    expect(await dialog.locator("tr[data-option=floor] td").allInnerTexts()).toEqual(["14", "20,38", "0,06"]);

    // Enter inside submits nothing and keeps it open; Escape closes it, focus back on the opener, the item unchanged.
    await dialog.locator("input[name=spacer]").press("Enter");
    expect(await isOpen()).toBe(true);
    await page.keyboard.press("Escape");
    await closedTimes(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("open-spacer");
    expect(await page.locator("#item-slats").innerText()).toBe("");
    expect(await dialog.locator("input[name=height]").count()).toBe(0);

    // Again, round up and apply: 15 slats at 11.78 mm go into the item, the dialog closes, focus comes back.
    await page.locator("#open-spacer").click();
    await dialog.locator("tr[data-option=ceiling] input[type=radio]").check();
    expect(await dialog.locator(".spacer-apply button").innerText()).toBe("Použít");
    await dialog.locator(".spacer-apply button").click();
    await closedTimes(2);
    expect(await page.locator("#item-spacer").innerText()).toBe("11.78");
    expect(await page.locator("#item-slats").innerText()).toBe("15");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("open-spacer");

    // It opens from the item's new spacer; the close button closes it without applying.
    await page.locator("#open-spacer").click();
    expect(await dialog.locator("input[name=spacer]").inputValue()).toBe("11,78");
    await dialog.locator("tr[data-option=fixed] input[type=radio]").check();
    await dialog.locator(".dialog-actions button", { hasText: "Zavřít" }).click();
    await closedTimes(3);
    expect(await page.locator("#item-spacer").innerText()).toBe("11.78");
    expect(errors).toEqual([]);
  });
});

/** docs/domain.md#timesheets: workplaces, work types with their WT barcode, the work log list's filters and total, a log's edit rules. */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { pragueLocalToInstant } from "@/modules/timesheets/datetime";
import { endWork, startWork } from "@/modules/timesheets/worklog/clock";
import { workLogService } from "@/modules/timesheets/worklog/service";
import { workplaceService } from "@/modules/timesheets/workplace/service";
import { workTypeService } from "@/modules/timesheets/worktype/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const WORKPLACES = "/timesheets/workplace";
const WORK_TYPES = "/timesheets/worktype";
const WORK_LOGS = "/timesheets/worklog";

/** 2025-03-dd hh:mm in Prague. */
const march = (day: number, hour: number, minute = 0) => pragueLocalToInstant(2025, 3, day, hour, minute);

const rowIds = async (page: Page) =>
  (await page.locator("#list-worklog tbody tr:not(.empty-row) td:first-child").allInnerTexts()).map((text) => Number(text.trim())).sort((a, b) => a - b);

const totalText = (page: Page) => page.locator("#worklog-results .worklog-total strong").innerText();

describeBrowser("timesheets", () => {
  const e2e = useE2E();

  test("a workplace and a work type through the forms; the edit page shows the WT barcode image", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });

    await page.goto(WORKPLACES);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${WORKPLACES}/new`);
    await page.locator("#field-name").fill("Svařovna");
    await page.locator("#field-name").press("Enter");
    await page.waitForURL((url) => url.pathname === WORKPLACES);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    await page.locator("#list-workplace tbody a", { hasText: "Svařovna" }).waitFor();

    await page.goto(WORK_TYPES);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${WORK_TYPES}/new`);
    // Name and workplace are required: the browser says so before posting.
    await page.locator("#field-name").fill("Svařování sloupků");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    await page.waitForFunction(() => document.querySelector("#field-workplace-error")?.textContent === "Povinné pole");
    await page.locator("#field-workplace").selectOption({ label: "Svařovna" });
    await page.locator("form.entity-form button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === WORK_TYPES);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();

    const link = page.locator("#list-worktype tbody a", { hasText: "Svařování sloupků" });
    const href = (await link.getAttribute("href"))!;
    const id = Number(href.split("/").pop());
    expect(href).toBe(`${WORK_TYPES}/${id}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === href);

    const image = page.locator("figure.worktype-barcode img");
    expect(await image.getAttribute("src")).toBe(`/api/timesheets/worktype/barcode?id=${id}`);
    expect(await image.getAttribute("alt")).toBe(`Čárový kód WT${id}`);
    // The image really loads: a decoded PNG with a size.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("figure.worktype-barcode img");
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const size = await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(size.width).toBeGreaterThan(size.height);
    expect((await page.locator("figure.worktype-barcode figcaption").innerText()).trim()).toBe(`WT${id}`);
    expect(await page.locator("#field-workplace option:checked").innerText()).toBe("Svařovna");
    expect(errors).toEqual([]);
  });

  test("the work log list filters by worker and date range with the total; an end before the start is refused", async () => {
    const { ctx } = e2e.server.testApp;
    const workplace = await workplaceService.create({ ctx, input: { name: "Lakovna" } });
    const painting = await workTypeService.create({ ctx, input: { name: "Práškové lakování", workplace } });
    const masking = await workTypeService.create({ ctx, input: { name: "Maskování", workplace } });
    const karel = await e2e.server.createUser({ firstName: "Karel", lastName: "Zedník" });
    const tomas = await e2e.server.createUser({ firstName: "Tomáš", lastName: "Zelenka" });

    const log = async (userId: number, workTypeId: number, start: Date, end: Date) => {
      const id = await startWork({ ctx, input: { userId, workTypeId, at: start } });
      expect(await endWork({ ctx, input: { userId, at: end } })).toBe(id);
      return id;
    };
    const monday = await log(karel.id, painting, march(3, 7), march(3, 11, 30)); // 4,5 h
    const tuesday = await log(karel.id, masking, march(4, 6, 45), march(4, 14, 45)); // 8 h
    await log(karel.id, painting, march(10, 7), march(10, 9)); // 2 h, the week after
    await log(tomas.id, painting, march(4, 7), march(4, 10)); // 3 h, another worker

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(WORK_LOGS);
    expect(await page.locator(".page-actions a.button-primary").count()).toBe(0);
    expect(await totalText(page)).toBe("Celkem 17,5 h");

    // The worker applies at once.
    await page.locator("#worklog-filter-user").selectOption({ label: "Karel Zedník" });
    await page.waitForURL((url) => url.searchParams.get("user") === String(karel.id));
    await page.waitForFunction(() => document.querySelector("#worklog-results .worklog-total strong")?.textContent === "Celkem 14,5 h");
    expect((await rowIds(page)).length).toBe(3);

    // The date range applies on Enter.
    await page.locator("#worklog-filter-from").click();
    await page.keyboard.type("03.03.2025");
    await page.locator("#worklog-filter-to").click();
    await page.keyboard.type("04.03.2025");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("from") === "03.03.2025" && url.searchParams.get("to") === "04.03.2025");
    await page.waitForFunction(() => document.querySelector("#worklog-results .worklog-total strong")?.textContent === "Celkem 12,5 h");
    expect(await rowIds(page)).toEqual([monday, tuesday].sort((a, b) => a - b));
    const tuesdayRow = page.locator("#list-worklog tbody tr", { has: page.locator(`a[href="${WORK_LOGS}/${tuesday}"]`) });
    expect((await tuesdayRow.locator("td").allInnerTexts()).map((text) => text.trim())).toEqual([
      String(tuesday),
      "Karel Zedník",
      "Maskování",
      "Lakovna",
      "04.03.2025 06:45",
      "04.03.2025 14:45",
      "8 h",
      // No fence order tied to it (the kiosk's O<id> scan ties one).
      "",
    ]);

    // The URL is the state.
    await page.reload();
    expect(await totalText(page)).toBe("Celkem 12,5 h");
    expect(await page.locator("#worklog-filter-user").inputValue()).toBe(String(karel.id));

    // Edit Tuesday's log: an end before its start is refused on the end field.
    await tuesdayRow.locator(`td:first-child a`).click();
    await page.waitForURL((url) => url.pathname === `${WORK_LOGS}/${tuesday}`);
    expect(await page.locator("#field-start").inputValue()).toBe("04.03.2025 06:45");
    await page.locator("#field-end").fill("04.03.2025 06:15");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.waitForFunction(() => document.querySelector("#field-end-error")?.textContent === "Konec musí být později než začátek");
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    expect(await page.locator("#field-end").inputValue()).toBe("04.03.2025 06:15");
    expect((await workLogService.get({ ctx, input: { id: tuesday } })).end).toBe(march(4, 14, 45).toISOString());

    // A good end saves.
    await page.locator("#field-end").fill("04.03.2025 15:15");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    await page.goto(`${WORK_LOGS}?user=${karel.id}&from=03.03.2025&to=04.03.2025`);
    expect(await totalText(page)).toBe("Celkem 13 h");
    expect(errors).toEqual([]);
  });
});

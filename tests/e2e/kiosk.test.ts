/**
 * The kiosk in Chromium (docs/domain.md#kiosk-scan-flow, decision 056): pairing through the link, card
 * then WT opens a log, the same card twice closes it; with the server unreachable three scans
 * queue and show as waiting, and once it is back they replay once, in order, with their scan times.
 * The page's clock is fixed (playwright's clock), so the scan times are known.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { kioskScans, users, workLogs, workplaces, workTypes } from "@db/schema";
import { scanAtKiosk } from "@/modules/kiosk/service";
import { createKioskDevice } from "@/modules/settings/kiosk-devices/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

describeBrowser("kiosk", () => {
  // The server judges scans by this time (the pages' clocks are fixed on 16 and 17 November): within the offline limit.
  const e2e = useE2E({ clock: () => new Date("2026-11-18T00:00:00.000Z") });
  let counter = 0;

  async function setUp() {
    const { ctx } = e2e.server.testApp;
    const n = ++counter;
    const user = await e2e.server.createUser({ firstName: "Karel", lastName: `Svářeč${n}` });
    await ctx.db.update(users).set({ kioskCardCode: `KARTA${n}` }).where(eq(users.id, user.id));
    const [place] = await ctx.db.insert(workplaces).values({ name: `Dílna ${n}` }).returning();
    const types = await ctx.db
      .insert(workTypes)
      .values([
        { name: "Svařování", workplaceId: place!.id },
        { name: "Lakování", workplaceId: place!.id },
      ])
      .returning();
    const device = await createKioskDevice({ ctx, input: { name: `Terminál ${n}` } });
    return { user, card: `UKARTA${n}`, wt1: types[0]!.id, wt2: types[1]!.id, device };
  }

  const logsOf = (userId: number) => e2e.server.testApp.ctx.db.select().from(workLogs).where(eq(workLogs.userId, userId)).orderBy(workLogs.start);

  /** Types a code as a keyboard-wedge scanner does: the characters, then Enter. */
  async function scanCode(page: Page, code: string, at: string) {
    // A scanner types into whatever has the focus: wait until the script has put it in the field.
    await fieldFocused(page);
    await page.clock.setFixedTime(new Date(at));
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");
  }

  const answer = (page: Page) => page.locator("#kiosk-answer");
  /** The field has the focus: the script gives it back a moment after a scan or a click (a timer of 0), so wait for it, never sample it. */
  const fieldFocused = (page: Page) => page.waitForFunction(() => document.activeElement?.id === "kiosk-code", undefined, { timeout: 10_000 });

  test("pair through the link; card then WT opens a log; the same card twice closes it", async () => {
    const { user, card, wt1, device } = await setUp();
    const { page, errors } = await e2e.open();
    await page.clock.setFixedTime(new Date("2026-11-16T06:00:00.000Z"));
    await page.goto(`/kiosk/pair/${device.secret}`);
    // The link only asks; the button pairs (a link preview fetching it uses nothing up).
    await page.getByRole("button", { name: "Spárovat toto zařízení" }).click();
    await page.waitForURL((url) => url.pathname === "/kiosk");
    await page.locator("h1", { hasText: "Naskenujte svou kartu" }).waitFor();
    await fieldFocused(page);

    await scanCode(page, card, "2026-11-16T06:00:00.000Z");
    await answer(page).filter({ hasText: "Dobrý den, Karel Svářeč1" }).waitFor();
    expect(await answer(page).getAttribute("data-tone")).toBe("ok");
    await scanCode(page, `WT${wt1}`, "2026-11-16T06:00:07.000Z");
    await answer(page).filter({ hasText: "začátek práce Svařování" }).waitFor();
    let logs = await logsOf(user.id);
    expect(logs.map((log) => [log.workTypeId, log.start.toISOString(), log.end])).toEqual([[wt1, "2026-11-16T06:00:07.000Z", null]]);

    // A click anywhere gives the focus back to the field.
    await page.locator("h1").click();
    await fieldFocused(page);
    // A hand-typed code with the save button.
    await page.clock.setFixedTime(new Date("2026-11-16T10:00:00.000Z"));
    await page.locator("#kiosk-code").fill(card);
    await page.locator("#kiosk-form button").click();
    await answer(page).filter({ hasText: "Pracujete na: Svařování" }).waitFor();
    await fieldFocused(page);
    await scanCode(page, card, "2026-11-16T10:00:03.000Z");
    await answer(page).filter({ hasText: "Na shledanou" }).waitFor();
    logs = await logsOf(user.id);
    expect(logs.map((log) => log.end?.toISOString())).toEqual(["2026-11-16T10:00:03.000Z"]);
    expect(errors).toEqual([]);
  });

  test("server unreachable: three scans queue and show as waiting; back, they replay once, in order, with their scan times", async () => {
    const { user, card, wt1, wt2, device } = await setUp();
    const { page } = await e2e.open();
    await page.clock.setFixedTime(new Date("2026-11-17T06:00:00.000Z"));
    await page.goto(`/kiosk/pair/${device.secret}`);
    // The link only asks; the button pairs (a link preview fetching it uses nothing up).
    await page.getByRole("button", { name: "Spárovat toto zařízení" }).click();
    await page.waitForURL((url) => url.pathname === "/kiosk");
    await page.locator("#kiosk-status", { hasText: "Připraveno" }).waitFor();

    let reached = 0;
    await page.route("**/api/kiosk/scan", (route) => route.abort("connectionrefused"));
    await scanCode(page, card, "2026-11-17T06:00:00.000Z");
    await page.locator("#kiosk-status", { hasText: "Offline, čeká 1" }).waitFor();
    await scanCode(page, `WT${wt1}`, "2026-11-17T06:00:05.000Z");
    await page.locator("#kiosk-status", { hasText: "Offline, čeká 2" }).waitFor();
    await scanCode(page, `WT${wt2}`, "2026-11-17T06:00:09.000Z");
    await page.locator("#kiosk-status", { hasText: "Offline, čeká 3" }).waitFor();
    expect(await logsOf(user.id)).toEqual([]);

    await page.unroute("**/api/kiosk/scan");
    await page.route("**/api/kiosk/scan", (route) => {
      reached++;
      return route.continue();
    });
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.locator("#kiosk-status", { hasText: "Připraveno" }).waitFor();
    await answer(page).filter({ hasText: "začátek práce Lakování" }).waitFor();
    expect(reached).toBe(3);
    const logs = await logsOf(user.id);
    expect(logs.map((log) => [log.workTypeId, log.start.toISOString(), log.end?.toISOString() ?? null])).toEqual([
      [wt1, "2026-11-17T06:00:05.000Z", "2026-11-17T06:00:09.000Z"],
      [wt2, "2026-11-17T06:00:09.000Z", null],
    ]);
    const scans = await e2e.server.testApp.ctx.db.select().from(kioskScans).where(eq(kioskScans.deviceId, device.id)).orderBy(kioskScans.id);
    expect(scans.map((scan) => [scan.code, scan.scannedAt.toISOString(), scan.status])).toEqual([
      [card, "2026-11-17T06:00:00.000Z", "applied"],
      [`WT${wt1}`, "2026-11-17T06:00:05.000Z", "applied"],
      [`WT${wt2}`, "2026-11-17T06:00:09.000Z", "applied"],
    ]);
    // Another "online" finds nothing waiting: nothing is sent twice.
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.locator("#kiosk-status", { hasText: "Připraveno" }).waitFor();
    expect(reached).toBe(3);
  });

  test("the office applies a rejected scan from the work log page; the report shows the hours", async () => {
    const { user, card, wt1, wt2, device } = await setUp();
    const { ctx } = e2e.server.testApp;
    // Received the next day: within the offline limit of the scans' time, whatever today is.
    const scan = (code: string, at: string, id: string) =>
      scanAtKiosk({ ctx, input: { deviceId: device.id, scan: { code, scanId: id, scannedAt: at }, receivedAt: new Date("2026-11-19T00:00:00.000Z") } });
    await scan(card, "2026-11-18T06:00:00.000Z", "e2e-check-1");
    await scan(`WT${wt1}`, "2026-11-18T06:00:05.000Z", "e2e-check-2");
    // The office entered a log the queued clock-out would cross.
    const [office] = await ctx.db
      .insert(workLogs)
      .values({ userId: user.id, workTypeId: wt2, start: new Date("2026-11-18T08:00:00Z"), end: new Date("2026-11-18T09:00:00Z"), source: "OFFICE" })
      .returning();
    await ctx.db.update(workLogs).set({ end: null }).where(eq(workLogs.openedByScanId, (await ctx.db.select().from(kioskScans).where(eq(kioskScans.scanId, "e2e-check-2")))[0]!.id));
    await scan(card, "2026-11-18T10:00:00.000Z", "e2e-check-3");
    expect((await scan(card, "2026-11-18T10:00:02.000Z", "e2e-check-4")).status).toBe("rejected");

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto("/timesheets/worklog");
    const row = page.locator("#scans-to-check tbody tr");
    await row.filter({ hasText: card }).waitFor();
    // Still crossing the office log: the toast says why and the scan stays.
    await row.locator("button", { hasText: "Použít" }).click();
    await page.locator(".toast", { hasText: "překrývá" }).waitFor();
    await ctx.db.delete(workLogs).where(eq(workLogs.id, office!.id));
    await page.locator("#scans-to-check tbody tr button", { hasText: "Použít" }).click();
    await page.locator(".toast", { hasText: "Sken byl použit." }).waitFor();
    expect(await page.locator("#scans-to-check").count()).toBe(0);
    const logs = await logsOf(user.id);
    expect(logs.map((log) => log.end?.toISOString())).toEqual(["2026-11-18T10:00:02.000Z"]);

    await page.goto("/timesheets/report?from=18.11.2026&to=18.11.2026");
    await page.locator(".report-bar-row", { hasText: "Karel Svářeč3" }).filter({ hasText: "4 h" }).waitFor();
    expect(errors).toEqual([]);
  });
});

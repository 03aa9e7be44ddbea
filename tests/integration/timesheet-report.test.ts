/**
 * Timesheet reports (docs/domain.md#timesheet-reports): hours per period (Prague day, week, month),
 * worker and work type from finished logs; hours per order; the xlsx holds the same figures.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { workLogs } from "@db/schema";
import { systemCtx } from "@/lib/context";
import { hoursReport } from "@/modules/timesheets/report/service";
import { useTestApp } from "../helpers/app";
import { createFenceOrderWithItems, createUser, createWorkType } from "../helpers/factories";
import { html } from "./support";

const t = useTestApp();
const ctx = () => systemCtx(t.current.database.db);
let worker: { id: number };
const NAME = "Karel Tesař";
let type: number;
let orderId: number;

beforeAll(async () => {
  worker = await createUser(ctx(), { firstName: "Karel", lastName: "Tesař" });
  type = await createWorkType(ctx());
  // 3 × 289,90 Kč without VAT: 869,70 Kč; 6.5 h of work tied to it: 133,80 Kč an hour.
  orderId = (await createFenceOrderWithItems({ ...ctx(), userId: worker.id }, { order: { lastName: "Šindelářová" }, items: [], otherItems: [{ amount: 3, unitPrice: 289.9 }] })).id;
  await ctx()
    .db.insert(workLogs)
    .values([
      // Mon 2 Nov 2026, 07:00–11:30 Prague (4.5 h), tied to the order.
      { userId: worker.id, workTypeId: type, start: new Date("2026-11-02T06:00:00Z"), end: new Date("2026-11-02T10:30:00Z"), orderId, source: "KIOSK" },
      // Mon 2 Nov, 12:00–15:00 (3 h).
      { userId: worker.id, workTypeId: type, start: new Date("2026-11-02T11:00:00Z"), end: new Date("2026-11-02T14:00:00Z"), source: "KIOSK" },
      // Wed 4 Nov, 00:30 Prague (23:30 UTC on the 3rd): counts on the 4th; 2 h.
      { userId: worker.id, workTypeId: type, start: new Date("2026-11-03T23:30:00Z"), end: new Date("2026-11-04T01:30:00Z"), orderId, source: "KIOSK" },
      // Mon 9 Nov: the next week; still running, so not counted.
      { userId: worker.id, workTypeId: type, start: new Date("2026-11-09T06:00:00Z"), source: "KIOSK" },
    ]);
});

describe("hoursReport", () => {
  test("by day, week and month; running logs left out; hours per order", async () => {
    const days = await hoursReport({ ctx: ctx(), input: { from: "2026-11-01", to: "2026-11-30", period: "day" } });
    expect(days.rows.map((row) => [row.period, row.hours])).toEqual([
      ["2026-11-02", 7.5],
      ["2026-11-04", 2],
    ]);
    const weeks = await hoursReport({ ctx: ctx(), input: { from: "2026-11-01", to: "2026-11-30", period: "week" } });
    expect(weeks.rows.map((row) => [row.period, row.hours])).toEqual([["2026-11-02", 9.5]]);
    const months = await hoursReport({ ctx: ctx(), input: { from: "1.11.2026", to: "30.11.2026", period: "month" } });
    expect(months.rows.map((row) => [row.period, row.worker, row.hours])).toEqual([["2026-11-01", NAME, 9.5]]);
    expect(months.orders).toEqual([{ orderId, customer: "Šindelářová", hours: 6.5, priceWithoutVat: 869.7, pricePerHour: 133.8 }]);
  });

  test("a range ending before it starts, or a period that is none, is refused", async () => {
    await expect(hoursReport({ ctx: ctx(), input: { from: "2026-11-30", to: "2026-11-01" } })).rejects.toMatchObject({ fields: { to: { key: "report.toBeforeFrom" } } });
    await expect(hoursReport({ ctx: ctx(), input: { from: "2026-11-01", to: "2026-11-30", period: "year" } })).rejects.toMatchObject({ fields: { period: { key: "validation.invalid" } } });
  });
});

describe("the report page and its xlsx", () => {
  test("the page shows the figures and the chart; the xlsx holds the same rows", async () => {
    const office = await t.current.login();
    const page = await html(await office.page("/timesheets/report?from=2026-11-01&to=2026-11-30&period=week"));
    expect(page).toContain("Výkaz hodin");
    // The range's fields show dd.mm.yyyy like every other date field.
    expect(page).toMatch(/id="report-from"[^>]*value="01.11.2026"/);
    expect(page).toMatch(/id="report-to"[^>]*value="30.11.2026"/);
    expect(page).not.toContain('value="2026-11-01"');
    expect(page).toContain("9,5 h");
    expect(page).toContain("report-bar");
    expect(page).toContain(`href="/orders/fenceOrder/${orderId}"`);
    expect(page).toContain("869,70\u00a0Kč");
    expect(page).toContain("133,80\u00a0Kč");
    const bad = await office.page("/timesheets/report?from=2026-11-30&to=2026-11-01");
    expect(bad.status).toBe(422);
    expect(await html(bad)).toContain("Konec je před začátkem");
    const xlsx = await office.page("/timesheets/report/xlsx?from=2026-11-01&to=2026-11-30&period=day");
    expect(xlsx.status).toBe(200);
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const values = (name: string) => {
      const rows: unknown[][] = [];
      book.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    // The period is a real date (a spreadsheet sorts and filters it as one), shown as dd.mm.yyyy.
    expect(values("Výkaz hodin").slice(1)).toEqual([
      [new Date("2026-11-02T00:00:00Z"), NAME, expect.any(String), 7.5],
      [new Date("2026-11-04T00:00:00Z"), NAME, expect.any(String), 2],
    ]);
    const periodCell = book.getWorksheet("Výkaz hodin")!.getCell("A2");
    expect(periodCell.value).toBeInstanceOf(Date);
    expect(periodCell.type).toBe(ExcelJS.ValueType.Date);
    expect(periodCell.numFmt).toBe("dd.mm.yyyy");
    expect(values("Hodiny podle zakázek").slice(1)).toEqual([[orderId, "Šindelářová", 6.5, 869.7, 133.8]]);
  });
});

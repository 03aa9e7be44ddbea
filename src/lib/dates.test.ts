import { describe, expect, test } from "bun:test";
import { addDays, datesBetween, defaultPlanningRange, formatCzechDate, formatCzechDateTime, formatDayWithWeekday, isValidIsoDate, mondayOf, parseCzechDate, todayInPrague } from "./dates";

describe("dates", () => {
  test("parses dd.mm.yyyy as people type it", () => {
    expect(parseCzechDate("05.01.2026")).toBe("2026-01-05");
    expect(parseCzechDate("5.1.2026")).toBe("2026-01-05");
    expect(parseCzechDate(" 29. 2. 2024 ")).toBe("2024-02-29");
    expect(parseCzechDate("29.02.2025")).toBeNull();
    expect(parseCzechDate("31.04.2026")).toBeNull();
    expect(parseCzechDate("2026-03-01")).toBe("2026-03-01");
    expect(parseCzechDate("1/2/2026")).toBeNull();
  });

  test("formats ISO dates as dd.mm.yyyy", () => {
    expect(formatCzechDate("2026-11-22")).toBe("22.11.2026");
    expect(formatCzechDate(null)).toBe("");
    expect(isValidIsoDate("2026-02-30")).toBe(false);
  });

  test("shows instants in Prague time, across daylight saving", () => {
    expect(formatCzechDateTime("2026-07-01T10:00:00Z")).toBe("01.07.2026 12:00");
    expect(formatCzechDateTime("2026-01-15T23:30:00Z")).toBe("16.01.2026 00:30");
  });

  test("today is the Prague date, not UTC", () => {
    expect(todayInPrague(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(todayInPrague(new Date("2026-06-30T21:59:00Z"))).toBe("2026-06-30");
  });

  test("adds days across month and year ends", () => {
    expect(addDays("2026-12-20", 77)).toBe("2027-03-07");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});

describe("planning dates (docs/domain.md#planning)", () => {
  test("the default range runs from the Monday two weeks back to the Sunday ten weeks after the current week", () => {
    // A Monday.
    expect(defaultPlanningRange(new Date("2024-01-01T10:00:00Z"))).toEqual({ from: "2023-12-18", to: "2024-03-17" });
    // A Sunday: its week is the one that began on the Monday before.
    expect(defaultPlanningRange(new Date("2026-11-29T12:00:00Z"))).toEqual({ from: "2026-11-09", to: "2027-02-07" });
    // Across the year end: 23:30 UTC on 31 December is already 1 January (a Thursday) in Prague.
    expect(defaultPlanningRange(new Date("2025-12-31T23:30:00Z"))).toEqual({ from: "2025-12-15", to: "2026-03-15" });
    // The daylight-saving change (29 March 2026, 02:00 → 03:00): 01:30 CET is still Sunday…
    expect(defaultPlanningRange(new Date("2026-03-29T00:30:00Z"))).toEqual({ from: "2026-03-09", to: "2026-06-07" });
    // …and 22:30 UTC the same day is 00:30 CEST on Monday 30 March, a new week.
    expect(defaultPlanningRange(new Date("2026-03-29T22:30:00Z"))).toEqual({ from: "2026-03-16", to: "2026-06-14" });
  });

  test("the range is twelve weeks plus the current one, Monday to Sunday", () => {
    const { from, to } = defaultPlanningRange(new Date("2026-06-17T08:00:00Z"));
    expect(datesBetween(from, to)).toHaveLength(13 * 7);
    expect(mondayOf(from)).toBe(from);
    expect(formatDayWithWeekday(to, "en")).toStartWith("Sunday ");
  });

  test("mondayOf and datesBetween", () => {
    expect(mondayOf("2026-11-27")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2027-01-03")).toBe("2026-12-28");
    expect(datesBetween("2025-12-30", "2026-01-02")).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(datesBetween("2026-01-02", "2026-01-01")).toEqual([]);
  });

  test("EEEE dd.MM.yyyy in Czech and English", () => {
    expect(formatDayWithWeekday("2024-01-01", "cs")).toBe("pondělí 01.01.2024");
    expect(formatDayWithWeekday("2024-01-01", "en")).toBe("Monday 01.01.2024");
    expect(formatDayWithWeekday("2026-11-29", "cs")).toBe("neděle 29.11.2026");
    expect(formatDayWithWeekday("2026-11-29", "en")).toBe("Sunday 29.11.2026");
    expect(formatDayWithWeekday("2025-12-31", "cs")).toBe("středa 31.12.2025");
    expect(formatDayWithWeekday("2026-03-28", "en")).toBe("Saturday 28.03.2026");
  });
});

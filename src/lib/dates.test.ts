import { describe, expect, test } from "bun:test";
import { addDays, formatCzechDate, formatCzechDateTime, isValidIsoDate, parseCzechDate, todayInPrague } from "./dates";

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

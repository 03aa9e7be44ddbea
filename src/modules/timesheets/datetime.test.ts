import { describe, expect, test } from "bun:test";
import { hoursOf, parseDateTime, pragueDayStart, pragueLocalToInstant } from "./datetime";

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("parseDateTime", () => {
  test("dd.mm.yyyy hh:mm is Prague time, winter and summer", () => {
    expect(iso(parseDateTime("28.03.2026 23:30"))).toBe("2026-03-28T22:30:00.000Z");
    expect(iso(parseDateTime("1.7.2026 7:05"))).toBe("2026-07-01T05:05:00.000Z");
    expect(iso(parseDateTime(" 01.07.2026  07:05:30 "))).toBe("2026-07-01T05:05:30.000Z");
  });

  test("ISO with Z or an offset is taken as is; without one it is Prague time", () => {
    expect(iso(parseDateTime("2026-03-28T22:30:00Z"))).toBe("2026-03-28T22:30:00.000Z");
    expect(iso(parseDateTime("2026-03-28T23:30:00.250+01:00"))).toBe("2026-03-28T22:30:00.250Z");
    expect(iso(parseDateTime("2026-03-28T23:30+0100"))).toBe("2026-03-28T22:30:00.000Z");
    expect(iso(parseDateTime("2026-07-01T07:00"))).toBe("2026-07-01T05:00:00.000Z");
  });

  test("anything else is null", () => {
    for (const text of ["", "28.03.2026", "31.02.2026 10:00", "28.03.2026 24:00", "28.03.2026 10:60", "zítra", "2026-03-28", "2026-02-30T10:00Z", "2026-03-28T10:00+15:00"]) {
      expect(parseDateTime(text)).toBeNull();
    }
  });
});

describe("Prague wall clock", () => {
  test("midnight of a day, either side of the spring change", () => {
    expect(pragueDayStart("2026-03-28").toISOString()).toBe("2026-03-27T23:00:00.000Z");
    expect(pragueDayStart("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  test("the repeated autumn hour reads as summer time; the spring gap as winter time", () => {
    expect(pragueLocalToInstant(2026, 10, 25, 2, 30).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(pragueLocalToInstant(2026, 3, 29, 2, 30).toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});

test("hoursOf rounds to two decimals", () => {
  expect(hoursOf(2.5 * 3600 + 1.25 * 3600)).toBe(3.75);
  expect(hoursOf(20 * 60)).toBe(0.33);
  expect(hoursOf(0)).toBe(0);
});

/** Dates: ISO `YYYY-MM-DD` in the API and database, dd.mm.yyyy for people, "today" in Prague. */
export const BUSINESS_TIME_ZONE = "Europe/Prague";

/**
 * The days a date input may name (docs/architecture.md#dates): PostgreSQL has no year 0, and a year 0001
 * payment would go to the accountant as a tax document. A field that needs other bounds says so.
 */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2100-12-31";

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const czechPattern = /^\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\s*$/;

export function isValidIsoDate(iso: string): boolean {
  const match = isoPattern.exec(iso);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `5.1.2026` or `05.01.2026` → `2026-01-05`; anything else (including 31.02.) → null. */
export function parseCzechDate(text: string): string | null {
  const match = czechPattern.exec(text);
  if (!match) return isValidIsoDate(text.trim()) ? text.trim() : null;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const iso = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isValidIsoDate(iso) ? iso : null;
}

/**
 * Why a date text was refused: written as a date (dd.mm.yyyy or ISO) but missing from the calendar
 * (31.02.) is `validation.noSuchDate`; anything else is `validation.date`, which says how to write one.
 */
export function dateErrorKey(text: string): "validation.noSuchDate" | "validation.date" {
  return czechPattern.test(text) || isoPattern.test(text.trim()) ? "validation.noSuchDate" : "validation.date";
}

export function formatCzechDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const match = isoPattern.exec(iso.slice(0, 10));
  if (!match) return "";
  return `${match[3]}.${match[2]}.${match[1]}`;
}

/** Made once: building an Intl.DateTimeFormat costs ~0.15 ms, 8 ms for a list of 50 dates (decision 026). */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** `dd.mm.yyyy hh:mm` in Prague time for an instant. */
export function formatCzechDateTime(instant: Date | string | null | undefined): string {
  if (!instant) return "";
  const date = typeof instant === "string" ? new Date(instant) : instant;
  dateTimeFormat ??= new Intl.DateTimeFormat("cs-CZ", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = dateTimeFormat.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}.${get("month")}.${get("year")} ${get("hour")}:${get("minute")}`;
}

let pragueDayFormat: Intl.DateTimeFormat | undefined;

/** Today's date in Prague as `YYYY-MM-DD`. Asked on every page (the layout's alerts): the formatter is made once. */
export function todayInPrague(now: Date = new Date()): string {
  pragueDayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE });
  return pragueDayFormat.format(now);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week of a date (weeks start on Monday). */
export const mondayOf = (iso: string): string => addDays(iso, 1 - isoWeekday(iso));

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/**
 * The planning overviews' default range (docs/domain.md#planning): from the Monday two weeks before
 * the current week to the Sunday ten weeks after it, the week being today's in Prague.
 */
export function defaultPlanningRange(now: Date = new Date()): { from: string; to: string } {
  const monday = mondayOf(todayInPrague(now));
  return { from: addDays(monday, -14), to: addDays(monday, 10 * 7 + 6) };
}

/** Weekday names, Monday first, as the planning rows show them. */
const WEEKDAYS: Record<"cs" | "en", readonly string[]> = {
  cs: ["pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota", "neděle"],
  en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
};

/** `EEEE dd.MM.yyyy`: "pondělí 01.01.2024" in Czech, "Monday 01.01.2024" in English. */
export function formatDayWithWeekday(iso: string, lang: string): string {
  const names = WEEKDAYS[lang === "en" ? "en" : "cs"];
  return `${names[isoWeekday(iso) - 1]} ${formatCzechDate(iso)}`;
}

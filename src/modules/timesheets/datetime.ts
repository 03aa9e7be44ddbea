/**
 * Instants of work logs as people type them: `dd.mm.yyyy hh:mm` in Europe/Prague, and the API's
 * ISO 8601 timestamps. Browser-safe (Intl only), so an island could use it too.
 */
import { BUSINESS_TIME_ZONE, DATE_MAX, DATE_MIN } from "@/lib/dates";

const czechPattern = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))?$/i;

const offsetFormatter = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, timeZoneName: "longOffset" });

/** Prague's offset from UTC, in milliseconds, at an instant ("GMT+02:00" → 2 h). */
function pragueOffset(epochMs: number): number {
  const name = offsetFormatter.formatToParts(new Date(epochMs)).find((part) => part.type === "timeZoneName")?.value ?? "";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
}

/**
 * The instant of a Prague wall-clock time. In the autumn hour that happens twice the earlier
 * (summer time) one is taken; a time in the spring gap is read with the winter offset.
 */
export function pragueLocalToInstant(year: number, month: number, day: number, hour = 0, minute = 0, seconds = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, seconds);
  // Both offsets around the wall time (winter +1 h, summer +2 h); keep the readings that land on it.
  const readings = [wall - pragueOffset(wall - 3 * 3_600_000), wall - pragueOffset(wall + 3 * 3_600_000)];
  const fitting = readings.filter((instant) => instant + pragueOffset(instant) === wall);
  return new Date(fitting.length ? Math.min(...fitting) : Math.max(...readings));
}

/** Midnight at the start of a Prague calendar day (`YYYY-MM-DD`). */
export function pragueDayStart(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return pragueLocalToInstant(y, m, d);
}

const validWallClock = (y: number, mo: number, d: number, h: number, mi: number, s: number) => {
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= Number(DATE_MIN.slice(0, 4)) &&
    y <= Number(DATE_MAX.slice(0, 4)) &&
    probe.getUTCFullYear() === y &&
    probe.getUTCMonth() === mo - 1 &&
    probe.getUTCDate() === d &&
    h <= 23 &&
    mi <= 59 &&
    s <= 59
  );
};

/**
 * `28.3.2026 23:30` (Prague time), an ISO timestamp with `Z` or an offset, or an ISO local
 * time without one (read as Prague time). Anything else, including a date without a time, is null.
 */
export function parseDateTime(text: string): Date | null {
  const value = text.trim();
  const czech = czechPattern.exec(value);
  if (czech) {
    const [d, mo, y, h, mi, s] = czech.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    return validWallClock(y, mo, d, h, mi, s) ? pragueLocalToInstant(y, mo, d, h, mi, s) : null;
  }
  const iso = isoPattern.exec(value);
  if (!iso) return null;
  const [y, mo, d, h, mi, s] = iso.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (!validWallClock(y, mo, d, h, mi, s)) return null;
  if (!iso[8]) return pragueLocalToInstant(y, mo, d, h, mi, s);
  const ms = Math.floor(Number(`0.${iso[7] ?? "0"}`) * 1000);
  const offsetMinutes = iso[9] ? (iso[9] === "-" ? -1 : 1) * (Number(iso[10]) * 60 + Number(iso[11])) : 0;
  if (Math.abs(offsetMinutes) > 14 * 60) return null;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMinutes * 60_000);
}

/** Written as a date and time the parser reads (`dd.mm.yyyy hh:mm` or ISO), whether or not that instant exists. */
export const isWellFormedDateTime = (text: string): boolean => czechPattern.test(text.trim()) || isoPattern.test(text.trim());

/** Hours with at most two decimals, from seconds (2 h 30 min → 2.5). */
export const hoursOf = (seconds: number): number => Math.round(seconds / 36) / 100;

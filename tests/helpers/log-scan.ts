/**
 * The suite's secret scan (docs/architecture.md#observability): every event any logger of this
 * process formats, at every level (silent loggers too), and the output of the child processes the
 * tests watch, is kept; the secrets the suite uses are noted as they appear (passwords sent,
 * session tokens and kiosk cookies handed out, pairing links); after the last test the preload
 * fails the run if any line holds one, or anything shaped like one left unredacted.
 */
import { setLogTap } from "@/lib/logger";

/** Literal passwords the tests type (besides those the request helper sees go by). */
const LITERAL_SECRETS = ["heslo-pro-testy", "tajne-heslo-1", "jine-heslo-99", "uplne-nove-heslo", "moje-nove-heslo", "vahy-heslo-1"];

/** Shorter values (or plain numbers) would match by chance. */
const MIN_SECRET_CHARS = 10;
const MAX_KEPT_CHARS = 50_000_000;
/** How much of a secret the scan looks up first (≤ MIN_SECRET_CHARS). */
const HEAD_CHARS = 8;

const secrets = new Set<string>(LITERAL_SECRETS);
const lines: string[] = [];
let keptChars = 0;
let overflow = 0;

export function noteSecret(value: unknown): void {
  if (typeof value !== "string") return;
  const secret = value.trim();
  if (secret.length >= MIN_SECRET_CHARS && !/^\d+$/.test(secret)) secrets.add(secret);
}

function keep(line: string): void {
  if (keptChars + line.length > MAX_KEPT_CHARS) {
    overflow += 1;
    return;
  }
  keptChars += line.length;
  lines.push(line);
}

/** A child process's whole output (tests/helpers/child-output.ts), scanned line by line with the logs. */
export function noteChildOutput(text: string): void {
  for (const line of text.split("\n")) if (line) keep(line);
}

/** Names a field holding a secret (request or response bodies). */
const SECRET_FIELD = /passw(or)?d|token|secret/i;

/** The secret-named fields of a JSON value, at any depth, and every kiosk pairing link in its text. */
export function noteSecretsIn(text: string): void {
  for (const match of text.matchAll(/\/kiosk\/pair\/([A-Za-z0-9_-]+)/g)) noteSecret(match[1]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (text.includes("=") && !text.includes("<")) for (const [key, item] of new URLSearchParams(text)) if (SECRET_FIELD.test(key)) noteSecret(item);
    return;
  }
  const walk = (node: unknown, depth: number) => {
    if (depth > 6 || node === null || typeof node !== "object") return;
    for (const [key, item] of Object.entries(node)) {
      if (SECRET_FIELD.test(key)) noteSecret(item);
      walk(item, depth + 1);
    }
  };
  walk(value, 0);
}

/** Tokens handed out in cookies: the session's and the kiosk device's. */
export function noteSetCookies(response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^(ohrada_[a-z]+)=([^;]*)/.exec(cookie);
    if (match) noteSecret(match[2]);
  }
}

/** What an unredacted secret looks like whatever its value. */
const SHAPES = [
  /\bBearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{16,}/i,
  /\bohrada_(?:session|kiosk)=(?!\[redacted\])[^;\s"']{16,}/i,
  /\/kiosk\/pair\/(?!\[redacted\]|:secret)[A-Za-z0-9_-]{16,}/,
  /\b(?:password|token|secret)=(?!\[redacted\])[^\s&"']{6,}/i,
];

/** The lines that hold a known secret or a secret's shape, the secret masked. */
export function findLeaks(scanned: readonly string[], known: Iterable<string>): string[] {
  // Secrets by their first characters: each line is looked up once per position, not once per
  // secret (thousands of session tokens × tens of thousands of lines).
  const byHead = new Map<string, string[]>();
  for (const secret of known) {
    if (secret.length < HEAD_CHARS) continue;
    const head = secret.slice(0, HEAD_CHARS);
    byHead.set(head, [...(byHead.get(head) ?? []), secret]);
  }
  const secretIn = (line: string): string | undefined => {
    for (let at = 0; at + HEAD_CHARS <= line.length; at++) {
      const found = byHead.get(line.slice(at, at + HEAD_CHARS))?.find((secret) => line.startsWith(secret, at));
      if (found) return found;
    }
    return undefined;
  };
  const leaks: string[] = [];
  for (const line of scanned) {
    const value = secretIn(line);
    if (value) leaks.push(line.split(value).join("<SECRET>"));
    else if (SHAPES.some((shape) => shape.test(line))) leaks.push(line.replace(/[A-Za-z0-9_-]{16,}/g, "<SECRET?>"));
  }
  return leaks;
}

export function installLogScan(): void {
  setLogTap(keep);
}

/** Throws (failing the run) when a kept line leaks; says how much it scanned. */
export function checkLogs(): { lines: number; secrets: number } {
  const leaks = findLeaks(lines, secrets);
  if (leaks.length) {
    throw new Error(`${leaks.length} log line(s) hold a secret (docs/architecture.md#observability):\n${leaks.slice(0, 10).join("\n")}`);
  }
  if (overflow) console.warn(`log scan: ${overflow} line(s) past ${MAX_KEPT_CHARS} characters were not kept`);
  return { lines: lines.length, secrets: secrets.size };
}

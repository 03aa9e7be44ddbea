/**
 * The app's log (docs/decisions/072-logs-and-metrics.md): one line per event, in one of two
 * shapes, `text` (`time LEVEL message key=value …`, values quoted when they hold a space) for a
 * terminal and grep, `json` (one object per line: time, level, msg, then the fields) for a log
 * shipper. Secrets never reach a line: fields named like one are replaced, and URL passwords,
 * bearer tokens and token-like query parameters are cut out of every text; a line is bounded.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFormat = "text" | "json";

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const REDACTED = "[redacted]";
/** Field names whose values are never written, at any depth. */
const SECRET_KEY = /passw(or)?d|passphrase|^pass$|secret|token|session|cookie|authori[sz]ation|idempotency|api[-_]?key|credential/i;
/** A field's text is cut past this many characters (an error's stack keeps its first frames). */
export const MAX_VALUE_CHARS = 2_000;
/** A whole line is at most about this long: the fields give way first. */
export const MAX_LINE_CHARS = 8_000;

/**
 * Secrets inside free text: a URL's password, a bearer token, a token-like query parameter, a
 * session or kiosk cookie, and the values a failed statement was sent with (drizzle's "Failed
 * query: … params: …" error carries them: a session token, a password's hash, a customer's data).
 */
export function scrubText(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi, `$1:${REDACTED}@`)
    .replace(/\bBearer\s+[^\s"',;]+/gi, `Bearer ${REDACTED}`)
    .replace(/([?&;]\s*(?:[a-z_]*token|secret|password|key|session)=)[^&\s"';]+/gi, `$1${REDACTED}`)
    .replace(/(\bohrada_(?:session|kiosk)=)[^;\s"']+/gi, `$1${REDACTED}`)
    .replace(/(\/kiosk\/pair\/)(?!:)[^/?\s"']+/gi, `$1${REDACTED}`)
    .replace(/(\nparams: )[^\n]*/g, `$1${REDACTED}`);
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…[${text.length - max} more]` : text);

/** A field value made safe to write: secret keys replaced at any depth, texts scrubbed and bounded. */
function clean(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return cut(scrubText(value), MAX_VALUE_CHARS);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error) return cut(scrubText(value.stack ?? value.message), MAX_VALUE_CHARS);
  if (value instanceof Date) return value.toISOString();
  if (depth >= 4) return "[…]";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => clean(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : clean(item, depth + 1)]));
}

export function cleanFields(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, SECRET_KEY.test(key) ? REDACTED : clean(value)]),
  );
}

const textValue = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  // Quoted (JSON string rules) when it would not read back as one token: one event stays one line.
  return typeof value === "string" && (text === "" || /[\s"=\\]/.test(text) || /[\u0000-\u001f]/.test(text)) ? JSON.stringify(text) : text;
};

/** One event as a line; also used by the suite's secret scan, which formats every event. */
export function formatLine(format: LogFormat, at: Exclude<LogLevel, "silent">, message: string, fields?: Record<string, unknown>, time = new Date()): string {
  const msg = cut(scrubText(message).replace(/[\r\n]+/g, " "), MAX_VALUE_CHARS);
  let safe = cleanFields(fields);
  const render = () =>
    format === "json"
      ? JSON.stringify({ time: time.toISOString(), level: at, msg, ...safe })
      : `${time.toISOString()} ${at.toUpperCase()} ${msg}${Object.entries(safe)
          .map(([key, value]) => ` ${key}=${textValue(value)}`)
          .join("")}`;
  let line = render();
  if (line.length > MAX_LINE_CHARS) {
    // Too many or too long fields: each keeps a short head, and the line says it was cut.
    safe = Object.fromEntries(Object.entries(safe).map(([key, value]) => [key, typeof value === "string" ? cut(value, 200) : cut(JSON.stringify(value) ?? "", 200)]));
    safe.truncated = true;
    line = render();
    if (line.length > MAX_LINE_CHARS) {
      safe = { truncated: true };
      line = render();
    }
  }
  return line;
}

/**
 * Every event of every logger, whatever its level, formatted: the test suite sets one to scan all
 * it logs for secrets (docs/architecture.md#observability). Unset in the app.
 */
let tap: ((line: string) => void) | null = null;
export function setLogTap(next: ((line: string) => void) | null): void {
  tap = next;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => console.log(line), format: LogFormat = "text"): Logger {
  const emit = (at: Exclude<LogLevel, "silent">, message: string, fields?: Record<string, unknown>) => {
    const shown = order[at] >= order[level];
    if (!shown && !tap) return;
    const line = formatLine(format, at, message, fields);
    tap?.(line);
    if (shown) write(line);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

export const silentLogger: Logger = createLogger("silent");

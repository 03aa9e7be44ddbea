export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One line per event: `level message key=value …`, readable in a terminal and greppable in CI. */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => console.log(line)): Logger {
  const emit = (at: Exclude<LogLevel, "silent">, message: string, fields?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    const extra = fields
      ? Object.entries(fields)
          .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
          .join(" ")
      : "";
    write(`${new Date().toISOString()} ${at.toUpperCase()} ${message}${extra ? ` ${extra}` : ""}`);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

export const silentLogger: Logger = createLogger("silent");

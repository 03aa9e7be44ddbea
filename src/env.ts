import { z } from "zod";
import { isLoopbackHost } from "./lib/net";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
    );

const port = z.coerce
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

/** An interface to listen on. */
const host = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.:-]+$/, "must be a host name or an IP address, such as 127.0.0.1 or 0.0.0.0");

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: host.default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  MIN_FREE_MB: z.coerce
    .number({ message: "must be a number of megabytes" })
    .int("must be a whole number of megabytes")
    .min(0, "must be 0 or more")
    .max(1_000_000_000, "must be at most 1000000000")
    .default(50),
  MQTT_URL: optionalUrl(["mqtt:", "mqtts:", "tcp:", "ws:", "wss:"]),
  MQTT_PORT: port.default(1883),
  MQTT_HOST: host.default("127.0.0.1"),
  MQTT_USERNAME: z.string().trim().max(100, "must have at most 100 characters").optional(),
  MQTT_PASSWORD: z.string().min(8, "must have at least 8 characters").max(200, "must have at most 200 characters").optional(),
  MQTT_TOPIC_PREFIX: z.string().trim().min(1).default("scales"),
  /** Outgoing mail (docs/decisions/078-e-mail.md): unset writes every message to DATA_DIR/outbox. */
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  ADMIN_EMAIL: z.email("must be a valid email address").default("admin@ohrada.local"),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 8, "must have at least 8 characters"),
  SESSION_TTL: z.coerce
    .number({ message: "must be a number of hours" })
    .int("must be a whole number of hours")
    .min(1, "must be at least 1 hour")
    .max(24 * 365, "must be at most 8760 hours (a year)")
    .default(12),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"], {
    message: "must be one of debug, info, warn, error, silent",
  }).default("info"),
  LOG_FORMAT: z.enum(["text", "json"], { message: "must be text or json" }).default("text"),
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"], { message: "must be 0, 1, true or false" })
    .default("0")
    .transform((value) => value === "1" || value === "true"),
  DEMO: z
    .enum(["0", "1", "true", "false"], { message: "must be 0, 1, true or false" })
    .default("0")
    .transform((value) => value === "1" || value === "true"),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Parses configuration; empty strings count as unset so `PORT= npm start` behaves. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== "") cleaned[key] = value;
  }
  const result = envSchema.safeParse(cleaned);
  if (result.success) {
    const problems = mqttProblems(result.data);
    if (problems.length) throw new EnvError(problems);
    return result.data;
  }
  throw new EnvError(
    result.error.issues.map((issue) => {
      const key = issue.path.join(".");
      return `${key}=${JSON.stringify(shownValue(key, cleaned[key] ?? ""))}: ${issue.message}`;
    }),
  );
}

/**
 * A refused value as the message shows it: never a password, whether a variable holds one or a
 * URL carries one (up to the last "@", so a password with an unencoded "/" or "@" is cut too).
 */
function shownValue(key: string, value: string): string {
  if (/PASSWORD/.test(key)) return "[redacted]";
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):.*@/i, "$1:[redacted]@");
}

/** The MQTT login goes as a pair, and an embedded broker reachable from other machines demands it. */
function mqttProblems(env: Env): string[] {
  if (Boolean(env.MQTT_USERNAME) !== Boolean(env.MQTT_PASSWORD)) {
    return [env.MQTT_USERNAME ? "MQTT_PASSWORD is missing: MQTT_USERNAME needs it" : "MQTT_USERNAME is missing: MQTT_PASSWORD needs it"];
  }
  if (!env.MQTT_URL && !isLoopbackHost(env.MQTT_HOST) && !env.MQTT_USERNAME) {
    return [`MQTT_HOST=${JSON.stringify(env.MQTT_HOST)}: other machines could connect to the embedded broker; set MQTT_USERNAME and MQTT_PASSWORD so they must log in`];
  }
  return [];
}

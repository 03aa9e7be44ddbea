/**
 * The app under soak as production runs it: `bun src/main.ts` with NODE_ENV=production on a free
 * loopback port, over the soak's database and a broker; and a client that talks to it as a
 * browser does (a session cookie, the same origin on writes, every body read to the end).
 */
import { readFileSync } from "node:fs";
import { brokerAnswers, freePort, track } from "../bench/lib";
import { startAppProcess } from "../helpers/app-process";
import { REQUEST_TIMEOUT_MS } from "./office";

export interface AppProcess {
  pid: number;
  base: string;
  /** Where scales publish: the external broker, or the app's embedded one. */
  brokerUrl: string;
  /** For the report: the broker, saying when it is the embedded one. */
  broker: string;
  topicPrefix: string;
  /** Everything the app printed (LOG_LEVEL=warn: little). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; forced: boolean }>;
}

/**
 * Starts the app on `databaseEnv` (DATABASE_URL or DATA_DIR) and resolves once /healthz answers
 * 200 (the database is open). `mqttUrl`: a broker to use when it answers; null or silent: the
 * app's embedded broker on a free loopback port. The topics carry a prefix of this run's own.
 */
export async function startApp(options: { databaseEnv: Record<string, string>; mqttUrl: string | null }): Promise<AppProcess> {
  // A port of its own: at LOG_LEVEL=warn the app does not log the line that names the port it took.
  const port = await freePort();
  const external = options.mqttUrl && (await brokerAnswers(options.mqttUrl)) ? options.mqttUrl : null;
  const mqttPort = external ? 0 : await freePort();
  const topicPrefix = `ohrada-soak-${process.pid}/scales`;
  const app = await startAppProcess({
    port,
    healthz: true,
    unset: ["DATA_DIR", "TEST_DATABASE_URL", "TEST_MQTT_URL"],
    env: {
      ...options.databaseEnv,
      ...(external ? { MQTT_URL: external } : { MQTT_PORT: String(mqttPort), MQTT_HOST: "127.0.0.1" }),
      MQTT_TOPIC_PREFIX: topicPrefix,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "admin@soak.ohrada.test",
      ADMIN_PASSWORD: "soak-admin-heslo",
    },
    spawned: track,
  });
  return {
    pid: app.pid,
    base: app.base,
    brokerUrl: external ?? `mqtt://127.0.0.1:${mqttPort}`,
    broker: external ?? `embedded (mqtt://127.0.0.1:${mqttPort})`,
    topicPrefix,
    output: app.text,
    stop: app.stop,
  };
}

export interface Answer {
  status: number;
  text: string;
}

export interface Session {
  cookie: string;
}

/** Requests to the app as a browser sends them. */
export function appClient(base: string) {
  const request = async (session: Session, path: string, init: { method?: string; json?: unknown } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { Cookie: session.cookie };
    if (init.method && init.method !== "GET") headers.Origin = base;
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  };
  return {
    request,
    /** A session of `account`, logged in through the API as the login page does. */
    async login(account: { email: string; password: string }): Promise<Session> {
      const answer = await request({ cookie: "" }, "/api/login", { method: "POST", json: account });
      expectStatus(`login ${account.email}`, answer);
      return { cookie: `ohrada_session=${(JSON.parse(answer.text) as { data: { token: string } }).data.token}` };
    },
  };
}

export type AppClient = ReturnType<typeof appClient>;

/** Throws naming the request when the answer is not `status`. */
export function expectStatus(what: string, answer: Answer, status = 200): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
}

/** VmRSS of a process, in KB (Linux). */
export function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

/** CPU time (user + system, all threads) a process has used, in ms (Linux; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The machine's 1-minute load average (Linux). */
export const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

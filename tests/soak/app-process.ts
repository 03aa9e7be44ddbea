/**
 * The app under soak as production runs it: `bun src/main.ts` with NODE_ENV=production on a free
 * loopback port, over the soak's database and a broker; and a client that talks to it as a
 * browser does (a session cookie, the same origin on writes, every body read to the end).
 */
import { readFileSync } from "node:fs";
import { BUN, brokerAnswers, envWithout, freePort, ROOT, sleep, stop, track } from "../bench/lib";
import { type ChildOutput, watchOutput } from "../helpers/child-output";
import { REQUEST_TIMEOUT_MS } from "./office";

const READY_TIMEOUT_MS = 120_000;

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
  const port = await freePort();
  const external = options.mqttUrl && (await brokerAnswers(options.mqttUrl)) ? options.mqttUrl : null;
  const mqttPort = external ? 0 : await freePort();
  const topicPrefix = `ohrada-soak-${process.pid}/scales`;
  const env = envWithout(["DATABASE_URL", "DATA_DIR", "MQTT_URL", "TEST_DATABASE_URL", "TEST_MQTT_URL", "DEMO", "PORT", "MQTT_PORT"], {
    ...options.databaseEnv,
    PORT: String(port),
    ...(external ? { MQTT_URL: external } : { MQTT_PORT: String(mqttPort), MQTT_HOST: "127.0.0.1" }),
    MQTT_TOPIC_PREFIX: topicPrefix,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "admin@soak.ohrada.test",
    ADMIN_PASSWORD: "soak-admin-heslo",
  });
  const child = track(Bun.spawn([BUN, "src/main.ts"], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" }));
  const outputs: ChildOutput[] = [watchOutput(child.stdout), watchOutput(child.stderr)];
  const app: AppProcess = {
    pid: child.pid,
    base: `http://127.0.0.1:${port}`,
    brokerUrl: external ?? `mqtt://127.0.0.1:${mqttPort}`,
    broker: external ?? `embedded (mqtt://127.0.0.1:${mqttPort})`,
    topicPrefix,
    output: () => outputs.map((output) => output.text).join(""),
    stop: (graceMs = 15_000) => stop(child, graceMs),
  };
  const readyBy = performance.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it answered:\n${app.output().slice(-3000)}`);
    if (performance.now() > readyBy) {
      await app.stop(2_000);
      throw new Error(`the app did not answer /healthz within ${READY_TIMEOUT_MS / 1000} s:\n${app.output().slice(-3000)}`);
    }
    try {
      const response = await fetch(`${app.base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return app;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
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

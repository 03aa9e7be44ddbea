/**
 * The real server, `bun src/main.ts`, as a child process with an environment of the test's own:
 * started until it is ready (its "listens on" line, and /healthz answering 200 when asked: the
 * database is open), optionally logged in as its admin (the one ADMIN_EMAIL / ADMIN_PASSWORD
 * create), stopped with SIGTERM and a grace period. The one way tests start the whole app: the
 * faults tests (docs/decisions/069-faults.md), graceful shutdown, several instances
 * (docs/decisions/068-several-instances.md) and the soak (docs/decisions/073-soak.md).
 */
import { resolve } from "node:path";
import { envWithout, sleep, stop } from "../bench/lib";
import { type ChildOutput, watchOutput } from "./child-output";

export interface AppProcess {
  readonly child: ReturnType<typeof Bun.spawn>;
  readonly pid: number;
  readonly output: ChildOutput;
  readonly errors: ChildOutput;
  readonly port: number;
  /** http://127.0.0.1:PORT */
  readonly base: string;
  /** The admin's session token (a bearer token, or the `ohrada_session` cookie); "" without `admin`. */
  readonly token: string;
  /** Everything it printed so far, stdout then stderr. */
  text(): string;
  /**
   * SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code once it is gone. When it had
   * already exited on its own with a failure, says what it printed.
   */
  stop(graceMs?: number): Promise<{ code: number | null; forced: boolean }>;
}

export interface AppProcessOptions {
  /** Set for the child, over process.env and the defaults below. */
  env?: Record<string, string>;
  /** Variables of process.env the child does not inherit. */
  unset?: string[];
  /**
   * The port to listen on; by default 0 (the OS's choice), read from the "listens on" line. A port
   * given here is needed when that line is not logged (LOG_LEVEL above info).
   */
  port?: number;
  /** Ready once /healthz also answers 200 (the database is open); polled, within `readyTimeoutMs`. */
  healthz?: boolean;
  readyTimeoutMs?: number;
  /** Logged in through the API once ready; the token is `token`. Also sets ADMIN_EMAIL and ADMIN_PASSWORD. */
  admin?: { email: string; password: string };
  /** Called with the child as soon as it is spawned (e.g. the bench's `track`, for Ctrl-C). */
  spawned?: (child: ReturnType<typeof Bun.spawn>) => void;
}

const ROOT = resolve(import.meta.dir, "../..");
const READY_TIMEOUT_MS = 120_000;

/**
 * Defaults: loopback only (HOST=127.0.0.1), OS-chosen ports, PGlite in DATA_DIR (no
 * DATABASE_URL), the embedded broker (no MQTT_URL), no demo data, LOG_LEVEL=info.
 */
export async function startAppProcess(options: AppProcessOptions = {}): Promise<AppProcess> {
  const env = envWithout(options.unset ?? [], {
    HOST: "127.0.0.1",
    PORT: String(options.port ?? 0),
    MQTT_PORT: "0",
    DATABASE_URL: "",
    MQTT_URL: "",
    LOG_LEVEL: "info",
    DEMO: "",
    ...(options.admin ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password } : {}),
    ...options.env,
  });
  const child = Bun.spawn([process.execPath, resolve(ROOT, "src/main.ts")], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  options.spawned?.(child);
  const output = watchOutput(child.stdout as ReadableStream<Uint8Array>);
  const errors = watchOutput(child.stderr as ReadableStream<Uint8Array>);
  const text = () => output.text + errors.text;
  const stopApp = async (graceMs = 15_000) => {
    if (child.exitCode !== null && child.exitCode !== 0) console.error(`the server exited with ${child.exitCode}:\n${output.text.slice(-2_000)}\n${errors.text.slice(-4_000)}`);
    return stop(child, graceMs);
  };
  try {
    const port = options.port ?? Number((await output.waitFor(/listens on http:\/\/[^\s/]+:(\d+)/))[1]);
    const base = `http://127.0.0.1:${port}`;
    if (options.healthz) await untilHealthy(child, base, options.readyTimeoutMs ?? READY_TIMEOUT_MS);
    let token = "";
    if (options.admin) {
      const login = await fetch(`${base}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(options.admin) });
      if (login.status !== 200) throw new Error(`the admin's login answered ${login.status}: ${await login.text()}`);
      token = ((await login.json()) as { data: { token: string } }).data.token;
    }
    return { child, pid: child.pid, output, errors, port, base, token, text, stop: stopApp };
  } catch (error) {
    await stop(child, 2_000);
    throw new Error(`the app did not start: ${error instanceof Error ? error.message : String(error)}\n${text().slice(-3_000)}`);
  }
}

/** Resolves once GET /healthz answers 200; throws when the child exits first or the time is up. */
async function untilHealthy(child: ReturnType<typeof Bun.spawn>, base: string, timeoutMs: number): Promise<void> {
  const readyBy = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`it exited with ${child.exitCode} before /healthz answered`);
    if (performance.now() > readyBy) throw new Error(`/healthz did not answer 200 within ${timeoutMs / 1000} s`);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

/**
 * The real server, `bun src/main.ts`, as a child process with its own environment, started until
 * it listens and logged in as its admin (the one ADMIN_EMAIL / ADMIN_PASSWORD create): for tests
 * of what a whole process does when a service around it fails (docs/decisions/069-faults.md).
 */
import { resolve } from "node:path";
import { type ChildOutput, watchOutput } from "./child-output";

export interface AppProcess {
  readonly child: ReturnType<typeof Bun.spawn>;
  readonly output: ChildOutput;
  readonly errors: ChildOutput;
  /** http://127.0.0.1:PORT */
  readonly base: string;
  /** The admin's session token: a bearer token, or the `ohrada_session` cookie. */
  readonly token: string;
  /** Kills the process when it still runs; says what it printed when it had already exited. */
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dir, "../..");

export async function startAppProcess(init: { admin: { email: string; password: string }; env: Record<string, string> }): Promise<AppProcess> {
  const child = Bun.spawn([process.execPath, resolve(ROOT, "src/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      MQTT_PORT: "0",
      DATABASE_URL: "",
      MQTT_URL: "",
      ADMIN_EMAIL: init.admin.email,
      ADMIN_PASSWORD: init.admin.password,
      LOG_LEVEL: "info",
      DEMO: "",
      ...init.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = watchOutput(child.stdout as ReadableStream<Uint8Array>);
  const errors = watchOutput(child.stderr as ReadableStream<Uint8Array>);
  const stop = async () => {
    if (child.exitCode !== null) console.error(`the server exited with ${child.exitCode}:\n${output.text.slice(-2_000)}\n${errors.text.slice(-4_000)}`);
    else {
      child.kill("SIGKILL");
      await child.exited;
    }
  };
  try {
    const [, port] = await output.waitFor(/listens on http:\/\/localhost:(\d+)/);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(init.admin) });
    if (login.status !== 200) throw new Error(`the admin's login answered ${login.status}: ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    return { child, output, errors, base, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

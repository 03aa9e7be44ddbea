import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppProcess, startAppProcess } from "../tests/helpers/app-process";
import { inServicesRun } from "../tests/helpers/db";

/** docs/decisions/017-start-up.md: a fresh start on the embedded defaults serves /login and the printed admin login works. */
test.skipIf(inServicesRun)("first start prints an admin login that works, and a restart keeps the data", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-start-"));
  // No ADMIN_PASSWORD: the first start makes one up and prints it.
  const start = () => startAppProcess({ env: { DATA_DIR: dir, ADMIN_PASSWORD: "" } });
  let app: AppProcess | null = null;
  try {
    app = await start();
    const [, email, password] = /Admin login: (\S+) \/ (\S+)/.exec(app.output.text) ?? [];
    expect(email).toBe("admin@ohrada.local");
    expect(password!.length).toBeGreaterThanOrEqual(12);

    const loginPage = await fetch(`${app.base}/login`);
    expect(loginPage.status).toBe(200);
    const login = await fetch(`${app.base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { status: string; data: { token: string; user: { email: string } } };
    expect(body.status).toBe("success");
    expect(body.data.user.email).toBe(email!);
    expect((await app.stop()).code).toBe(0);
    // docs/architecture.md#components: the pieces and the database stopped, then the process exited.
    expect(app.output.text).toMatch(/SIGTERM: shutting down[\s\S]*stopped/);

    // The second start finds the admin and prints no new password; the old one still works.
    app = await start();
    expect(app.output.text).not.toContain("Admin login:");
    const relogin = await fetch(`${app.base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(relogin.status).toBe(200);
    expect((await app.stop()).code).toBe(0);
  } finally {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

/** Whether a TCP connection to `hostname:port` is taken. */
function connects(hostname: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    Bun.connect({
      hostname,
      port,
      socket: {
        open(socket) {
          socket.end();
          done(true);
        },
        data() {},
        connectError() {
          done(false);
        },
      },
    }).catch(() => done(false));
  });
}

/** HOST: the one interface the HTTP server listens on (README, configuration); every interface by default. */
test.skipIf(inServicesRun)("HOST=127.0.0.1 listens on that address only; HOST=0.0.0.0 on every interface", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-host-"));
  let app: AppProcess | null = null;
  try {
    app = await startAppProcess({ env: { DATA_DIR: dir, HOST: "127.0.0.1" } });
    expect(app.output.text).toContain(`listens on http://127.0.0.1:${app.port}`);
    expect((await fetch(`${app.base}/healthz`)).status).toBe(200);
    // Another loopback address of this machine: taken only by a server on every interface.
    expect(await connects("127.0.0.2", app.port)).toBe(false);
    expect((await app.stop()).code).toBe(0);

    app = await startAppProcess({ env: { DATA_DIR: dir, HOST: "0.0.0.0" } });
    expect(app.output.text).toContain(`listens on http://localhost:${app.port}`);
    expect(await connects("127.0.0.2", app.port)).toBe(true);
    expect((await app.stop()).code).toBe(0);
  } finally {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { watchOutput } from "../tests/helpers/child-output";

/** docs/decisions/017-start-up.md: a fresh start on the embedded defaults serves /login and the printed admin login works. */
test("first start prints an admin login that works, and a restart keeps the data", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-start-"));
  const start = () =>
    Bun.spawn([process.execPath, resolve(import.meta.dir, "main.ts")], {
      env: { ...process.env, DATA_DIR: dir, PORT: "0", MQTT_PORT: "0", LOG_LEVEL: "info", ADMIN_PASSWORD: "", DATABASE_URL: "", MQTT_URL: "" },
      stdout: "pipe",
      stderr: "pipe",
    });
  try {
    const first = start();
    const output = watchOutput(first.stdout);
    const [, port] = await output.waitFor(/listens on http:\/\/localhost:(\d+)/);
    const [, email, password] = /Admin login: (\S+) \/ (\S+)/.exec(output.text) ?? [];
    expect(email).toBe("admin@ohrada.local");
    expect(password!.length).toBeGreaterThanOrEqual(12);

    const loginPage = await fetch(`http://localhost:${port}/login`);
    expect(loginPage.status).toBe(200);
    const login = await fetch(`http://localhost:${port}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { status: string; data: { token: string; user: { email: string } } };
    expect(body.status).toBe("success");
    expect(body.data.user.email).toBe(email!);
    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    // docs/architecture.md#components: the pieces and the database stopped, then the process exited.
    expect(output.text).toMatch(/SIGTERM: shutting down[\s\S]*stopped/);

    // The second start finds the admin and prints no new password; the old one still works.
    const second = start();
    const again = watchOutput(second.stdout);
    const [, port2] = await again.waitFor(/listens on http:\/\/localhost:(\d+)/);
    expect(again.text).not.toContain("Admin login:");
    const relogin = await fetch(`http://localhost:${port2}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(relogin.status).toBe(200);
    second.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

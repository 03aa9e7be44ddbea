import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { EnvError, parseEnv } from "./env";

describe("configuration", () => {
  test("defaults suit npm start on a bare machine", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", MQTT_PORT: 1883, SESSION_TTL: 12, LOG_LEVEL: "info", LOG_FORMAT: "text", ADMIN_EMAIL: "admin@ohrada.local" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.MQTT_URL).toBeUndefined();
  });

  test("empty values count as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  test("every invalid value is named with a readable reason", () => {
    try {
      parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", MQTT_URL: "http://x", SESSION_TTL: "0", LOG_LEVEL: "loud", LOG_FORMAT: "xml", ADMIN_EMAIL: "nope", ADMIN_PASSWORD: "short", MQTT_PORT: "70000" });
      throw new Error("expected EnvError");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const text = (error as EnvError).message;
      for (const key of ["PORT", "DATABASE_URL", "MQTT_URL", "SESSION_TTL", "LOG_LEVEL", "LOG_FORMAT", "ADMIN_EMAIL", "ADMIN_PASSWORD", "MQTT_PORT"]) {
        expect(text).toContain(`${key}=`);
      }
      expect(text).toContain("must be a number");
      expect(text).toContain('LOG_FORMAT="xml": must be text or json');
      expect(text).toContain("postgres://");
    }
  });

  test("HOST, the interface the HTTP server listens on: every interface by default, or a host name or an IP address", () => {
    expect(parseEnv({}).HOST).toBe("0.0.0.0");
    expect(parseEnv({ HOST: " 127.0.0.1 " }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "::1" }).HOST).toBe("::1");
    expect(parseEnv({ HOST: "app.internal" }).HOST).toBe("app.internal");
    expect(() => parseEnv({ HOST: "http://127.0.0.1" })).toThrow('HOST="http://127.0.0.1": must be a host name or an IP address');
    expect(() => parseEnv({ HOST: "0.0.0.0 127.0.0.1" })).toThrow("HOST=");
  });

  test("the app exits with code 1 and a readable message on a bad value", async () => {
    const child = Bun.spawn([process.execPath, resolve(import.meta.dir, "main.ts")], {
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: "/nonexistent/never-created" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const code = await child.exited;
    const stderr = await new Response(child.stderr).text();
    expect(code).toBe(1);
    expect(stderr).toContain('PORT="not-a-port": must be a number');
  });
});

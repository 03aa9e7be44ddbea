import { describe, expect, test } from "bun:test";
import { createLogger, formatLine, MAX_LINE_CHARS, REDACTED } from "./logger";

const capture = (format: "text" | "json" = "text", level: "debug" | "info" = "debug") => {
  const lines: string[] = [];
  return { lines, logger: createLogger(level, (line) => lines.push(line), format) };
};
const TIME = new Date("2026-03-01T10:00:00.000Z");

describe("text lines", () => {
  test("time LEVEL message key=value; a value with a space or quote is quoted, one event stays one line", () => {
    expect(formatLine("text", "info", "request", { route: "/api/x/:id", status: 200, userId: undefined, note: 'two words "q"' }, TIME)).toBe(
      '2026-03-01T10:00:00.000Z INFO request route=/api/x/:id status=200 note="two words \\"q\\""',
    );
    const line = formatLine("text", "error", "unhandled error", { error: new Error("boom").stack }, TIME);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toContain('error="Error: boom\\n    at ');
  });

  test("below the level nothing is written", () => {
    const { lines, logger } = capture("text", "info");
    logger.debug("quiet");
    logger.info("loud");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEndWith(" INFO loud");
  });
});

describe("json lines", () => {
  test("one object per line: time, level, msg, then the fields", () => {
    const { lines, logger } = capture("json");
    logger.warn("request", { requestId: "r-1", status: 503, nested: { a: [1, 2] } });
    const parsed = JSON.parse(lines[0]!);
    expect(Object.keys(parsed)).toEqual(["time", "level", "msg", "requestId", "status", "nested"]);
    expect(parsed).toMatchObject({ level: "warn", msg: "request", requestId: "r-1", status: 503, nested: { a: [1, 2] } });
  });
});

describe("secrets never reach a line", () => {
  for (const format of ["text", "json"] as const) {
    test(`${format}: fields named like a secret are replaced at any depth`, () => {
      const { lines, logger } = capture(format);
      logger.info("login", {
        password: "heslo-123456",
        newPassword: "jine-heslo-7",
        token: "tok-abcdef",
        sessionId: "sess-abcdef",
        headers: { Cookie: "ohrada_session=abc", authorization: "Bearer xyz", "Idempotency-Key": "idem-abcdef" },
        list: [{ apiKey: "key-abcdef" }],
        email: "jana@ohrada.test",
      });
      const line = lines[0]!;
      for (const secret of ["heslo-123456", "jine-heslo-7", "tok-abcdef", "sess-abcdef", "ohrada_session=abc", "xyz", "idem-abcdef", "key-abcdef"]) expect(line).not.toContain(secret);
      expect(line).toContain(REDACTED);
      expect(line).toContain("jana@ohrada.test");
    });
  }

  test("secrets inside free text: URL passwords, bearer tokens, token parameters, session and kiosk cookies, pairing links", () => {
    const line = formatLine(
      "text",
      "warn",
      "MQTT is down: cannot use MQTT_URL mqtts://scale:vahy-heslo-1@broker:8883",
      {
        url: "/api/x?token=abc123def&page=2",
        header: "Authorization: Bearer abc.def.ghi",
        cookie: "lang=cs; ohrada_session=s3cr3tvalue; ohrada_kiosk=k10sk",
        link: "https://ohrada.example/kiosk/pair/PaIrInGsEcReT",
      },
      TIME,
    );
    for (const secret of ["vahy-heslo-1", "abc123def", "abc.def.ghi", "s3cr3tvalue", "k10sk", "PaIrInGsEcReT"]) expect(line).not.toContain(secret);
    expect(line).toContain("mqtts://scale:[redacted]@broker:8883");
    expect(line).toContain("page=2");
    // A route pattern is no secret.
    expect(formatLine("text", "info", "request", { route: "/kiosk/pair/:secret" }, TIME)).toContain("route=/kiosk/pair/:secret");
  });

  test("a failed statement's values: the query stays, its params go", () => {
    const failed = 'Error: Failed query: insert into "sessions" ("token_hash", "user_id") values ($1, $2)\nparams: 9f86d081884c7d659a2feaa0c55ad015,4000001\n    at queryWithCache (session.js:41:19)';
    const line = formatLine("text", "error", "unhandled error", { error: failed }, TIME);
    expect(line).not.toContain("9f86d081884c7d659a2feaa0c55ad015");
    expect(line).toContain('insert into \\"sessions\\"');
    expect(line).toContain("params: [redacted]");
    expect(line).toContain("at queryWithCache");
  });
});

describe("a line is bounded", () => {
  test("a long value is cut and says so; many long fields give way, the line stays under the bound", () => {
    const long = formatLine("text", "error", "x", { error: "a".repeat(50_000) }, TIME);
    expect(long.length).toBeLessThan(3_000);
    expect(long).toContain("more]");
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`field${i}`, "b".repeat(1_500)]));
    for (const format of ["text", "json"] as const) {
      const line = formatLine(format, "info", "y".repeat(10_000), many, TIME);
      expect(line.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
      expect(line).toContain("truncated");
      if (format === "json") expect(JSON.parse(line).truncated).toBe(true);
    }
  });
});

/**
 * The soak's 20-second version (docs/decisions/073-soak.md): the same driver as `npm run soak`,
 * on PostgreSQL (TEST_DATABASE_URL) against the app as a real process, with the broker at
 * TEST_MQTT_URL or else the app's embedded one. It asserts what a busy CI
 * machine cannot blur: no request failed, every kind of request got answers, every scale reading
 * was stored, and the app exits 0 on SIGTERM afterwards. The timings and the memory growth are
 * printed, never asserted (tests never assert timings; a 60-second resident size mostly shows the
 * warm-up's caches, and the app's garbage collector cannot be forced from outside).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { killAll } from "../bench/lib";
import { usingPostgres } from "../helpers/db";
import { budgetLines, formatReport } from "./report";
import { KINDS, runSoak } from "./soak";

const SECONDS = 20;
/** Set-up (demo company, app start) plus the run plus the drain, with room for a busy machine; no timing claim. */
const TIMEOUT_MS = 600_000;

afterAll(() => killAll());

describe("soak", () => {
  test.skipIf(!usingPostgres)(
    `${SECONDS} s of 20× a busy office's traffic: no errors, every kind answered, every reading stored, a clean exit (PostgreSQL only: set TEST_DATABASE_URL)`,
    async () => {
      const result = await runSoak({ seconds: SECONDS, database: "postgres", postgresUrl: process.env.TEST_DATABASE_URL, mqttUrl: process.env.TEST_MQTT_URL || null });
      console.log(`${formatReport(result)}\n${budgetLines(result).lines.join("\n")}\n(the timings and memory lines are printed, not asserted)`);
      expect(result.errorSamples).toEqual([]);
      expect(result.errors).toBe(0);
      expect(result.figures.map((figure) => figure.kind).sort()).toEqual(Object.values(KINDS).sort());
      for (const figure of result.figures) expect({ kind: figure.kind, answered: figure.count > 0 }).toEqual({ kind: figure.kind, answered: true });
      expect(result.readings.stored).toBe(result.readings.published);
      expect(result.exit).toEqual({ code: 0, forced: false });
    },
    TIMEOUT_MS,
  );
});

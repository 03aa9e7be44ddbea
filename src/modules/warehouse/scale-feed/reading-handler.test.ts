import { describe, expect, test } from "bun:test";
import { createLogger } from "@/lib/logger";
import { movesBeyondNoiseBand } from "./noise-band";
import { createScaleReadingHandler, extIdOfTopic, scaleReadingSchema } from "./reading-handler";

const NOW = Date.parse("2026-11-27T08:00:00Z");
const schema = scaleReadingSchema(() => NOW);
const parse = (payload: string) => {
  const result = schema.safeParse(payload);
  return result.success ? result.data : null;
};

describe("the reading payload (one schema)", () => {
  test("grams as a number, or {weight, ts}; a ts in the past is fine, up to 5 minutes ahead too", () => {
    expect(parse("1234")).toEqual({ weight: 1234, at: undefined });
    expect(parse(" 12.5 ")).toEqual({ weight: 12.5, at: undefined });
    expect(parse("-1000")).toEqual({ weight: -1000, at: undefined });
    expect(parse("1000000000")).toEqual({ weight: 1e9, at: undefined });
    expect(parse('{"weight": 800}')).toEqual({ weight: 800, at: undefined });
    expect(parse('{"weight": 800, "ts": "2026-11-27T07:00:00Z"}')).toEqual({ weight: 800, at: Date.parse("2026-11-27T07:00:00Z") });
    expect(parse('{"weight": 800, "ts": "2026-11-27T09:05:00+01:00"}')).toEqual({ weight: 800, at: NOW + 5 * 60_000 });
    expect(parse('{"weight": 800, "ts": "2020-01-01T00:00:00Z"}')).toEqual({ weight: 800, at: Date.parse("2020-01-01T00:00:00Z") });
  });

  test("everything else is refused", () => {
    const refused = [
      "",
      "abc",
      "NaN",
      "Infinity",
      "1e999", // JSON reads it as Infinity
      "-1000.1",
      "1000000000.5",
      '"1234"',
      "null",
      "[1234]",
      "{}",
      '{"weight": "800"}',
      '{"weight": null}',
      '{"weight": 800, "ts": "yesterday"}',
      '{"weight": 800, "ts": "2026-11-27T08:00:00"}', // no offset: which zone?
      '{"weight": 800, "ts": "2026-11-27T08:05:01Z"}', // more than 5 minutes ahead
      '{"weight": 800, "ts": 1764230400000}',
    ];
    for (const payload of refused) expect({ payload, parsed: parse(payload) }).toEqual({ payload, parsed: null });
  });
});

describe("the topic", () => {
  test("<prefix>/<extId>/weight with an integer extId", () => {
    expect(extIdOfTopic("scales/17/weight", "scales")).toEqual({ extId: 17 });
    expect(extIdOfTopic("scales/0/weight", "scales")).toEqual({ extId: 0 });
    expect(extIdOfTopic("ohrada-test/scales/2147483647/weight", "ohrada-test/scales")).toEqual({ extId: 2147483647 });
    expect(extIdOfTopic("scales/2147483648/weight", "scales")).toEqual({ segment: "2147483648" });
    expect(extIdOfTopic("scales/abc/weight", "scales")).toEqual({ segment: "abc" });
    expect(extIdOfTopic("scales/12.5/weight", "scales")).toEqual({ segment: "12.5" });
    expect(extIdOfTopic("scales/-3/weight", "scales")).toEqual({ segment: "-3" });
  });
});

describe("the noise band (the rule alone)", () => {
  test("measured from the weight at the last change, beyond (not at) the band", () => {
    expect(movesBeyondNoiseBand(null, 1000, 5)).toBe(true); // the first reading
    expect(movesBeyondNoiseBand(1000, 1003, 5)).toBe(false);
    expect(movesBeyondNoiseBand(1000, 1005, 5)).toBe(false);
    expect(movesBeyondNoiseBand(1000, 1005.1, 5)).toBe(true);
    expect(movesBeyondNoiseBand(1000, 1010, 5)).toBe(true);
    expect(movesBeyondNoiseBand(1000, 994, 5)).toBe(true);
    expect(movesBeyondNoiseBand(1000, 1000, 0)).toBe(false);
    expect(movesBeyondNoiseBand(1000, 1000.1, 0)).toBe(true);
  });

  test("1000, 1003, 1010 g move it once, at 1010; a slow drift of 3 g a step moves it when it passes the band", () => {
    const changes = (weights: number[], band = 5) => {
      let base: number | null = 1000;
      const moved: number[] = [];
      for (const weight of weights) {
        if (movesBeyondNoiseBand(base, weight, band)) {
          base = weight;
          moved.push(weight);
        }
      }
      return moved;
    };
    expect(changes([1000, 1003, 1010])).toEqual([1010]);
    // Compared with the previous reading instead, none of these would move it.
    expect(changes([1003, 1006, 1009, 1012, 1015])).toEqual([1006, 1012]);
    expect(changes([1002, 998, 1004, 996, 1001])).toEqual([]);
  });
});

describe("the handler", () => {
  test("counts bad topics and payloads per scale and reason, logs a reason at most once a minute, and passes valid readings on", () => {
    const lines: string[] = [];
    let now = NOW;
    const recorded: [number, number, number][] = [];
    const handler = createScaleReadingHandler({
      topicPrefix: "scales",
      logger: createLogger("warn", (line) => lines.push(line)),
      writer: { record: (extId, weight, at) => void recorded.push([extId, weight, at]) },
      clock: () => now,
    });
    const send = (topic: string, payload: string) => handler.onMessage(topic, Buffer.from(payload));
    send("scales/5/weight", "abc");
    send("scales/5/weight", "-5000");
    send("scales/5/weight", "x".repeat(2000));
    send("scales/abc/weight", "100");
    send("scales/6/weight", "1250");
    send("scales/6/weight", '{"weight": 1260, "ts": "2026-11-27T07:59:00Z"}');
    handler.rejectUnknown(99, 3);
    expect(handler.rejections()).toEqual({ "5": { badPayload: 3 }, abc: { badTopic: 1 }, "99": { unknownScale: 3 } });
    expect(recorded).toEqual([
      [6, 1250, NOW],
      [6, 1260, NOW - 60_000],
    ]);
    expect(handler.accepted()).toBe(2);
    // One line per reason so far; the next ones wait for the minute to pass.
    expect(lines.filter((line) => line.includes("readings rejected"))).toHaveLength(3);
    now += 30_000;
    send("scales/5/weight", "abc");
    expect(lines.filter((line) => line.includes("reason=badPayload"))).toHaveLength(1);
    now += 31_000;
    send("scales/5/weight", "abc");
    const badPayloadLines = lines.filter((line) => line.includes("reason=badPayload"));
    expect(badPayloadLines).toHaveLength(2);
    expect(badPayloadLines[1]).toContain("sinceLastLine=4") // the two after the first line, the one at 30 s and this one;
    expect(handler.rejections()["5"]).toEqual({ badPayload: 5 });
  });

  test("readings per minute and the newest reading's age come from memory", () => {
    let now = NOW;
    const handler = createScaleReadingHandler({ topicPrefix: "scales", logger: createLogger("silent"), writer: { record: () => {} }, clock: () => now });
    expect(handler.stats()).toEqual({ readingsPerMinute: 0, newestReadingAgeSeconds: null });
    for (let i = 0; i < 30; i++) {
      handler.onMessage("scales/1/weight", Buffer.from("100"));
      now += 1000;
    }
    expect(handler.stats()).toEqual({ readingsPerMinute: 30, newestReadingAgeSeconds: 1 });
    now += 45_000;
    expect(handler.stats()).toEqual({ readingsPerMinute: 14, newestReadingAgeSeconds: 46 });
    now += 60_000;
    expect(handler.stats()).toEqual({ readingsPerMinute: 0, newestReadingAgeSeconds: 106 });
  });
});

/**
 * The app's long-running pieces (src/lib/lifecycle.ts, docs/decisions/070-lifecycle.md): made
 * from the module list, started in its order, stopped in the reverse; and the server's drain at
 * shutdown (src/lib/http/server.ts).
 */
import { describe, expect, test } from "bun:test";
import { appTables } from "@/app";
import { topicMatches } from "@/mqtt/subscriber";
import { drainHttpServer } from "./http/server";
import { defineModule, moduleTables } from "./http/module";
import { createPieces, type PieceDeclaration, type PieceStart } from "./lifecycle";
import { createLogger, type Logger } from "./logger";

function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const base = createLogger("silent");
  const logger = { ...base, error: (message: string, fields?: Record<string, unknown>) => lines.push(`${message} ${JSON.stringify(fields)}`) } as Logger;
  return { logger, lines };
}

const START = {} as PieceStart;

describe("the pieces", () => {
  test("start in the declared order, stop in the reverse, each stop after the one before has finished", async () => {
    const events: string[] = [];
    const piece = (name: string): PieceDeclaration => ({
      name,
      create: () => ({
        start: async () => {
          await Bun.sleep(1);
          events.push(`start ${name}`);
        },
        stop: async () => {
          events.push(`stopping ${name}`);
          await Bun.sleep(1);
          events.push(`stopped ${name}`);
        },
      }),
    });
    const pieces = createPieces([piece("a.one"), piece("b.two"), piece("c.three")], { logger: createLogger("silent"), mqttTopicPrefix: "scales" });
    expect(pieces.names).toEqual(["a.one", "b.two", "c.three"]);
    await pieces.start(START);
    await pieces.stop();
    expect(events).toEqual(["start a.one", "start b.two", "start c.three", "stopping c.three", "stopped c.three", "stopping b.two", "stopped b.two", "stopping a.one", "stopped a.one"]);
    // A second stop has nothing left to stop.
    await pieces.stop();
    expect(events.length).toBe(9);
  });

  test("a piece that fails to start is logged, the others start, and only the started ones are stopped", async () => {
    const { logger, lines } = recordingLogger();
    const stopped: string[] = [];
    const pieces = createPieces(
      [
        { name: "a.ok", create: () => ({ stop: async () => void stopped.push("a.ok") }) },
        { name: "b.broken", create: () => ({ start: () => Promise.reject(new Error("no luck")), stop: async () => void stopped.push("b.broken") }) },
        { name: "c.failsToStop", create: () => ({ stop: () => Promise.reject(new Error("stuck")) }) },
      ],
      { logger, mqttTopicPrefix: "scales" },
    );
    await pieces.start(START);
    await pieces.stop();
    expect(stopped).toEqual(["a.ok"]);
    expect(lines).toEqual(['a background piece did not start {"piece":"b.broken","error":"no luck"}', 'a background piece did not stop cleanly {"piece":"c.failsToStop","error":"stuck"}']);
  });

  test("MQTT feeds are collected when the pieces are made, before any start; stats are read by name", () => {
    const onMessage = () => {};
    const pieces = createPieces(
      [
        { name: "a.feed", create: ({ mqttTopicPrefix }) => ({ mqtt: { topic: `${mqttTopicPrefix}/+/weight`, onMessage }, stats: () => ({ seen: 3 }) }) },
        { name: "b.quiet", create: () => ({}) },
      ],
      { logger: createLogger("silent"), mqttTopicPrefix: "halls/east" },
    );
    expect(pieces.feeds).toEqual([{ topic: "halls/east/+/weight", onMessage }]);
    expect(pieces.stats("a.feed")).toEqual({ seen: 3 });
    expect(pieces.stats("b.quiet")).toBeUndefined();
  });

  test("a piece declared twice is a wiring mistake", () => {
    const piece: PieceDeclaration = { name: "x.same", create: () => ({}) };
    expect(() => moduleTables([defineModule({ name: "x", pieces: [piece] }), defineModule({ name: "y", pieces: [piece] })])).toThrow('piece "x.same" is declared twice');
  });

  test("the app's pieces, in start order: the scale feed, the live pages, the PDF workers, the job runner", () => {
    expect(appTables.pieces.map((piece) => piece.name)).toEqual(["warehouse.scaleFeed", "warehouse.scaleLive", "orders.pdfWorkers", "jobs.runner"]);
    const pieces = createPieces(appTables.pieces, { logger: createLogger("silent"), mqttTopicPrefix: "scales" });
    expect(pieces.feeds.map((feed) => feed.topic)).toEqual(["scales/+/weight"]);
  });
});

describe("MQTT topic filters", () => {
  test("+ matches one level, # the rest", () => {
    expect(topicMatches("scales/+/weight", "scales/17/weight")).toBe(true);
    expect(topicMatches("scales/+/weight", "scales/17/weight/x")).toBe(false);
    expect(topicMatches("scales/+/weight", "scales/weight")).toBe(false);
    expect(topicMatches("scales/#", "scales/17/weight")).toBe(true);
    expect(topicMatches("doors/+/open", "scales/17/weight")).toBe(false);
  });
});

describe("the server's drain", () => {
  /** A server whose one request answers once `held` resolves; `inFlight` settles with the client's answer or its cut connection. */
  async function heldRequest(held: Promise<void>) {
    let arrived!: () => void;
    const inside = new Promise<void>((resolve) => (arrived = resolve));
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch() {
        arrived();
        await held;
        return new Response("answered");
      },
    });
    const url = `http://127.0.0.1:${server.port}/`;
    const inFlight = fetch(url).then((response) => response.text(), () => "cut off");
    await inside;
    return { server, url, inFlight };
  }
  const hangingRequest = () => heldRequest(new Promise(() => {}));

  test("a request in flight is answered, a new connection is refused", async () => {
    let release!: () => void;
    const { server, url, inFlight } = await heldRequest(new Promise<void>((resolve) => (release = resolve)));
    const drained = drainHttpServer(server, { graceMs: 60_000 });
    expect(await fetch(url, { keepalive: false }).then(() => "answered", () => "refused")).toBe("refused");
    release();
    expect(await inFlight).toBe("answered");
    expect(await drained).toBe("drained");
  });

  test("past the grace, the connections still open are closed", async () => {
    const { server, inFlight } = await hangingRequest();
    expect(await drainHttpServer(server, { graceMs: 50 })).toBe("forced");
    expect(await inFlight).toBe("cut off");
  });

  test("a second signal closes the connections still open at once", async () => {
    const { server, inFlight } = await hangingRequest();
    let secondSignal!: () => void;
    const drained = drainHttpServer(server, { graceMs: 600_000, now: new Promise<void>((resolve) => (secondSignal = resolve)) });
    secondSignal();
    expect(await drained).toBe("forced");
    expect(await inFlight).toBe("cut off");
  });
});

import { afterEach, describe, expect, test } from "bun:test";
import { createServer, type AddressInfo, type Server } from "node:net";
import { connectAsync, type MqttClient } from "mqtt";
import { createLogger, type Logger } from "@/lib/logger";
import { startEmbeddedBroker, type EmbeddedBroker } from "./broker";
import { startMqtt, type Mqtt } from "./index";
import { startSubscriber, type Subscriber } from "./subscriber";

/**
 * Every test runs on the embedded aedes broker, and again on a real broker (Mosquitto) when
 * TEST_MQTT_URL is set. On a real broker each run uses its own topic prefix, so parallel runs
 * cannot see each other's messages.
 */
const externalUrl = process.env.TEST_MQTT_URL?.trim() || undefined;
const runId = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const modes: { name: string; url: string | undefined; prefix: string }[] = [
  { name: "embedded aedes", url: undefined, prefix: "scales" },
  ...(externalUrl ? [{ name: `external broker ${externalUrl}`, url: externalUrl, prefix: `ohrada-test-${runId}/scales` }] : []),
];

// Every wait here is on an event (a log line, a message, a subscription, an exit), without a
// deadline of its own: the test's limit is the only clock, so a busy machine makes a wait longer,
// never a test red. A lost event still fails the test, at its limit.

/** A logger that records lines and lets a test wait for a line to appear. */
function captureLogger() {
  const lines: string[] = [];
  const waiters: { pattern: RegExp; count: number; resolve: () => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (lines.filter((line) => waiter.pattern.test(line)).length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const logger: Logger = createLogger("debug", (line) => {
    lines.push(line);
    check();
  });
  return {
    logger,
    lines,
    matching: (pattern: RegExp) => lines.filter((line) => pattern.test(line)),
    waitFor(pattern: RegExp, count = 1): Promise<void> {
      return new Promise<void>((resolve) => {
        waiters.push({ pattern, count, resolve });
        check();
      });
    },
  };
}

type Received = { topic: string; payload: Buffer };

/** onMessage that queues messages; next() waits for the next one. */
function inbox() {
  const queue: Received[] = [];
  const waiting: ((message: Received) => void)[] = [];
  return {
    onMessage(topic: string, payload: Buffer) {
      const message = { topic, payload };
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    },
    next(): Promise<Received> {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise<Received>((resolve) => waiting.push(resolve));
    },
  };
}

// Everything a test starts is closed afterwards, even when the test fails.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function publisher(url: string): Promise<MqttClient> {
  const client = await connectAsync(url, { reconnectPeriod: 0, clientId: `ohrada-test-pub-${runId}-${Math.random().toString(16).slice(2, 8)}` });
  cleanups.push(() => client.endAsync());
  return client;
}

async function started(mode: (typeof modes)[number], logger: Logger, onMessage?: (topic: string, payload: Buffer) => void | Promise<void>): Promise<Mqtt> {
  const mqtt = await startMqtt({
    env: { MQTT_URL: mode.url, MQTT_PORT: 0, MQTT_TOPIC_PREFIX: mode.prefix },
    logger,
    onMessage,
  });
  cleanups.push(() => mqtt.close());
  return mqtt;
}

for (const mode of modes) {
  describe(`MQTT on ${mode.name}`, () => {
    test("a published weight reaches onMessage with its plain topic and payload", async () => {
      const log = captureLogger();
      const box = inbox();
      const mqtt = await started(mode, log.logger, box.onMessage);
      await mqtt.ready();

      const pub = await publisher(mode.url ?? mqtt.brokerUrl);
      await pub.publishAsync(`${mode.prefix}/7/weight`, JSON.stringify({ weight: 1234 }), { qos: 1 });

      const message = await box.next();
      expect(message.topic).toBe(`${mode.prefix}/7/weight`);
      expect(JSON.parse(message.payload.toString("utf8"))).toEqual({ weight: 1234 });
      const subscribed = log.matching(/MQTT subscribed/);
      expect(subscribed).toHaveLength(1);
      // The external broker gets the shared subscription; aedes cannot deliver it, so it gets the plain one.
      expect(subscribed[0]).toContain(mode.url ? `topic=$share/ohrada/${mode.prefix}/+/weight` : `topic=${mode.prefix}/+/weight`);
    });

    test("status() is down before connecting, up once subscribed, and down after close()", async () => {
      const log = captureLogger();
      const mqtt = await started(mode, log.logger);
      // Connecting needs a network round trip, which cannot have happened yet.
      expect(mqtt.status()).toBe("down");
      await mqtt.ready();
      expect(mqtt.status()).toBe("up");
      expect(log.matching(/INFO MQTT connected/)).toHaveLength(1);
      await mqtt.close();
      expect(mqtt.status()).toBe("down");
      await mqtt.close(); // idempotent
    });

    test("a handler that throws or rejects is logged and later messages still arrive", async () => {
      const log = captureLogger();
      const box = inbox();
      let calls = 0;
      const mqtt = await started(mode, log.logger, (topic, payload) => {
        calls += 1;
        if (calls === 1) throw new Error("boom from a sync handler");
        if (calls === 2) return Promise.reject(new Error("boom from an async handler"));
        box.onMessage(topic, payload);
      });
      await mqtt.ready();

      const pub = await publisher(mode.url ?? mqtt.brokerUrl);
      for (const weight of [1, 2, 3]) {
        await pub.publishAsync(`${mode.prefix}/8/weight`, String(weight), { qos: 1 });
      }

      const message = await box.next();
      expect(message.payload.toString()).toBe("3");
      await log.waitFor(/ERROR MQTT message handler failed/, 2);
      expect(log.matching(/boom from a sync handler/)).toHaveLength(1);
      expect(log.matching(/boom from an async handler/)).toHaveLength(1);
      expect(mqtt.status()).toBe("up");
    });

    test("close() leaves no open handles: a process that starts and closes MQTT exits by itself", async () => {
      const indexPath = `${import.meta.dir}/index.ts`;
      const script = `
        import { startMqtt } from ${JSON.stringify(indexPath)};
        const mqtt = await startMqtt({
          env: { MQTT_URL: process.env.CHILD_MQTT_URL || undefined, MQTT_PORT: 0, MQTT_TOPIC_PREFIX: ${JSON.stringify(mode.prefix)} },
          logger: { debug() {}, info() {}, warn: (m) => console.error(m), error: (m) => console.error(m) },
        });
        await mqtt.ready();
        console.log("status", mqtt.status());
        await mqtt.close();
        console.log("closed", mqtt.status());
      `;
      const child = Bun.spawn([process.execPath, "--eval", script], {
        cwd: `${import.meta.dir}/../..`,
        env: { ...process.env, CHILD_MQTT_URL: mode.url ?? "" },
        stdout: "pipe",
        stderr: "pipe",
      });
      cleanups.push(() => child.kill());
      // If a handle stayed open the child would never exit, and the test fails at its limit.
      const exitCode = await child.exited;
      const stdout = await new Response(child.stdout).text();
      const stderr = await new Response(child.stderr).text();
      expect({ exitCode, stdout, stderr }).toEqual({ exitCode: 0, stdout: "status up\nclosed down\n", stderr: "" });
    });
  });
}

describe("embedded broker", () => {
  test("a taken MQTT_PORT gives one warning line suggesting MQTT_URL and status down, without throwing", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as AddressInfo).port;

    const log = captureLogger();
    const mqtt = await startMqtt({ env: { MQTT_PORT: port, MQTT_TOPIC_PREFIX: "scales" }, logger: log.logger });
    cleanups.push(() => mqtt.close());

    expect(mqtt.status()).toBe("down");
    const warnings = log.matching(/ WARN /);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`MQTT port ${port} is already taken`);
    expect(warnings[0]).toContain(`MQTT_URL=mqtt://127.0.0.1:${port}`);
    expect(warnings[0]).not.toContain("\n");
    expect(log.matching(/ ERROR /)).toEqual([]);
    await expect(mqtt.ready()).rejects.toThrow("MQTT is down");
    await mqtt.close();
    expect(mqtt.status()).toBe("down");
  });

  if (externalUrl) {
    const external = new URL(externalUrl);
    if (["127.0.0.1", "localhost", "[::1]"].includes(external.hostname)) {
      test(`the real broker's port (${external.port || 1883}) counts as taken too`, async () => {
        const port = Number(external.port || 1883);
        const log = captureLogger();
        const mqtt = await startMqtt({ env: { MQTT_PORT: port, MQTT_TOPIC_PREFIX: "scales" }, logger: log.logger });
        cleanups.push(() => mqtt.close());
        expect(mqtt.status()).toBe("down");
        expect(log.matching(/ WARN .*is already taken.*MQTT_URL=/)).toHaveLength(1);
      });
    }
  }

  test("startEmbeddedBroker on port 0 reports the real port and rejects a second start on it", async () => {
    const first = await startEmbeddedBroker({ port: 0, host: "127.0.0.1", topicPrefix: "scales", logger: captureLogger().logger });
    cleanups.push(() => first.close());
    expect(first.port).toBeGreaterThan(0);
    const attempt = startEmbeddedBroker({ port: first.port, host: "127.0.0.1", topicPrefix: "scales", logger: captureLogger().logger });
    await expect(attempt).rejects.toThrow(`MQTT port ${first.port} is already taken (is Mosquitto running?). Set MQTT_URL=mqtt://127.0.0.1:${first.port} to use that broker instead.`);
  });

  test("the subscriber reconnects and subscribes again after the broker restarts", async () => {
    const log = captureLogger();
    let broker: EmbeddedBroker = await startEmbeddedBroker({ port: 0, host: "127.0.0.1", topicPrefix: "scales", logger: log.logger });
    const port = broker.port;
    cleanups.push(() => broker.close());
    const box = inbox();
    const subscriber: Subscriber = startSubscriber({
      url: `mqtt://127.0.0.1:${port}`,
      topicPrefix: "scales",
      logger: log.logger,
      onMessage: box.onMessage,
      shared: false,
    });
    cleanups.push(() => subscriber.close());
    await subscriber.ready();
    expect(subscriber.status()).toBe("up");

    await broker.close();
    await log.waitFor(/WARN MQTT broker is unreachable/);
    expect(subscriber.status()).toBe("down");

    broker = await startEmbeddedBroker({ port, host: "127.0.0.1", topicPrefix: "scales", logger: log.logger });
    await log.waitFor(/INFO MQTT subscribed/, 2);
    expect(log.matching(/INFO MQTT reconnected/)).toHaveLength(1);
    expect(subscriber.status()).toBe("up");

    const pub = await publisher(`mqtt://127.0.0.1:${port}`);
    await pub.publishAsync("scales/9/weight", "500", { qos: 1 });
    const message = await box.next();
    expect(message).toEqual({ topic: "scales/9/weight", payload: Buffer.from("500") });
  });
});

describe("embedded broker: who may connect, publish and subscribe", () => {
  const connectTo = async (port: number, options: { username?: string; password?: string } = {}) => {
    const client = await connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
    cleanups.push(() => client.endAsync(true));
    return client;
  };

  test("it listens on loopback by default and says so", async () => {
    const log = captureLogger();
    const broker = await startEmbeddedBroker({ port: 0, host: "127.0.0.1", topicPrefix: "scales", logger: log.logger });
    cleanups.push(() => broker.close());
    expect(log.matching(/embedded MQTT broker listening host=127\.0\.0\.1 .*login="anonymous \(loopback only\)"/)).toHaveLength(1);
    const { parseEnv } = await import("@/env");
    expect(parseEnv({}).MQTT_HOST).toBe("127.0.0.1");
  });

  test("beyond loopback it refuses to start without a login, and the configuration says why", async () => {
    const attempt = startEmbeddedBroker({ port: 0, host: "0.0.0.0", topicPrefix: "scales", logger: captureLogger().logger });
    await expect(attempt).rejects.toThrow("MQTT_HOST=0.0.0.0 lets other machines connect: set MQTT_USERNAME and MQTT_PASSWORD");
    const { parseEnv } = await import("@/env");
    expect(() => parseEnv({ MQTT_HOST: "0.0.0.0" })).toThrow('MQTT_HOST="0.0.0.0": other machines could connect to the embedded broker; set MQTT_USERNAME and MQTT_PASSWORD');
    expect(() => parseEnv({ MQTT_USERNAME: "scale" })).toThrow("MQTT_PASSWORD is missing: MQTT_USERNAME needs it");
    expect(parseEnv({ MQTT_HOST: "0.0.0.0", MQTT_USERNAME: "scale", MQTT_PASSWORD: "vahy-heslo-1" }).MQTT_HOST).toBe("0.0.0.0");
  });

  test("with a login set, a client without it or with a wrong password is refused; the app's subscriber logs in and gets weights", async () => {
    const log = captureLogger();
    const box = inbox();
    const mqtt = await startMqtt({
      env: { MQTT_PORT: 0, MQTT_HOST: "0.0.0.0", MQTT_USERNAME: "scale", MQTT_PASSWORD: "vahy-heslo-1", MQTT_TOPIC_PREFIX: "scales" },
      logger: log.logger,
      onMessage: box.onMessage,
    });
    cleanups.push(() => mqtt.close());
    await mqtt.ready();
    const port = Number(new URL(mqtt.brokerUrl).port);
    expect(log.matching(/listening host=0\.0\.0\.0 .*login=required/)).toHaveLength(1);

    await expect(connectTo(port)).rejects.toThrow(/Not authorized|Bad username or password/);
    await expect(connectTo(port, { username: "scale", password: "spatne-heslo" })).rejects.toThrow(/Not authorized|Bad username or password/);
    const scale = await connectTo(port, { username: "scale", password: "vahy-heslo-1" });
    await scale.publishAsync("scales/4/weight", "1250", { qos: 1 });
    expect(await box.next()).toEqual({ topic: "scales/4/weight", payload: Buffer.from("1250") });
  });

  test("nobody may subscribe to # or $SYS/#, nor publish outside the scale topics", async () => {
    const log = captureLogger();
    const box = inbox();
    const mqtt = await startMqtt({ env: { MQTT_PORT: 0, MQTT_TOPIC_PREFIX: "scales" }, logger: log.logger, onMessage: box.onMessage });
    cleanups.push(() => mqtt.close());
    await mqtt.ready();
    const port = Number(new URL(mqtt.brokerUrl).port);

    const reader = await connectTo(port);
    // mqtt.js rejects a SUBACK that refuses any filter; the grants ride on the error's packet.
    const refusal = await reader.subscribeAsync(["#", "$SYS/#", "scales/+/weight"], { qos: 1 }).then(
      () => null,
      (error: { packet?: { granted?: number[] } }) => error,
    );
    expect(refusal?.packet?.granted).toEqual([128, 128, 1]);

    const rogue = await connectTo(port);
    const closed = new Promise<void>((resolve) => rogue.once("close", () => resolve()));
    rogue.publish("scales/4/other", "1");
    await closed;
    expect(log.matching(/refused a publish outside the scale topics .*topic=scales\/4\/other/)).toHaveLength(1);

    const scale = await connectTo(port);
    await scale.publishAsync("scales/4/weight", "800", { qos: 1 });
    expect(await box.next()).toEqual({ topic: "scales/4/weight", payload: Buffer.from("800") });
  });
});

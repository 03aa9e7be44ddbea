import { afterEach, expect, test } from "bun:test";
import { connect as connectTcp, type Socket } from "node:net";
import { connectAsync, type MqttClient } from "mqtt";
import mqttPacket from "mqtt-packet";
import { createLogger } from "@/lib/logger";
import { startEmbeddedBroker, type EmbeddedBroker } from "./broker";
import { waitUntil } from "../../tests/helpers/wait";


/**
 * docs/decisions/057-scale-feed-ingestion.md: a client of the embedded broker that stops reading its socket must not slow the feed
 * for everyone else (docs/decisions/057-scale-feed-ingestion.md). The stalled client here is a raw
 * TCP socket that connects and subscribes, then never reads again; the test waits for a condition
 * with a generous guard and never measures a duration.
 */

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Conditions are awaited without a deadline: the test's limit is the only clock. */
const waitFor = (condition: () => boolean, what: string) => waitUntil(condition, (met) => met, what, 20);

/** Connects and subscribes to `scales/+/weight` with hand-made packets, then never reads again. */
async function stalledSubscriber(port: number): Promise<Socket> {
  const socket = connectTcp({ port, host: "127.0.0.1" });
  cleanups.push(() => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  socket.on("error", () => {});
  socket.write(mqttPacket.generate({ cmd: "connect", protocolId: "MQTT", protocolVersion: 4, clean: true, clientId: `stalled-${process.pid}`, keepalive: 0 }));
  socket.write(mqttPacket.generate({ cmd: "subscribe", messageId: 1, subscriptions: [{ topic: "scales/+/weight", qos: 0 }] }));
  // Read the CONNACK and SUBACK (5 + 5 bytes), then stop reading for good.
  await new Promise<void>((resolve) => {
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes >= 9) {
        socket.off("data", onData);
        socket.pause();
        resolve();
      }
    };
    socket.on("data", onData);
  });
  return socket;
}

test("a subscriber that never reads does not hold up the others: the healthy one gets all 200 readings", async () => {
  const warnings: string[] = [];
  const logger = createLogger("warn", (line) => warnings.push(line));
  const broker: EmbeddedBroker = await startEmbeddedBroker({ port: 0, host: "127.0.0.1", topicPrefix: "scales", logger });
  cleanups.push(() => broker.close());
  const url = `mqtt://127.0.0.1:${broker.port}`;

  await stalledSubscriber(broker.port);
  // The stalled client reads nothing, so it never sees its own end: the broker's log says it.
  const stalledDropped = () => warnings.some((line) => line.includes("dropped a client that stopped reading"));

  const healthy: MqttClient = await connectAsync(url, { reconnectPeriod: 0, clientId: `healthy-${process.pid}` });
  cleanups.push(() => healthy.endAsync(true));
  let readings = 0;
  healthy.on("message", (topic) => {
    if (topic === "scales/2/weight") readings += 1;
  });
  await healthy.subscribeAsync("scales/+/weight", { qos: 0 });

  const publisher: MqttClient = await connectAsync(url, { reconnectPeriod: 0, clientId: `publisher-${process.pid}` });
  cleanups.push(() => publisher.endAsync(true));
  const big = Buffer.alloc(10 * 1024, "7");
  for (let i = 0; i < 600; i++) {
    publisher.publish("scales/1/weight", big, { qos: 0 });
    if (i % 3 === 0) publisher.publish("scales/2/weight", String(1000 + i), { qos: 0 });
  }

  await waitFor(() => readings >= 200, `200 readings at the healthy subscriber (got ${readings})`);
  expect(readings).toBe(200);

  // However much the kernel's socket buffers absorbed, the stalled client's backlog passes the
  // bound once enough is published, and the broker drops it.
  while (!stalledDropped()) {
    await publisher.publishAsync("scales/1/weight", big, { qos: 1 });
  }
  expect(warnings.filter((line) => line.includes("dropped a client that stopped reading"))).toHaveLength(1);
  expect(healthy.connected).toBe(true);
});

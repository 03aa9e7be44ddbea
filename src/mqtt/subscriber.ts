import { hostname } from "node:os";
import { connect, type ISubscriptionGrant, type MqttClient } from "mqtt";
import type { MqttFeed } from "@/lib/lifecycle";
import type { Logger } from "@/lib/logger";
import type { MqttCredentials } from "./broker";

/** Shared-subscription group: every app instance joins it, so N instances split the scale feed. */
export const SHARE_GROUP = "ohrada";
/** Delay between reconnect attempts. */
export const RECONNECT_PERIOD_MS = 1000;

export type MessageHandler = (topic: string, payload: Buffer) => void | Promise<void>;

export interface SubscriberOptions {
  url: string;
  /** Topic prefix, e.g. "scales": the subscriber listens on `<prefix>/+/weight`. */
  topicPrefix: string;
  logger: Logger;
  onMessage?: MessageHandler;
  /**
   * The subscriptions and their handlers, as the modules' pieces declare them
   * (docs/architecture.md#components). Unset: `<prefix>/+/weight`, handled by `onMessage`.
   */
  feeds?: readonly MqttFeed[];
  /**
   * Subscribe through the shared subscription `$share/ohrada/<prefix>/+/weight` (default true).
   * Pass `false` for brokers that do not deliver shared subscriptions, such as the embedded aedes
   * (it grants them but never delivers): then the plain `<prefix>/+/weight` is used.
   */
  shared?: boolean;
  /** Sent at connect unless the URL carries its own user. */
  credentials?: MqttCredentials;
}

/** What the app's MQTT side offers, whichever broker is behind it. */
export interface MqttConnection {
  /** "up" while connected with the subscription granted, otherwise "down" (for /healthz). */
  status(): "up" | "down";
  /** Resolves once the scale subscription is active; rejects if MQTT is down for good or closed first. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface Subscriber extends MqttConnection {
  client: MqttClient;
}

/** The topic filter the subscriber listens on (without the `$share/…` part). */
export function weightTopicFilter(topicPrefix: string): string {
  return `${topicPrefix.replace(/\/+$/, "")}/+/weight`;
}

/** `$share/<group>/scales/7/weight` → `scales/7/weight`; other topics are returned unchanged. */
export function stripSharePrefix(topic: string): string {
  return topic.replace(/^\$share\/[^/]+\//, "");
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Whether `topic` falls under the MQTT topic filter `filter` (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const want = filter.split("/");
  const have = topic.split("/");
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "#") return true;
    if (i >= have.length || (want[i] !== "+" && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}

export function startSubscriber({ url, topicPrefix, logger, onMessage, feeds, shared = true, credentials }: SubscriberOptions): Subscriber {
  const handled: readonly MqttFeed[] = feeds ?? [{ topic: weightTopicFilter(topicPrefix), onMessage: onMessage ?? (() => {}) }];
  const subscriptions = handled.map((feed) => (shared ? `$share/${SHARE_GROUP}/${feed.topic}` : feed.topic));
  const subscription = subscriptions.join(", ");
  const clientId = `ohrada-${hostname()}-${process.pid}-${Math.random().toString(16).slice(2, 10)}`;
  const where = { url: redactUrl(url), clientId };

  let subscribed = false;
  let closed = false;
  let everConnected = false;
  // Errors repeat on every reconnect attempt; log each distinct one once per outage.
  const reportedErrors = new Set<string>();

  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const readyPromise = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // Nobody has to wait for ready(); an early close must not become an unhandled rejection.
  readyPromise.catch(() => {});

  const client = connect(url, {
    clientId,
    ...(credentials && !new URL(url).username ? credentials : {}),
    clean: true,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: 10_000,
    // Subscribing is done explicitly on every (re)connect below.
    resubscribe: false,
  });

  client.on("connect", () => {
    reportedErrors.clear();
    logger.info(everConnected ? "MQTT reconnected" : "MQTT connected", where);
    everConnected = true;
    subscribed = false;
    if (!subscriptions.length) {
      subscribed = true;
      resolveReady();
      return;
    }
    client.subscribe(subscriptions, { qos: 1 }, (error: Error | null, granted?: ISubscriptionGrant[]) => {
      if (closed) return;
      const refused = granted?.find((grant) => grant.qos > 2);
      if (error || refused) {
        logger.error("MQTT subscribe failed", { ...where, topic: subscription, error: error?.message ?? `granted qos ${refused?.qos}` });
        return;
      }
      subscribed = true;
      logger.info("MQTT subscribed", { topic: subscription, qos: granted?.[0]?.qos ?? 1 });
      resolveReady();
    });
  });

  client.on("reconnect", () => logger.debug("MQTT reconnecting", where));

  client.on("offline", () => {
    subscribed = false;
    if (!closed) logger.warn(`MQTT broker is unreachable, retrying every ${RECONNECT_PERIOD_MS} ms`, where);
  });

  client.on("close", () => {
    subscribed = false;
  });

  client.on("error", (error: Error & { code?: string | number }) => {
    const key = `${error.code ?? ""} ${error.message}`;
    if (reportedErrors.has(key)) {
      logger.debug("MQTT error", { ...where, error: error.message });
      return;
    }
    reportedErrors.add(key);
    // A numeric code is the broker's refusal (bad credentials, not authorised…); a string code is the network.
    const level = typeof error.code === "number" ? "error" : "warn";
    logger[level]("MQTT error", { ...where, error: error.message, ...(error.code === undefined ? {} : { code: error.code }) });
  });

  client.on("message", (rawTopic: string, payload: Buffer) => {
    const topic = stripSharePrefix(rawTopic);
    const feed = handled.length === 1 ? handled[0] : handled.find((candidate) => topicMatches(candidate.topic, topic));
    if (!feed) return;
    const fail = (error: unknown) =>
      logger.error("MQTT message handler failed", { topic, error: error instanceof Error ? error.message : String(error) });
    try {
      const result = feed.onMessage(topic, payload);
      if (result && typeof (result as Promise<void>).then === "function") (result as Promise<void>).catch(fail);
    } catch (error) {
      fail(error);
    }
  });

  let closing: Promise<void> | undefined;
  return {
    status: () => (client.connected && subscribed ? "up" : "down"),
    client,
    ready: () => readyPromise,
    close() {
      closing ??= (async () => {
        closed = true;
        subscribed = false;
        rejectReady(new Error("MQTT subscriber closed before it subscribed"));
        // A graceful end sends DISCONNECT and waits for the socket to close. A broker that has gone
        // silent must not hold shutdown up, so the socket is destroyed if that takes too long.
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve) => {
          client.end(false, () => resolve());
          timer = setTimeout(() => {
            client.stream?.destroy();
            resolve();
          }, 3000);
        });
        clearTimeout(timer);
        logger.info("MQTT subscriber closed", where);
      })();
      return closing;
    },
  };
}

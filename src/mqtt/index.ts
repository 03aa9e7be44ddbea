import type { MqttFeed } from "@/lib/lifecycle";
import type { Logger } from "@/lib/logger";
import { MqttPortTakenError, startEmbeddedBroker, type EmbeddedBroker, type MqttCredentials } from "./broker";
import { type MqttConnection, redactUrl, startSubscriber, type MessageHandler, type Subscriber } from "./subscriber";

export { MqttPortTakenError, scaleTopicRules, startEmbeddedBroker } from "./broker";
export { startSubscriber, topicMatches, weightTopicFilter, SHARE_GROUP, type MessageHandler } from "./subscriber";

export interface MqttEnv {
  /** External broker (e.g. Mosquitto). Unset: the embedded aedes broker is started. */
  MQTT_URL?: string;
  /** Port of the embedded broker; 0 picks a free one. Ignored when MQTT_URL is set. */
  MQTT_PORT: number;
  /** Interface of the embedded broker; loopback by default. Ignored when MQTT_URL is set. */
  MQTT_HOST?: string;
  /** The login of scales and the app: the embedded broker demands it, the app sends it to either broker. */
  MQTT_USERNAME?: string;
  MQTT_PASSWORD?: string;
  MQTT_TOPIC_PREFIX: string;
}

export interface MqttOptions {
  env: MqttEnv;
  logger: Logger;
  onMessage?: MessageHandler;
  /** The modules' subscriptions (src/lib/lifecycle.ts); unset: `<prefix>/+/weight` handled by `onMessage`. */
  feeds?: readonly MqttFeed[];
}

export interface Mqtt extends MqttConnection {
  /** The broker the subscriber talks to (password redacted). */
  brokerUrl: string;
}

/**
 * Starts MQTT for the app. Never throws: when the embedded broker cannot start (say a Mosquitto
 * already holds MQTT_PORT), it logs one warning line suggesting MQTT_URL and reports "down",
 * so HTTP keeps serving.
 *
 * The embedded aedes broker does not deliver `$share/…` subscriptions, so against it the plain
 * topic is used (`shared: false`); it runs inside this one process anyway. An external broker
 * gets the shared subscription `$share/ohrada/<prefix>/+/weight`, so app instances split the feed.
 */
export async function startMqtt({ env, logger, onMessage, feeds }: MqttOptions): Promise<Mqtt> {
  const topicPrefix = env.MQTT_TOPIC_PREFIX;
  const credentials: MqttCredentials | undefined =
    env.MQTT_USERNAME && env.MQTT_PASSWORD ? { username: env.MQTT_USERNAME, password: env.MQTT_PASSWORD } : undefined;

  if (env.MQTT_URL) {
    const brokerUrl = redactUrl(env.MQTT_URL);
    try {
      const subscriber = startSubscriber({ url: env.MQTT_URL, topicPrefix, logger, onMessage, feeds, shared: true, credentials });
      return fromSubscriber(subscriber, brokerUrl);
    } catch (error) {
      // connect() only throws synchronously on an unusable URL.
      logger.warn(`MQTT is down: cannot use MQTT_URL ${brokerUrl}: ${error instanceof Error ? error.message : String(error)}`);
      return down(brokerUrl);
    }
  }

  let broker: EmbeddedBroker;
  try {
    broker = await startEmbeddedBroker({ port: env.MQTT_PORT, host: env.MQTT_HOST ?? "127.0.0.1", credentials, topicPrefix, logger });
  } catch (error) {
    const message =
      error instanceof MqttPortTakenError
        ? error.message
        : `Embedded MQTT broker failed to start (${error instanceof Error ? error.message : String(error)}). Set MQTT_URL to use an external broker.`;
    logger.warn(message);
    return down(`mqtt://127.0.0.1:${env.MQTT_PORT}`);
  }

  const brokerUrl = `mqtt://127.0.0.1:${broker.port}`;
  const subscriber = startSubscriber({ url: brokerUrl, topicPrefix, logger, onMessage, feeds, shared: false, credentials });
  const mqtt = fromSubscriber(subscriber, brokerUrl);
  let closing: Promise<void> | undefined;
  return {
    ...mqtt,
    close() {
      closing ??= mqtt.close().finally(() => broker.close());
      return closing;
    },
  };
}

function fromSubscriber(subscriber: Subscriber, brokerUrl: string): Mqtt {
  return {
    status: () => subscriber.status(),
    brokerUrl,
    ready: () => subscriber.ready(),
    close: () => subscriber.close(),
  };
}

function down(brokerUrl: string): Mqtt {
  return {
    status: () => "down",
    brokerUrl,
    ready: () => Promise.reject(new Error("MQTT is down")),
    close: async () => {},
  };
}

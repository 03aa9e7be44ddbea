import { timingSafeEqual } from "node:crypto";
import type { EventEmitter } from "node:events";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { Aedes } from "aedes";
import type { Logger } from "@/lib/logger";
import { isLoopbackHost } from "@/lib/net";

export interface EmbeddedBrokerOptions {
  /** TCP port; 0 picks a free one (the real port is reported back). */
  port: number;
  /** Interface to bind (MQTT_HOST); loopback unless scales on the LAN must reach it. */
  host: string;
  /** Clients must log in with these (MQTT_USERNAME/MQTT_PASSWORD); required beyond loopback. */
  credentials?: MqttCredentials;
  /** Scales publish to `<prefix>/<extId>/weight`; nothing else may be published or subscribed. */
  topicPrefix: string;
  logger: Logger;
  /** A client with more than this unsent is disconnected (default MAX_CLIENT_BACKLOG_BYTES). */
  maxClientBacklogBytes?: number;
}

export interface MqttCredentials {
  username: string;
  password: string;
}


const sameSecret = (given: string | Buffer | undefined | null, expected: string) => {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * What clients of the embedded broker may do: scales publish their weight, the app subscribes to
 * the weights (plainly, or through the shared subscription an external broker would need).
 * Nobody may read `#` or `$SYS/#`, nor publish anywhere else.
 */
export function scaleTopicRules(topicPrefix: string) {
  const prefix = topicPrefix.replace(/\/+$/, "");
  const segment = "[^/+#$][^/+#]*";
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const weightTopic = new RegExp(`^${escaped}/${segment}/weight$`);
  const filters = new Set([`${prefix}/+/weight`, `$share/ohrada/${prefix}/+/weight`]);
  return {
    mayPublish: (topic: string) => weightTopic.test(topic),
    maySubscribe: (filter: string) => filters.has(filter),
  };
}

/**
 * The most a client may have waiting in its socket, unsent (docs/decisions/057-scale-feed-ingestion.md).
 * aedes waits for a slow socket to drain before it finishes a delivery, and with a client that
 * stops reading, those waits filled its delivery slots and held every other subscriber up (a healthy
 * one got 0 of 200 readings). So writes never make aedes wait: the socket buffers them, and a client
 * that falls this far behind is disconnected. About 30,000 scale readings; a live client never
 * gets near it.
 */
export const MAX_CLIENT_BACKLOG_BYTES = 1024 * 1024;

/**
 * Lets the socket buffer what aedes writes (never answering "wait for drain") up to `maxBytes`
 * unsent; past that the connection is destroyed, which aedes sees as the client going away.
 */
function boundBacklog(socket: Socket, maxBytes: number, onDrop: (unsent: number) => void): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (socket.destroyed) return true;
    write(...args);
    if (socket.writableLength > maxBytes) {
      onDrop(socket.writableLength);
      socket.destroy();
    }
    return true;
  }) as typeof socket.write;
}

export interface EmbeddedBroker {
  /** The port actually listened on (differs from the requested one when it was 0). */
  port: number;
  close(): Promise<void>;
}

/** Thrown (as a rejection) when the embedded broker's port is already in use. */
export class MqttPortTakenError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(
      `MQTT port ${port} is already taken (is Mosquitto running?). ` +
        `Set MQTT_URL=mqtt://127.0.0.1:${port} to use that broker instead.`,
    );
    this.name = "MqttPortTakenError";
    this.port = port;
  }
}

/**
 * Starts an in-process aedes broker on a plain TCP server.
 *
 * Note: aedes 1.x grants `$share/<group>/…` subscriptions but never delivers to them, so clients
 * of the embedded broker must subscribe to plain topics (see startSubscriber's `shared: false`).
 */
export async function startEmbeddedBroker({
  port,
  host,
  credentials,
  topicPrefix,
  logger,
  maxClientBacklogBytes = MAX_CLIENT_BACKLOG_BYTES,
}: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  if (!isLoopbackHost(host) && !credentials) {
    throw new Error(`MQTT_HOST=${host} lets other machines connect: set MQTT_USERNAME and MQTT_PASSWORD so they must log in.`);
  }
  const aedes = await Aedes.createBroker();
  const rules = scaleTopicRules(topicPrefix);
  if (credentials) {
    aedes.authenticate = (client, username, password, callback) => {
      const ok = sameSecret(username, credentials.username) && sameSecret(password, credentials.password);
      if (!ok) logger.warn("mqtt broker refused a login", { clientId: client.id, username: username ?? "(none)" });
      callback(null, ok);
    };
  }
  aedes.authorizePublish = (client, packet, callback) => {
    if (rules.mayPublish(packet.topic)) return callback(null);
    logger.warn("mqtt broker refused a publish outside the scale topics", { clientId: client?.id, topic: packet.topic });
    callback(new Error(`publishing to ${packet.topic} is not allowed`));
  };
  aedes.authorizeSubscribe = (client, subscription, callback) => {
    if (rules.maySubscribe(subscription.topic)) return callback(null, subscription);
    logger.warn("mqtt broker refused a subscription", { clientId: client.id, topic: subscription.topic });
    callback(null, null);
  };
  // An EventEmitter "error" without a listener would crash the process.
  const emitter: EventEmitter = aedes; // aedes' typings omit the "error" event it does emit
  emitter.on("error", (error: Error) => logger.error("mqtt broker error", { error: error.message }));
  aedes.on("clientError", (client, error) => logger.debug("mqtt broker client error", { clientId: client.id, error: error.message }));
  aedes.on("connectionError", (_client, error) => logger.debug("mqtt broker connection error", { error: error.message }));
  aedes.on("client", (client) => logger.debug("mqtt broker client connected", { clientId: client.id }));
  aedes.on("clientDisconnect", (client) => logger.debug("mqtt broker client disconnected", { clientId: client.id }));

  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    boundBacklog(socket, maxClientBacklogBytes, (unsent) =>
      logger.warn("mqtt broker dropped a client that stopped reading", { remote: `${socket.remoteAddress}:${socket.remotePort}`, unsentBytes: unsent }),
    );
    aedes.handle(socket);
  });

  const closeAedes = () => new Promise<void>((resolve) => aedes.close(() => resolve()));

  try {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off("listening", onListening);
        reject(error.code === "EADDRINUSE" ? new MqttPortTakenError(port) : new Error(`MQTT broker cannot listen on port ${port}: ${error.message}`));
      };
      const onListening = () => {
        server.off("error", onError);
        resolve();
      };
      server.once("error", onError);
      server.once("listening", onListening);
      server.listen({ port, host });
    });
  } catch (error) {
    await closeAedes();
    throw error;
  }

  server.on("error", (error) => logger.error("mqtt broker server error", { error: error.message }));
  const realPort = (server.address() as AddressInfo).port;
  logger.info("embedded MQTT broker listening", { host, port: realPort, login: credentials ? "required" : "anonymous (loopback only)" });

  let closing: Promise<void> | undefined;
  return {
    port: realPort,
    close() {
      closing ??= (async () => {
        const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        await closeAedes();
        // Sockets that never sent CONNECT are not aedes clients yet; make sure none keep the server open.
        for (const socket of sockets) socket.destroy();
        await serverClosed;
        logger.info("embedded MQTT broker stopped", { port: realPort });
      })();
      return closing;
    },
  };
}

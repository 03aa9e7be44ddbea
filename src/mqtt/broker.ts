import type { EventEmitter } from "node:events";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { Aedes } from "aedes";
import type { Logger } from "@/lib/logger";

export interface EmbeddedBrokerOptions {
  /** TCP port; 0 picks a free one (the real port is reported back). */
  port: number;
  /** Interface to bind; all interfaces when omitted, so scales on the LAN can reach it. */
  host?: string;
  logger: Logger;
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
export async function startEmbeddedBroker({ port, host, logger }: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
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
      server.listen(host === undefined ? { port } : { port, host });
    });
  } catch (error) {
    await closeAedes();
    throw error;
  }

  server.on("error", (error) => logger.error("mqtt broker server error", { error: error.message }));
  const realPort = (server.address() as AddressInfo).port;
  logger.info("embedded MQTT broker listening", { port: realPort, host: host ?? "all interfaces" });

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

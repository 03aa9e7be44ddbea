/**
 * Live scale pages over server-sent events (docs/decisions/058-scale-live-updates.md). One poller
 * per database runs while at least one page listens: about once a second it reads the scales whose
 * last reading is newer than its last look (the feed's MQTT handler, on whichever instance, writes
 * them; the database is the only thing instances share), works out the scale quantity and colour
 * of the items on them by the page's rules, and sends each page what it shows. A page that reads
 * too slowly is dropped (its EventSource connects again); nothing waits for it.
 */
import type { Ctx, Lang } from "@/lib/context";
import { systemCtx } from "@/lib/context";
import { formatCzechDateTime } from "@/lib/dates";
import type { Database } from "@/lib/db";
import { tFor } from "@/lib/i18n";
import type { PieceDeclaration } from "@/lib/lifecycle";
import type { Logger } from "@/lib/logger";
import { formatDecimal } from "@/lib/money";
import type { WarehouseItemRow } from "../items/schemas";
import { itemsOnScales } from "../items/service";
import { ageText, gramsText } from "./format";
import { LIVE_EVENT, type LiveEvent, type LiveItem, type LiveScale, type LiveScope } from "./schemas";
import { type ScaleReading, scalesReportedAfter } from "./service";

/**
 * How often the poller looks, and how far back its first look reaches (later looks compare every
 * scale's reading with the one seen last, however it is stamped).
 */
export const POLL_INTERVAL_MS = 1000;
export const LOOK_BACK_MS = 10_000;
/** Every scale that has ever reported. */
const EVER = new Date(0);
/** A comment this often keeps proxies and Bun's idle timeout (10 s) from closing a quiet stream. */
export const HEARTBEAT_MS = 5000;
/** Events a client may have unread before it is dropped. */
export const CLIENT_BUFFER_EVENTS = 32;

export type LiveItemState = WarehouseItemRow & { grams: number | null; scaleIds: number[] };

/** What one look found: the scales that reported since the last look and the items lying on them. */
export interface LiveUpdate {
  scales: ScaleReading[];
  items: LiveItemState[];
}

export interface LiveClient {
  scope: LiveScope;
  lang: Lang;
  /** Queues text on the stream; false when the client is gone or too slow (it is then dropped). */
  write(text: string): boolean;
  close(): void;
}

/** A scale's texts as the pages write them. */
export function liveScale(scale: ScaleReading, now: Date, lang: Lang): LiveScale {
  return {
    id: scale.id,
    weight: gramsText(scale.lastWeight, lang),
    weightNumber: scale.lastWeight === null ? "" : formatDecimal(scale.lastWeight, lang, 1),
    change: formatCzechDateTime(scale.lastWeightChange),
    reading: formatCzechDateTime(scale.lastReadingAt),
    age: ageText(scale.lastReadingAt, now, lang),
  };
}

/** An item's scale quantity cell as the warehouse page draws it (the colour's reason as its title). */
export function liveItem(item: LiveItemState, lang: Lang): LiveItem {
  const t = tFor(lang);
  return {
    id: item.id,
    quantity: item.scaleQuantity === null ? null : formatDecimal(item.scaleQuantity, lang, 3),
    colour: item.scaleColour,
    title: item.scaleColour === "red" ? t("stockView.scaleRed") : item.scaleColour === "orange" ? t("stockView.scaleOrange") : null,
    grams: gramsText(item.grams, lang),
  };
}

/** What a page of `scope` is sent of an update; null when nothing of it shows there. */
export function eventFor(scope: LiveScope, update: LiveUpdate, lang: Lang, now: Date): LiveEvent | null {
  let scales: ScaleReading[] = [];
  let items: LiveItemState[] = [];
  if (scope.kind === "scales") scales = update.scales;
  else if (scope.kind === "warehouse") items = update.items.filter((item) => item.warehouseId === scope.id);
  else {
    items = update.items.filter((item) => item.id === scope.id);
    const on = new Set(items.flatMap((item) => item.scaleIds));
    scales = update.scales.filter((scale) => on.has(scale.id));
  }
  if (!scales.length && !items.length) return null;
  return { scales: scales.map((scale) => liveScale(scale, now, lang)), items: items.map((item) => liveItem(item, lang)) };
}

export const sseEvent = (event: LiveEvent) => `event: ${LIVE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;

const scopeKey = (scope: LiveScope) => (scope.kind === "scales" ? "scales" : `${scope.kind}:${scope.id}`);

export class ScaleLivePoller {
  readonly clients = new Set<LiveClient>();
  /** Each scale's last reading as last seen: `<ms>|<grams>`. */
  private readonly seen = new Map<number, string>();
  private lastLook: Date | null = null;
  private lastHeartbeat = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private readonly ctx: Ctx;

  constructor(
    database: Pick<Database, "db">,
    private readonly options: { intervalMs?: number; logger?: Logger; clock?: () => Date } = {},
  ) {
    this.ctx = systemCtx(database.db);
  }

  private now = () => this.options.clock?.() ?? new Date();

  /**
   * One look: the scales whose reading (time and weight) differs from the one last seen, and the
   * items on them. Every reporting scale is read each time, not those stamped after the last look:
   * `last_reading_at` is the reading's own time, and a scale whose clock runs behind stamps it in
   * the past (docs/decisions/058-scale-live-updates.md). The first look sends only what reported in
   * the last LOOK_BACK_MS; the rest it only remembers.
   */
  async look(): Promise<LiveUpdate> {
    const started = this.now();
    const first = this.lastLook === null;
    const recent = started.getTime() - LOOK_BACK_MS;
    const rows = await scalesReportedAfter({ ctx: this.ctx, input: { after: EVER } });
    this.lastLook = started;
    const scales = rows.filter((row) => {
      const key = `${row.lastReadingAt.getTime()}|${row.lastWeight}`;
      if (this.seen.get(row.id) === key) return false;
      this.seen.set(row.id, key);
      return !first || row.lastReadingAt.getTime() >= recent;
    });
    const items = scales.length ? await itemsOnScales({ ctx: this.ctx, input: { scaleIds: scales.map((scale) => scale.id) } }) : [];
    return { scales, items };
  }

  /** Sends an update to every client it concerns; each (scope, language) is serialized once. */
  broadcast(update: LiveUpdate, now = this.now()): void {
    const texts = new Map<string, string | null>();
    for (const client of this.clients) {
      const key = `${scopeKey(client.scope)}|${client.lang}`;
      if (!texts.has(key)) {
        const event = eventFor(client.scope, update, client.lang, now);
        texts.set(key, event ? sseEvent(event) : null);
      }
      const text = texts.get(key);
      if (text) this.send(client, text);
    }
  }

  private send(client: LiveClient, text: string): void {
    if (!client.write(text)) this.remove(client);
  }

  /**
   * A new page: first what changed since it was rendered (`since`, the page's own clock reading),
   * which a look made before it connected would not send it again.
   */
  async add(client: LiveClient, since: Date | null): Promise<void> {
    this.clients.add(client);
    this.start();
    const from = since ?? new Date(this.now().getTime() - POLL_INTERVAL_MS);
    const scales = await scalesReportedAfter({ ctx: this.ctx, input: { after: new Date(from.getTime() - POLL_INTERVAL_MS) } });
    if (!scales.length || !this.clients.has(client)) return;
    const items = await itemsOnScales({ ctx: this.ctx, input: { scaleIds: scales.map((scale) => scale.id) } });
    const event = eventFor(client.scope, { scales, items }, client.lang, this.now());
    if (event) this.send(client, sseEvent(event));
  }

  remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    client.close();
    if (!this.clients.size) this.stop();
  }

  private start(): void {
    if (this.running) return;
    running.add(this);
    this.running = true;
    this.schedule();
  }

  /** Ends every page's stream (shutdown: the browsers connect again, to whichever instance answers). */
  closeAll(): void {
    for (const client of [...this.clients]) this.remove(client);
  }

  private stop(): void {
    running.delete(this);
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // The next start reads afresh: what a later page shows it gets from its own catch-up.
    this.lastLook = null;
    this.seen.clear();
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs ?? POLL_INTERVAL_MS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  private async tick(): Promise<void> {
    try {
      const update = await this.look();
      if (update.scales.length) this.broadcast(update);
      const now = Date.now();
      if (now - this.lastHeartbeat >= HEARTBEAT_MS) {
        this.lastHeartbeat = now;
        for (const client of this.clients) this.send(client, ": keep-alive\n\n");
      }
    } catch (error) {
      this.options.logger?.warn("scale live poller failed", { error: String(error) });
    } finally {
      this.schedule();
    }
  }
}

const pollers = new WeakMap<object, ScaleLivePoller>();
/** The pollers with pages listening (a poller with none has no timer and holds nothing open). */
const running = new Set<ScaleLivePoller>();

/**
 * The live pages as a piece of the app (docs/architecture.md#components): a poller starts with its
 * first page, so there is nothing to start; at shutdown every open stream is ended first, so the
 * server's drain of requests in flight does not wait for streams that never end.
 */
export const scaleLivePiece: PieceDeclaration = {
  name: "warehouse.scaleLive",
  create: () => ({
    drain: () => {
      for (const poller of [...running]) poller.closeAll();
    },
    stop: async () => {
      for (const poller of [...running]) poller.closeAll();
    },
  }),
};

/** The process's one poller over this database. */
export function livePollerFor(database: Database, logger?: Logger): ScaleLivePoller {
  let poller = pollers.get(database);
  if (!poller) {
    poller = new ScaleLivePoller(database, { logger });
    pollers.set(database, poller);
  }
  return poller;
}

/**
 * The answer of the stream route: an SSE body over a bounded queue. The client is dropped when
 * CLIENT_BUFFER_EVENTS are queued unread, when it goes away (the request's signal) or when the
 * browser cancels the stream.
 */
export function liveStream(init: { poller: ScaleLivePoller; scope: LiveScope; lang: Lang; since: Date | null; signal: AbortSignal }): Response {
  const encoder = new TextEncoder();
  let client: LiveClient | null = null;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        client = {
          scope: init.scope,
          lang: init.lang,
          write(text) {
            if (!open) return false;
            if ((controller.desiredSize ?? 0) <= 0) return false;
            controller.enqueue(encoder.encode(text));
            return true;
          },
          close() {
            if (!open) return;
            open = false;
            try {
              controller.close();
            } catch {
              // already closed by the reader
            }
          },
        };
        controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\n`));
        const live = client;
        init.signal.addEventListener("abort", () => init.poller.remove(live), { once: true });
        void init.poller.add(live, init.since).catch(() => init.poller.remove(live));
      },
      cancel() {
        if (client) init.poller.remove(client);
      },
    },
    { highWaterMark: CLIENT_BUFFER_EVENTS },
  );
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no", Connection: "keep-alive" },
  });
}

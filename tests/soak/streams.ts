/**
 * The soak's actors as streams (docs/decisions/073-soak.md): list pages, item saves, stock
 * operations and kiosk scans over HTTP, each at its period from office.ts, spread evenly over it.
 */
import { type AppClient, expectStatus, type Session } from "./app-process";
import type { SoakFixtures } from "./fixtures";
import type { Recorder, Stream } from "./load";
import { LIST_PAGES, PERIOD_MS } from "./office";

export const KINDS = {
  page: "list page",
  save: "item save",
  stock: "stock operation",
  scan: "kiosk scan",
  reading: "scale reading",
} as const;

type Tab = { items: Record<string, unknown>[]; otherItems: Record<string, unknown>[]; itemsVersion: number };

export interface Saver {
  session: Session;
  orderId: number;
  tab: Tab;
  /** The items tab's version its last save answered (docs/decisions/034-items-tab-version.md). */
  version: number;
  round: number;
}

const savedVersion = (text: string) => (JSON.parse(text) as { data: { itemsVersion: number } }).data.itemsVersion;

/**
 * Gives each saver session a demo order of its own whose items tab saves: a first save of the tab
 * as read (not measured) proves it and gives the version the soak's saves start from.
 */
export async function takeOrders(client: AppClient, sessions: Session[], candidates: number[]): Promise<Saver[]> {
  const savers: Saver[] = [];
  for (const orderId of candidates) {
    if (savers.length === sessions.length) break;
    const session = sessions[savers.length]!;
    const got = await client.request(session, `/api/orders/fenceOrder/${orderId}/items`);
    if (got.status !== 200) continue;
    const tab = (JSON.parse(got.text) as { data: Tab }).data;
    if (tab.items.length === 0) continue;
    const saved = await client.request(session, `/api/orders/fenceOrder/${orderId}/items`, {
      method: "PUT",
      json: { items: tab.items, otherItems: tab.otherItems, itemsVersion: tab.itemsVersion },
    });
    if (saved.status !== 200) continue;
    savers.push({ session, orderId, tab, version: savedVersion(saved.text), round: 0 });
  }
  if (savers.length < sessions.length) throw new Error(`only ${savers.length} of the first ${candidates.length} demo orders save their items tab`);
  return savers;
}

const spread = (i: number, n: number, period: number) => (period * i) / n;

/** Every HTTP actor's stream; `byPage` gets the list pages one by one for the report's breakdown. */
export function officeStreams(args: {
  client: AppClient;
  fixtures: SoakFixtures;
  pageSessions: Session[];
  savers: Saver[];
  clerkSessions: Session[];
  byPage: Recorder;
}): Stream[] {
  const { client, fixtures, pageSessions, savers, clerkSessions, byPage } = args;
  const streams: Stream[] = [];

  pageSessions.forEach((session, i) => {
    let next = i;
    streams.push({
      kind: KINDS.page,
      periodMs: PERIOD_MS.page,
      offsetMs: spread(i, pageSessions.length, PERIOD_MS.page),
      chained: false,
      job: async (dueAt) => {
        const path = LIST_PAGES[next++ % LIST_PAGES.length]!;
        const sentAt = performance.now();
        try {
          expectStatus(`GET ${path}`, await client.request(session, path));
          byPage.ok(path, dueAt, sentAt, performance.now());
        } catch (error) {
          byPage.error(path, dueAt, (error as Error).message);
          throw error;
        }
      },
    });
  });

  savers.forEach((saver, i) => {
    streams.push({
      kind: KINDS.save,
      periodMs: PERIOD_MS.save,
      offsetMs: spread(i, savers.length, PERIOD_MS.save),
      chained: true,
      job: async () => {
        // The first item's amount and the note changed, saved over the version the last save answered.
        const round = ++saver.round;
        const items = saver.tab.items.map((item, index) => (index === 0 ? { ...item, amount: 1 + (round % 3) } : item));
        const saved = await client.request(saver.session, `/api/orders/fenceOrder/${saver.orderId}/items`, {
          method: "PUT",
          json: { items, otherItems: saver.tab.otherItems, note: `Soak ${round}`, itemsVersion: saver.version },
        });
        expectStatus(`PUT items of order ${saver.orderId}`, saved);
        saver.version = savedVersion(saved.text);
      },
    });
  });

  const [a, b] = fixtures.stock.warehouses;
  clerkSessions.forEach((session, i) => {
    let round = 0;
    const productId = fixtures.stock.products[i]!;
    streams.push({
      kind: KINDS.stock,
      periodMs: PERIOD_MS.stock,
      offsetMs: spread(i, clerkSessions.length, PERIOD_MS.stock),
      chained: true,
      job: async () => {
        // As a clerk does it: a piece into the basket of this round's source warehouse, then the
        // basket moved to the other one (two requests; the figure covers both).
        const [from, to] = round++ % 2 === 0 ? [a, b] : [b, a];
        const added = await client.request(session, "/api/basket/add", { method: "POST", json: { type: "WAREHOUSE", warehouseId: from, productId, amount: 1 } });
        expectStatus("POST /api/basket/add", added);
        const basketId = (JSON.parse(added.text) as { data: { basketId: number } }).data.basketId;
        const moved = await client.request(session, "/api/warehouseTransfer/warehouseTransfer", { method: "POST", json: { sourceBasketId: basketId, targetWarehouseId: to } });
        expectStatus("POST /api/warehouseTransfer/warehouseTransfer", moved);
      },
    });
  });

  // A scan's time is its due time on the wall clock (the kiosk stamps the scan when it is made).
  const wallClockOffset = Date.now() - performance.now();
  fixtures.kiosks.forEach((kiosk, i) => {
    let step = 0;
    const session = { cookie: `ohrada_kiosk=${kiosk.token}` };
    streams.push({
      kind: KINDS.scan,
      periodMs: PERIOD_MS.scan,
      offsetMs: spread(i, fixtures.kiosks.length, PERIOD_MS.scan),
      chained: true,
      job: async (dueAt) => {
        // Card (greets), a work type within the card's window (starts a log), the same card (clocks out).
        const n = step++;
        const code = n % 3 === 1 ? `WT${fixtures.workTypes[Math.floor(n / 3) % 2]}` : kiosk.card;
        const scanned = await client.request(session, "/api/kiosk/scan", {
          method: "POST",
          json: { code, scanId: `soak-${process.pid}-${i}-${n}`, scannedAt: new Date(wallClockOffset + dueAt).toISOString() },
        });
        expectStatus(`kiosk scan ${code}`, scanned);
        const answer = (JSON.parse(scanned.text) as { data: { status: string; text: string } }).data;
        if (answer.status !== "applied") throw new Error(`kiosk scan ${code}: ${answer.status} (${answer.text})`);
      },
    });
  });
  return streams;
}

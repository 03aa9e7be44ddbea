/**
 * The export's PDFs rendered off the main thread (docs/decisions/054-invoice-pdf-and-accountant-export.md):
 * a few worker threads (pdf-worker.ts), each with its own react-pdf, so the requests the server
 * answers meanwhile never wait behind a PDF's layout, and a second core renders too. A pool lives
 * for one export and is closed with it (no thread outlives the job). At shutdown the orders
 * module's piece `pdfWorkersPiece` ends the threads of a pool still open (its job was handed back,
 * docs/architecture.md#components).
 */
import type { PdfImage } from "@/lib/pdf/logo";
import os from "node:os";
import type { Lang } from "@/lib/context";
import type { PieceDeclaration } from "@/lib/lifecycle";
import type { InvoiceSnapshot } from "../formats/snapshot";

type Answer = { id: number; pdf: Uint8Array; error?: undefined } | { id: number; error: string; pdf?: undefined };

export interface PdfRenderer {
  render(snapshot: InvoiceSnapshot, lang: Lang, logo: PdfImage | null): Promise<Uint8Array>;
  /** How many renders may usefully wait at once. */
  readonly parallel: number;
  close(): void;
}

/** Workers for at most this many cores (the app's one process leaves one for requests on bigger machines). */
export const PDF_POOL_MAX = 2;

/** The pools open in this process. */
const openPools = new Set<PdfRenderer>();

/** The export's worker threads as a piece of the app: nothing to start (a pool opens with its export); stopping ends any still open. */
export const pdfWorkersPiece: PieceDeclaration = {
  name: "orders.pdfWorkers",
  create: () => ({
    stop: async () => {
      for (const pool of [...openPools]) pool.close();
    },
    stats: () => ({ openPools: openPools.size }),
  }),
};

export function pdfPool(size = Math.max(1, Math.min(PDF_POOL_MAX, os.availableParallelism()))): PdfRenderer {
  const waiting = new Map<number, { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void }>();
  const load = new Map<Worker, number>();
  let next = 0;
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(new URL("./pdf-worker.ts", import.meta.url).href);
    worker.onmessage = (event: MessageEvent<Answer>) => {
      const answer = event.data;
      load.set(worker, (load.get(worker) ?? 1) - 1);
      const waiter = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.error !== undefined) waiter?.reject(new Error(answer.error));
      else waiter?.resolve(answer.pdf);
    };
    worker.onerror = (event) => {
      for (const waiter of waiting.values()) waiter.reject(new Error(`PDF worker failed: ${event.message}`));
      waiting.clear();
    };
    load.set(worker, 0);
    return worker;
  });
  const pool: PdfRenderer = {
    parallel: size * 2,
    render(snapshot, lang, logo) {
      const id = next++;
      const worker = workers.reduce((best, candidate) => (load.get(candidate)! < load.get(best)! ? candidate : best));
      load.set(worker, load.get(worker)! + 1);
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, snapshot, lang, logo });
      });
    },
    close() {
      openPools.delete(pool);
      for (const worker of workers) worker.terminate();
      for (const waiter of waiting.values()) waiter.reject(new Error("PDF pool closed"));
      waiting.clear();
    },
  };
  openPools.add(pool);
  return pool;
}

/** Renders on this thread (a few documents: not worth a thread's start-up). */
export const inProcessRenderer = (render: (snapshot: InvoiceSnapshot, lang: Lang, logo: PdfImage | null) => Promise<Uint8Array>): PdfRenderer => ({ render, parallel: 1, close() {} });

/**
 * The invoice PDF's and the accountant export's fixtures (docs/domain.md#invoice-pdf, docs/domain.md#accountant-export): documents issued with
 * `issueInvoice` from the worked examples (formats/examples.ts, Czech diacritics everywhere), a
 * document of many lines, and the PDF's QR code read back with poppler (pdftoppm) and zbarimg.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Ctx } from "@/lib/context";
import { EXAMPLE_FINAL_INVOICE } from "@/modules/orders/invoice/formats/examples";
import type { InvoiceSnapshot } from "@/modules/orders/invoice/formats/snapshot";
import { type IssuedInvoice, issueInvoice } from "@/modules/orders/invoice/issue";

/** A credit note needs the invoice it cancels: `links.originalInvoiceId`. Issues a copy of `snapshot` (its number, UUID and variable symbol given anew), with no order unless `orderId` says so. */
export function issueSnapshot(ctx: Ctx, snapshot: InvoiceSnapshot, overrides: Partial<InvoiceSnapshot> = {}, links: { originalInvoiceId?: number } = {}): Promise<IssuedInvoice> {
  const { number: _number, uuid: _uuid, ...draft } = { ...snapshot, orderId: null, ...overrides };
  const sameSymbol = snapshot.payment.variableSymbol === snapshot.number;
  return issueInvoice({
    ctx,
    input: {
      snapshot: { ...draft, payment: { method: draft.payment.method, constantSymbol: draft.payment.constantSymbol, ...(sameSymbol ? {} : { variableSymbol: draft.payment.variableSymbol }) } },
      lineSources: draft.lines.map(() => ({ source: "ADVANCE", sourceId: null, itemPriceHalere: null })),
      originalInvoiceId: links.originalInvoiceId ?? null,
    },
  });
}

/** The final invoice with `count` lines (21 % and 12 %), each named with diacritics. */
export function manyLineSnapshot(count: number, base: InvoiceSnapshot = EXAMPLE_FINAL_INVOICE): InvoiceSnapshot {
  return {
    ...base,
    deductions: [],
    lines: Array.from({ length: count }, (_, index) => ({
      description: `Plotový dílec č. ${index + 1} – žárový zinek, ${1_000 + index * 10} mm`,
      quantity: (index % 5) + 1,
      unit: "ks",
      baseHalere: ((index % 5) + 1) * (1_250_00 + index * 1_10),
      vatRate: index % 4 === 3 ? 12 : 21,
    })),
  };
}

async function run(command: string[], stdin?: Uint8Array): Promise<Uint8Array> {
  const binary = Bun.which(command[0]!);
  if (!binary) throw new Error(`${command[0]} is missing (poppler-utils, zbar-tools)`);
  const process = Bun.spawn([binary, ...command.slice(1)], { stdin: stdin ?? "ignore", stdout: "pipe", stderr: "pipe" });
  const [out, errors, code] = await Promise.all([new Response(process.stdout).arrayBuffer(), new Response(process.stderr).text(), process.exited]);
  if (code !== 0) throw new Error(`${command[0]} failed (${code}): ${errors}`);
  return new Uint8Array(out);
}

/** The QR codes on the PDF's first page, as zbarimg reads them from a picture of `dpi` (300 unless told). */
export async function qrCodesOf(pdf: Uint8Array, dpi = 300): Promise<string[]> {
  const png = await run(["pdftoppm", "-r", String(dpi), "-f", "1", "-l", "1", "-png", "-"], pdf);
  const directory = await mkdtemp(join(tmpdir(), "ohrada-qr-"));
  try {
    const file = join(directory, "page.png");
    await writeFile(file, png);
    // zbarimg exits 4 when it finds no code: no codes, not a failure.
    const text = new TextDecoder().decode(await run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file]).catch(() => new Uint8Array()));
    return text.split("\n").filter(Boolean);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A word where poppler reads it: its page (from 1) and box in points from the page's top left. */
export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Every word of the PDF with its box, as `pdftotext -bbox` reads them. */
export async function wordBoxesOf(pdf: Uint8Array): Promise<WordBox[]> {
  const html = new TextDecoder().decode(await run(["pdftotext", "-enc", "UTF-8", "-bbox", "-", "-"], pdf));
  const words: WordBox[] = [];
  html.split("<page ").slice(1).forEach((page, index) => {
    for (const match of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      const text = match[5]!.replace(/&(\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity);
      words.push({ page: index + 1, text, xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]) });
    }
  });
  return words;
}

/** The pairs of words whose boxes overlap by more than `tolerance` points both ways (text printed over text). */
export function overlappingWords(words: readonly WordBox[], tolerance = 0.5): [string, string][] {
  const pairs: [string, string][] = [];
  words.forEach((a, index) => {
    for (const b of words.slice(index + 1)) {
      if (a.page !== b.page) continue;
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (x > tolerance && y > tolerance) pairs.push([a.text, b.text]);
    }
  });
  return pairs;
}

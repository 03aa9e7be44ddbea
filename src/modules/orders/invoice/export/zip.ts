/**
 * The accountant export's ZIP (docs/decisions/054-invoice-pdf-and-accountant-export.md), written
 * with fflate's streaming `Zip` as the documents come, so its pieces can be stored while the rest
 * is made:
 *
 *   pdf/<number>.pdf       every document's PDF (stored: a PDF's streams are compressed already)
 *   isdoc/<number>.isdoc   ISDOC 6.0.2, one per document
 *   pohoda.xml             one Pohoda dataPack with every document Pohoda's invoice agenda takes (Windows-1250)
 *   souhrn.csv             the CSV summary, one row per document
 *   README.txt             what is where, and the period
 */
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** A ZIP written entry by entry; `take()` answers the bytes written since the last call. */
export class StreamedZip {
  private pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else this.pending.push(chunk);
  });

  /** An entry whose bytes are compressed already (a PDF) or tiny: stored as they are. */
  store(name: string, bytes: Uint8Array): void {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    entry.push(bytes, true);
  }

  /** A text entry (XML, CSV), deflated. */
  deflate(name: string, bytes: Uint8Array): void {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    entry.push(bytes, true);
  }

  /** A text entry given in parts (a pack's documents), deflated part by part, the event loop given a turn between them. */
  async deflateParts(name: string, parts: readonly Uint8Array[], between: () => Promise<void>): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    for (const [index, part] of parts.entries()) {
      entry.push(part, index === parts.length - 1);
      if (index % 50 === 49) await between();
    }
    if (!parts.length) entry.push(new Uint8Array(), true);
  }

  end(): void {
    this.zip.end();
  }

  take(): Uint8Array[] {
    if (this.failure) throw this.failure;
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
}

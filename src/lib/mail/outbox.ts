/**
 * Without SMTP_URL every message is kept as an .eml file in `DATA_DIR/outbox`
 * (docs/decisions/078-e-mail.md): nothing is lost and nothing pretends to be sent. A file appears
 * whole or not at all (written beside it under a temporary name, synced, then renamed), and a
 * message whose Message-ID is already there is not written twice.
 */
import { randomUUID } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { messageIdForFileName } from "./message";

export const outboxDir = (dataDir: string) => join(dataDir, "outbox");

/** `20261129-014502` in UTC: the outbox lists in the order messages came. */
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

export interface OutboxWrite {
  file: string;
  /** The Message-ID was already in the outbox: that file is returned and nothing is written. */
  alreadyThere: boolean;
}

export function writeToOutbox(dataDir: string, messageId: string, eml: Uint8Array, date: Date): OutboxWrite {
  const dir = outboxDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const suffix = `-${messageIdForFileName(messageId)}.eml`;
  const existing = readdirSync(dir).find((name) => name.endsWith(suffix));
  if (existing) return { file: join(dir, existing), alreadyThere: true };

  const file = join(dir, `${stamp(date)}${suffix}`);
  // A dot-name: a reader of the outbox skips it, and a crash leaves no half message under a real name.
  const temp = join(dir, `.${randomUUID()}.tmp`);
  try {
    const fd = openSync(temp, "wx", 0o640);
    try {
      let written = 0;
      while (written < eml.byteLength) written += writeSync(fd, eml, written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return { file, alreadyThere: false };
}

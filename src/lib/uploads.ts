/**
 * Uploaded files: the type is decided by the file's first bytes (magic numbers), never by the
 * name or the type the browser claims. Every refusal is a readable `fail` (422) and nothing is
 * kept: one bad file refuses the whole upload.
 *
 * The route reads the multipart body with `readUploadedFiles` (src/lib/http/uploads.ts); the service
 * checks the same files again with `checkFiles` (cheap), so a service called from elsewhere keeps the
 * same rules. The route's module declares its body cap: `uploadLimits: [uploadLimit("POST", /^…$/, rules)]`.
 */
import { AppError, msg, type Message } from "./errors";

export type FileKind = "jpeg" | "png" | "webp" | "pdf";

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

export const FILE_KINDS: Record<FileKind, { mimeType: string; label: string; matches: (bytes: Uint8Array) => boolean }> = {
  jpeg: { mimeType: "image/jpeg", label: "JPEG", matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  png: { mimeType: "image/png", label: "PNG", matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // RIFF, four bytes of length, WEBP.
  webp: { mimeType: "image/webp", label: "WebP", matches: (bytes) => startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8) },
  pdf: { mimeType: "application/pdf", label: "PDF", matches: (bytes) => startsWith(bytes, ascii("%PDF-")) },
};

export const IMAGE_KINDS: FileKind[] = ["jpeg", "png", "webp"];

/** What the bytes are, or null when they are none of the known kinds. */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  for (const [kind, info] of Object.entries(FILE_KINDS) as [FileKind, (typeof FILE_KINDS)[FileKind]][]) {
    if (info.matches(bytes)) return kind;
  }
  return null;
}

export const MB = 1024 * 1024;

export interface UploadRules {
  /** Kinds accepted, checked by content. */
  kinds: FileKind[];
  /** Per file. */
  maxBytes: number;
  /** Files in one request. */
  maxFiles: number;
  /** The form field (and the `fields` key of a refusal). */
  field: string;
}

export interface IncomingFile {
  fileName: string;
  data: Uint8Array;
}

export interface CheckedFile extends IncomingFile {
  kind: FileKind;
  /** From the content, not from the browser. */
  mimeType: string;
  size: number;
}

/** The name without any client path (`C:\fakepath\…`), control characters or excess length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!clean) return "soubor";
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
  return clean.slice(0, 200 - extension.length) + extension;
}

const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** Checks count, size and content type of every file; refuses all of them if any is wrong. */
export function checkFiles(files: IncomingFile[], rules: UploadRules): CheckedFile[] {
  if (files.length === 0) throw uploadRefusal(rules, [msg("upload.noFile")]);
  if (files.length > rules.maxFiles) throw uploadRefusal(rules, [msg("upload.tooMany", { count: rules.maxFiles })]);
  const allowed = rules.kinds.map((kind) => FILE_KINDS[kind].label).join(", ");
  const problems: Message[] = [];
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const name = cleanFileName(file.fileName);
    const size = file.data.byteLength;
    if (size === 0) {
      problems.push(msg("upload.empty", { name }));
      continue;
    }
    if (size > rules.maxBytes) {
      problems.push(msg("upload.tooLarge", { name, maxMb: megabytes(rules.maxBytes) }));
      continue;
    }
    const kind = detectFileKind(file.data);
    if (!kind || !rules.kinds.includes(kind)) {
      problems.push(msg("upload.typeNotAllowed", { name, allowed }));
      continue;
    }
    checked.push({ fileName: name, data: file.data, kind, mimeType: FILE_KINDS[kind].mimeType, size });
  }
  if (problems.length) throw uploadRefusal(rules, problems);
  return checked;
}

export function uploadRefusal(rules: Pick<UploadRules, "field">, messages: Message[]): AppError {
  return AppError.fail(messages, { [rules.field]: messages[0]! });
}

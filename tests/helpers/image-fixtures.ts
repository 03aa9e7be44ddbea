/**
 * Real image files (a 4 × 3 green picture encoded by Chromium's canvas) and other bytes for
 * upload tests: the upload rules look at the first bytes, so these carry genuine headers.
 */
const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, "base64"));

export const JPEG = fromBase64(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAA" +
  "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" +
  "AAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAA" +
  "ABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1" +
  "AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAP" +
  "KnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/" +
  "2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKCh" +
  "MoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAA" +
  "AAAAAAAAAAAAAAAAAAb/xAAbEAEAAgMBAQAAAAAAAAAAAAABAAIDESEiMf/EABUBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAA" +
  "AAAAAAAP/aAAwDAQACEQMRAD8AlM2W2a5a5QSta+KFTQAcA7o6/V2u1WIiCJl//9k=",
);

export const PNG = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAYAAAC09K7GAAAALklEQVR4AUyIwQkAMAgDgwO10M6nD/fz4UQq+jEkgTs6/GKPUHG1+mmLK38IQA" +
  "IAAP//K6hnNgAAAAZJREFUAwB99gp3qvAQWAAAAABJRU5ErkJggg==",
);

export const WEBP = fromBase64(
  "UklGRi4CAABXRUJQVlA4WAoAAAAgAAAAAwAAAgAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAA" +
  "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" +
  "AAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAA" +
  "ABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1" +
  "AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAP" +
  "KnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZW" +
  "UDggQAAAANABAJ0BKgQAAwABQCYloDLHQzDsAAOYAP7voqaYH57kY7+1+2k/qPoe2QvQ7v4SH8W0joUyH/xaHWh1oZ0gAAA=",
);

/** The start of a PDF: the header is what counts. */
export const PDF = new TextEncoder().encode("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

export const TEXT = new TextEncoder().encode("Toto není obrázek, jen text s příponou .jpg\n");

/** A GIF: a real image type that is not on the allowed list. */
export const GIF = fromBase64("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==");

/** A File as a browser's form would send it; `type` is what the browser claims, never trusted. */
export const fileOf = (bytes: Uint8Array, name: string, type = "application/octet-stream") => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

/** `size` bytes starting with a JPEG header: an oversized but otherwise acceptable image. */
export function bigJpeg(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG.subarray(0, 64));
  return bytes;
}

/** Files as a service takes them, in the given order: `filesOf({ "a.jpg": JPEG, "b.png": PNG })`. */
export const filesOf = (files: Record<string, Uint8Array>) => Object.entries(files).map(([fileName, data]) => ({ fileName, data }));

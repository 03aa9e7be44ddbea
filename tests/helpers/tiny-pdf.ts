/**
 * A tiny but real PDF (one empty page) with binary bytes in it: the marker line after the header
 * and a stream holding every byte value 0–255, so a test that sends it shows the bytes arrive
 * unchanged, not just text.
 */
export function tinyPdf(): Uint8Array<ArrayBuffer> {
  const ascii = (text: string) => new TextEncoder().encode(text);
  const parts = [
    ascii("%PDF-1.4\n%"),
    Uint8Array.of(0xe2, 0xe3, 0xcf, 0xd3),
    ascii(
      "\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n" +
        "2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n" +
        "3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n" +
        "4 0 obj <</Length 256>> stream\n",
    ),
    Uint8Array.from({ length: 256 }, (_, index) => index),
    ascii("\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n"),
  ];
  const pdf = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    pdf.set(part, at);
    at += part.length;
  }
  return pdf;
}

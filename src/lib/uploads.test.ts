import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { GIF, JPEG, PDF, PNG, TEXT, WEBP, bigJpeg, fileOf } from "../../tests/helpers/image-fixtures";
import { AppError } from "./errors";
import { tFor, translateMessage } from "./i18n";
import { checkFiles, cleanFileName, detectFileKind, IMAGE_KINDS, MB, type UploadRules } from "./uploads";
import { readUploadedFiles, uploadBodyLimit } from "./http/uploads";

const images: UploadRules = { kinds: IMAGE_KINDS, maxBytes: 10 * MB, maxFiles: 3, field: "files" };
const cs = tFor("cs");
const en = tFor("en");

function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const texts = (error: AppError, t = cs) => error.messages.map((message) => translateMessage(t, message));

describe("detectFileKind: by the first bytes", () => {
  test("JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP RIFF….WEBP, PDF %PDF-", () => {
    expect(detectFileKind(JPEG)).toBe("jpeg");
    expect(detectFileKind(PNG)).toBe("png");
    expect(detectFileKind(WEBP)).toBe("webp");
    expect(detectFileKind(PDF)).toBe("pdf");
    expect([...JPEG.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...PNG.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  test("text, GIF, a RIFF that is not WebP (WAV), truncated headers and nothing are none of them", () => {
    expect(detectFileKind(TEXT)).toBeNull();
    expect(detectFileKind(GIF)).toBeNull();
    expect(detectFileKind(new TextEncoder().encode("RIFF\x24\x00\x00\x00WAVEfmt "))).toBeNull();
    expect(detectFileKind(PNG.subarray(0, 7))).toBeNull();
    expect(detectFileKind(JPEG.subarray(0, 2))).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
  });
});

describe("checkFiles", () => {
  test("each image kind is accepted by content; the stored type comes from the bytes, not the name", () => {
    const checked = checkFiles(
      [
        { fileName: "a.jpg", data: JPEG },
        { fileName: "b.png", data: PNG },
        { fileName: "c.webp", data: WEBP },
      ],
      images,
    );
    expect(checked.map((file) => [file.fileName, file.kind, file.mimeType, file.size])).toEqual([
      ["a.jpg", "jpeg", "image/jpeg", JPEG.byteLength],
      ["b.png", "png", "image/png", PNG.byteLength],
      ["c.webp", "webp", "image/webp", WEBP.byteLength],
    ]);
    const [renamed] = checkFiles([{ fileName: "fotka.png", data: JPEG }], images);
    expect(renamed).toMatchObject({ fileName: "fotka.png", kind: "jpeg", mimeType: "image/jpeg" });
  });

  test("a text file renamed .jpg is refused with the allowed types listed", () => {
    const error = refusal(() => checkFiles([{ fileName: "obrazek.jpg", data: TEXT }], images));
    expect(error.status).toBe(422);
    expect(texts(error)).toEqual(["Soubor „obrazek.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP"]);
    expect(texts(error, en)).toEqual(["File “obrazek.jpg” is not of an allowed type. Allowed types: JPEG, PNG, WebP"]);
    expect(Object.keys(error.fields)).toEqual(["files"]);
  });

  test("a PDF is refused where only images are allowed, and accepted where PDFs are", () => {
    expect(texts(refusal(() => checkFiles([{ fileName: "x.pdf", data: PDF }], images)))[0]).toContain("Povolené typy: JPEG, PNG, WebP");
    const pdfOnly: UploadRules = { kinds: ["pdf"], maxBytes: MB, maxFiles: 1, field: "file" };
    expect(checkFiles([{ fileName: "x.pdf", data: PDF }], pdfOnly)[0]!.mimeType).toBe("application/pdf");
    const error = refusal(() => checkFiles([{ fileName: "y.png", data: PNG }], pdfOnly));
    expect(texts(error)).toEqual(["Soubor „y.png“ nemá povolený typ. Povolené typy: PDF"]);
    expect(Object.keys(error.fields)).toEqual(["file"]);
  });

  test("over 10 MB is refused with the MB figure; exactly 10 MB is accepted", () => {
    const error = refusal(() => checkFiles([{ fileName: "velky.jpg", data: bigJpeg(10 * MB + 1) }], images));
    expect(texts(error)).toEqual(["Soubor „velky.jpg“ je větší než 10 MB"]);
    expect(texts(error, en)).toEqual(["File “velky.jpg” is larger than 10 MB"]);
    expect(checkFiles([{ fileName: "presne.jpg", data: bigJpeg(10 * MB) }], images)[0]!.size).toBe(10 * MB);
  });

  test("no file, an empty file and too many files are refused", () => {
    expect(texts(refusal(() => checkFiles([], images)))).toEqual(["Vyberte alespoň jeden soubor"]);
    expect(texts(refusal(() => checkFiles([{ fileName: "prazdny.png", data: new Uint8Array() }], images)))).toEqual(["Soubor „prazdny.png“ je prázdný"]);
    const four = Array.from({ length: 4 }, (_, index) => ({ fileName: `${index}.png`, data: PNG }));
    expect(texts(refusal(() => checkFiles(four, images)))).toEqual(["Najednou lze nahrát nejvýše 3 soubory"]);
    expect(texts(refusal(() => checkFiles(four, { ...images, maxFiles: 1 })), en)).toEqual(["At most 1 file can be uploaded at once"]);
  });

  test("one bad file refuses the whole batch and every problem is named", () => {
    const error = refusal(() =>
      checkFiles(
        [
          { fileName: "dobry.png", data: PNG },
          { fileName: "spatny.jpg", data: TEXT },
          { fileName: "velky.webp", data: bigJpeg(11 * MB) },
        ],
        images,
      ),
    );
    expect(texts(error)).toEqual(["Soubor „spatny.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP", "Soubor „velky.webp“ je větší než 10 MB"]);
  });

  test("file names lose client paths and control characters, and stay at most 200 characters with their extension", () => {
    expect(cleanFileName("C:\\fakepath\\Plot Řetízek.jpg")).toBe("Plot Řetízek.jpg");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("a\u0000b\nc.png")).toBe("abc.png");
    expect(cleanFileName("   ")).toBe("soubor");
    const long = cleanFileName(`${"x".repeat(300)}.webp`);
    expect(long).toHaveLength(200);
    expect(long.endsWith(".webp")).toBe(true);
  });

  test("the body cap covers the allowed files plus the multipart framing", () => {
    expect(uploadBodyLimit(images)).toBeGreaterThan(3 * 10 * MB);
    expect(uploadBodyLimit(images)).toBeLessThan(3 * 10 * MB + MB);
  });
});

describe("readUploadedFiles from a multipart request", () => {
  const app = new Hono();
  app.post("/upload", async (c) => {
    try {
      const files = await readUploadedFiles(c, images);
      return c.json(files.map((file) => ({ fileName: file.fileName, mimeType: file.mimeType, size: file.size })));
    } catch (error) {
      if (error instanceof AppError) return c.json({ status: error.status, messages: texts(error) }, 422);
      throw error;
    }
  });
  const post = (form: FormData | string) =>
    app.request("/upload", { method: "POST", body: form, headers: typeof form === "string" ? { "Content-Type": "application/json" } : undefined });

  test("reads several files of one field; the browser's claimed type is ignored", async () => {
    const form = new FormData();
    form.append("files", fileOf(JPEG, "a.png", "image/png"));
    form.append("files", fileOf(WEBP, "b.webp", "image/webp"));
    form.append("other", "ignored");
    const response = await post(form);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { fileName: "a.png", mimeType: "image/jpeg", size: JPEG.byteLength },
      { fileName: "b.webp", mimeType: "image/webp", size: WEBP.byteLength },
    ]);
  });

  test("the empty part a browser sends when nothing was chosen, another field, or a JSON body count as no file", async () => {
    const empty = new FormData();
    empty.append("files", new File([], "", { type: "application/octet-stream" }));
    const elsewhere = new FormData();
    elsewhere.append("picture", fileOf(PNG, "a.png"));
    for (const body of [empty, elsewhere, "{}"]) {
      const response = await post(body);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ status: 422, messages: ["Vyberte alespoň jeden soubor"] });
    }
  });

  test("a text file claiming image/jpeg is refused", async () => {
    const form = new FormData();
    form.append("files", fileOf(TEXT, "fotka.jpg", "image/jpeg"));
    const response = await post(form);
    expect(response.status).toBe(422);
    expect((await response.json()).messages).toEqual(["Soubor „fotka.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP"]);
  });
});

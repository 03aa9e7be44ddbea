import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { fenceOrderFiles } from "@db/schema";
import type { AppError } from "@/lib/errors";
import { tFor, translateMessage } from "@/lib/i18n";
import { checkFiles, MB } from "@/lib/uploads";
import { insertFenceOrderRow } from "../../../../tests/helpers/factories";
import { bigJpeg, filesOf, GIF, JPEG, PDF, PNG, TEXT, WEBP } from "../../../../tests/helpers/image-fixtures";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { addOrderFiles, deleteOrderFile, formatFileSize, getOrderFile, listOrderFiles, ORDER_FILE_RULES } from "./files.service";
import { getFenceOrder } from "./service";

const t = useTestDatabase();

const texts = (error: AppError) => error.messages.map((message) => translateMessage(tFor("cs"), message));
const stored = async (orderId: number) => (await t.db.select({ id: fenceOrderFiles.id }).from(fenceOrderFiles).where(eq(fenceOrderFiles.orderId, orderId))).length;

describe("adding files", () => {
  test("each accepted type is recognised by content, whatever the name says", async () => {
    const orderId = await insertFenceOrderRow(t.db);
    const added = await addOrderFiles({
      ctx: t.ctx,
      input: { orderId, files: filesOf({ "foto.jpg": JPEG, "plan.png": PNG, "nakres.webp": WEBP, "smlouva.pdf": PDF, "sken.jpg": PNG }) },
    });
    expect(added.map(({ fileName, mimeType, size, isImage }) => ({ fileName, mimeType, size, isImage }))).toEqual([
      { fileName: "foto.jpg", mimeType: "image/jpeg", size: JPEG.byteLength, isImage: true },
      { fileName: "plan.png", mimeType: "image/png", size: PNG.byteLength, isImage: true },
      { fileName: "nakres.webp", mimeType: "image/webp", size: WEBP.byteLength, isImage: true },
      { fileName: "smlouva.pdf", mimeType: "application/pdf", size: PDF.byteLength, isImage: false },
      { fileName: "sken.jpg", mimeType: "image/png", size: PNG.byteLength, isImage: true },
    ]);
    expect(added[0]!.url).toBe(`/orders/fenceOrder/${orderId}/files/${added[0]!.id}`);
    expect(added[0]!.previewUrl).toBe(`/orders/fenceOrder/upload?load=${added[0]!.id}`);
    expect((await listOrderFiles({ ctx: t.ctx, input: { orderId } })).map((file) => file.fileName)).toEqual(["foto.jpg", "plan.png", "nakres.webp", "smlouva.pdf", "sken.jpg"]);
  });

  test("the stored bytes come back unchanged", async () => {
    const orderId = await insertFenceOrderRow(t.db);
    const [pdf] = await addOrderFiles({ ctx: t.ctx, input: { orderId, files: filesOf({ "a.pdf": PDF }) } });
    const file = await getOrderFile({ ctx: t.ctx, input: { orderId, fileId: pdf!.id } });
    expect(file.mimeType).toBe("application/pdf");
    expect(Buffer.from(file.data).equals(Buffer.from(PDF))).toBe(true);
    // Without the order (the preview route) too; another order's path does not reach it.
    expect((await getOrderFile({ ctx: t.ctx, input: { fileId: pdf!.id } })).fileName).toBe("a.pdf");
    const other = await insertFenceOrderRow(t.db);
    expect((await failureOf(getOrderFile({ ctx: t.ctx, input: { orderId: other, fileId: pdf!.id } }))).code).toBe("NOT_FOUND");
  });

  test("a renamed text file, a GIF or a file over 20 MB is refused with nothing stored", async () => {
    const orderId = await insertFenceOrderRow(t.db);
    const renamed = await failureOf(addOrderFiles({ ctx: t.ctx, input: { orderId, files: filesOf({ "ok.png": PNG, "fotka.jpg": TEXT }) } }));
    expect(texts(renamed)).toEqual(["Soubor „fotka.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP, PDF"]);
    expect(renamed.fields.files).toBeDefined();
    const gif = await failureOf(addOrderFiles({ ctx: t.ctx, input: { orderId, files: filesOf({ "anim.gif": GIF }) } }));
    expect(gif.kind).toBe("fail");
    const tooBig = await failureOf(addOrderFiles({ ctx: t.ctx, input: { orderId, files: [{ fileName: "velky.jpg", data: bigJpeg(20 * MB + 1) }] } }));
    expect(texts(tooBig)).toEqual(["Soubor „velky.jpg“ je větší než 20 MB"]);
    expect(await stored(orderId)).toBe(0);
    // Exactly 20 MB passes the check addOrderFiles makes. Not stored here: writing 20 MB through
    // PGlite took this test past 30 s on a loaded machine, and proves no more than a small file does.
    expect(checkFiles([{ fileName: "presne.jpg", data: bigJpeg(20 * MB) }], ORDER_FILE_RULES).map((file) => file.size)).toEqual([20 * MB]);
    await addOrderFiles({ ctx: t.ctx, input: { orderId, files: filesOf({ "ok.jpg": JPEG }) } });
    expect(await stored(orderId)).toBe(1);
  });

  test("a missing order answers NOT_FOUND", async () => {
    expect((await failureOf(addOrderFiles({ ctx: t.ctx, input: { orderId: 2_000_000_000, files: filesOf({ "a.png": PNG }) } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(listOrderFiles({ ctx: t.ctx, input: { orderId: 2_000_000_000 } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(listOrderFiles({ ctx: t.ctx, input: { orderId: -1 } }))).code).toBe("NOT_FOUND");
  });
});

describe("deleting and counting", () => {
  test("delete removes the one file; a second delete is NOT_FOUND", async () => {
    const orderId = await insertFenceOrderRow(t.db);
    const [a, b] = await addOrderFiles({ ctx: t.ctx, input: { orderId, files: filesOf({ "a.png": PNG, "b.pdf": PDF }) } });
    expect(await deleteOrderFile({ ctx: t.ctx, input: { fileId: a!.id } })).toBe(orderId);
    expect((await listOrderFiles({ ctx: t.ctx, input: { orderId } })).map((file) => file.id)).toEqual([b!.id]);
    expect((await failureOf(deleteOrderFile({ ctx: t.ctx, input: { fileId: a!.id } }))).code).toBe("NOT_FOUND");
    const other = await insertFenceOrderRow(t.db);
    expect((await failureOf(deleteOrderFile({ ctx: t.ctx, input: { orderId: other, fileId: b!.id } }))).code).toBe("NOT_FOUND");
    expect(await stored(orderId)).toBe(1);
  });

  test("the order list's file count (one statement with the page's other icons) counts each order's files", async () => {
    const one = await insertFenceOrderRow(t.db);
    const two = await insertFenceOrderRow(t.db);
    const none = await insertFenceOrderRow(t.db);
    await addOrderFiles({ ctx: t.ctx, input: { orderId: one, files: filesOf({ "a.png": PNG }) } });
    await addOrderFiles({ ctx: t.ctx, input: { orderId: two, files: filesOf({ "a.png": PNG, "b.pdf": PDF }) } });
    const counts = await Promise.all([one, two, none].map(async (id) => (await getFenceOrder({ ctx: t.ctx, input: { id } })).fileCount));
    expect(counts).toEqual([1, 2, 0]);
  });

  test("sizes read the Czech way", () => {
    expect(formatFileSize(Math.round(1.2 * MB))).toBe("1,2 MB");
    expect(formatFileSize(20 * MB)).toBe("20 MB");
    expect(formatFileSize(340 * 1024)).toBe("340 kB");
    expect(formatFileSize(512)).toBe("512 B");
  });
});

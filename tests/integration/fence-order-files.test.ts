/**
 * The fence order's Files tab (3) over HTTP (docs/domain.md#order-files): images and PDFs checked by content,
 * each at most 20 MB, stored in the database; download, preview, delete; pages (htmx and plain
 * forms) and the API.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { fenceOrderFiles } from "@db/schema";
import { appTables } from "@/app";
import { uploadLimitFor } from "@/lib/http/body-limit";
import { MB } from "@/lib/uploads";
import { uploadBodyLimit } from "@/lib/http/uploads";
import { ORDER_FILE_RULES, type OrderFile } from "@/modules/orders/fence-order/files.service";
import { json, type Session, useTestApp } from "../helpers/app";
import { insertFenceOrderRow } from "../helpers/factories";
import { bigJpeg, fileOf, JPEG, PDF, PNG, TEXT, WEBP } from "../helpers/image-fixtures";
import { html as htmlOf } from "./support";

const t = useTestApp();

let user: Session;
const session = async () => (user ??= await t.current.login());

const formWith = (...files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  return form;
};

async function page(path: string, init: { body?: BodyInit; htmx?: boolean } = {}) {
  const headers: Record<string, string> = init.htmx ? { "HX-Request": "true", "HX-Target": "fence-order-files-tab" } : {};
  return (await session()).page(path, { method: init.body === undefined ? "GET" : "POST", body: init.body, headers });
}

async function api(path: string, init: { method?: string; body?: BodyInit } = {}) {
  const { token } = await session();
  return t.current.request(path, { method: init.method ?? "GET", headers: { Authorization: `Bearer ${token}` }, body: init.body });
}

const toastOf = (response: Response) => JSON.parse(response.headers.get("HX-Trigger") ?? "null")?.toast as { kind: string; text: string } | undefined;

function flashOf(response: Response): { kind: string; text: string }[] {
  const line = response.headers.getSetCookie().filter((entry) => entry.startsWith("ohrada_flash=")).at(-1);
  return line ? JSON.parse(decodeURIComponent(decodeURIComponent(line.split(";")[0]!.slice("ohrada_flash=".length)))) : [];
}

const newOrder = () => insertFenceOrderRow(t.current.database.db);

const storedCount = async (orderId: number) =>
  (await t.current.database.db.select({ id: fenceOrderFiles.id }).from(fenceOrderFiles).where(eq(fenceOrderFiles.orderId, orderId))).length;

async function filesOf(orderId: number): Promise<OrderFile[]> {
  const response = await api(`/api/orders/fenceOrder/${orderId}/files`);
  expect(response.status).toBe(200);
  return (await json(response)).data;
}

async function uploadViaApi(orderId: number, ...files: File[]): Promise<OrderFile[]> {
  const response = await api(`/api/orders/fenceOrder/upload?orderId=${orderId}`, { method: "POST", body: formWith(...files) });
  expect(response.status).toBe(201);
  return (await json(response)).data;
}

describe("the tab fragment", () => {
  test("the upload form and the empty state, no layout", async () => {
    const orderId = await newOrder();
    const response = await page(`/orders/fenceOrder/${orderId}/tab/3`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const body = await htmlOf(response);
    expect(body).not.toContain("<html");
    expect(body).toContain('id="fence-order-files-tab"');
    expect(body).toContain(`action="/orders/fenceOrder/${orderId}/files"`);
    expect(body.toLowerCase()).toContain('enctype="multipart/form-data"');
    expect(body).toContain('accept="image/jpeg,image/png,image/webp,application/pdf"');
    expect(body).toContain("každý nejvýše 20 MB");
    expect(body).toContain("Zakázka zatím nemá žádné soubory.");
  });

  test("a grid: image thumbnails through the preview, a PDF icon, name, size, download and delete", async () => {
    const orderId = await newOrder();
    const [image, pdf] = await uploadViaApi(orderId, fileOf(PNG, "plot.png"), fileOf(PDF, "smlouva.pdf"));
    const body = await htmlOf(await page(`/orders/fenceOrder/${orderId}/tab/3`));
    expect(body).toContain(`src="/orders/fenceOrder/upload?load=${image!.id}"`);
    expect(body).toContain('aria-label="PDF: smlouva.pdf"');
    expect(body).toContain("plot.png");
    expect(body).toContain(`${PNG.byteLength} B`);
    expect(body).toContain(`href="/orders/fenceOrder/${orderId}/files/${pdf!.id}"`);
    expect(body).toContain(`action="/orders/fenceOrder/${orderId}/files/${pdf!.id}/delete"`);
    expect(body).toContain("Opravdu smazat soubor „smlouva.pdf“?");
  });

  test("a missing order answers 404", async () => {
    expect((await page("/orders/fenceOrder/2000000000/tab/3")).status).toBe(404);
    expect((await api("/api/orders/fenceOrder/2000000000/files")).status).toBe(404);
    expect((await api("/api/orders/fenceOrder/upload?orderId=2000000000", { method: "POST", body: formWith(fileOf(PNG, "a.png")) })).status).toBe(404);
  });
});

describe("upload", () => {
  test("htmx: several files at once, each type by content; the tab comes back with a toast", async () => {
    const orderId = await newOrder();
    const response = await page(`/orders/fenceOrder/${orderId}/files`, {
      body: formWith(fileOf(JPEG, "a.jpg", "image/jpeg"), fileOf(PNG, "b.png"), fileOf(WEBP, "c.webp"), fileOf(PDF, "d.pdf"), fileOf(JPEG, "e.png", "image/png")),
      htmx: true,
    });
    expect(response.status).toBe(200);
    expect(toastOf(response)).toEqual({ kind: "success", text: "Nahráno 5 souborů" });
    expect(await htmlOf(response)).toContain('id="fence-order-files-tab"');
    expect((await filesOf(orderId)).map((file) => [file.fileName, file.mimeType])).toEqual([
      ["a.jpg", "image/jpeg"],
      ["b.png", "image/png"],
      ["c.webp", "image/webp"],
      ["d.pdf", "application/pdf"],
      ["e.png", "image/jpeg"],
    ]);
  });

  test("a text file renamed .jpg is refused: the API names it, the tab shows it, nothing is saved", async () => {
    const orderId = await newOrder();
    const message = "Soubor „fotka.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP, PDF";
    const response = await api(`/api/orders/fenceOrder/upload?orderId=${orderId}`, { method: "POST", body: formWith(fileOf(TEXT, "fotka.jpg", "image/jpeg")) });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ files: message });
    const tab = await page(`/orders/fenceOrder/${orderId}/files`, { body: formWith(fileOf(PNG, "dobry.png"), fileOf(TEXT, "fotka.jpg")), htmx: true });
    expect(tab.status).toBe(422);
    expect(toastOf(tab)).toEqual({ kind: "fail", text: message });
    expect(await htmlOf(tab)).toContain(message);
    expect(await storedCount(orderId)).toBe(0);
  });

  test("over 20 MB is refused with the figure; nothing is saved", async () => {
    const orderId = await newOrder();
    const response = await api(`/api/orders/fenceOrder/upload?orderId=${orderId}`, { method: "POST", body: formWith(fileOf(PNG, "ok.png"), fileOf(bigJpeg(20 * MB + 1), "velky.jpg")) });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ files: "Soubor „velky.jpg“ je větší než 20 MB" });
    expect(await storedCount(orderId)).toBe(0);
  });

  test("the upload routes have their own body cap", () => {
    for (const path of ["/api/orders/fenceOrder/upload", "/orders/fenceOrder/5/files"]) {
      expect(uploadLimitFor(appTables.uploadLimits, "POST", path)?.maxBytes).toBe(uploadBodyLimit(ORDER_FILE_RULES));
    }
    expect(uploadBodyLimit(ORDER_FILE_RULES)).toBeGreaterThan(20 * MB);
  });

  test("the API wants an orderId", async () => {
    const response = await api("/api/orders/fenceOrder/upload", { method: "POST", body: formWith(fileOf(PNG, "a.png")) });
    expect(response.status).toBe(422);
    expect(Object.keys((await json(response)).fields)).toEqual(["orderId"]);
  });

  test("a plain form post redirects to the Files tab with a flash toast", async () => {
    const orderId = await newOrder();
    const ok = await page(`/orders/fenceOrder/${orderId}/files`, { body: formWith(fileOf(PNG, "a.png")) });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`/orders/fenceOrder/${orderId}?tab=3`);
    expect(flashOf(ok)).toEqual([{ kind: "success", text: "Nahrán 1 soubor" }]);
    const refused = await page(`/orders/fenceOrder/${orderId}/files`, { body: formWith(fileOf(TEXT, "b.pdf")) });
    expect(refused.status).toBe(303);
    expect(flashOf(refused)).toEqual([{ kind: "fail", text: "Soubor „b.pdf“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP, PDF" }]);
    expect(await storedCount(orderId)).toBe(1);
  });
});

describe("download, preview and delete", () => {
  test("download gives back the uploaded bytes: a PDF as an attachment, an image inline", async () => {
    const orderId = await newOrder();
    const [pdf, image] = await uploadViaApi(orderId, fileOf(PDF, "nabídka č. 1.pdf"), fileOf(WEBP, "brána.webp"));
    const download = await page(`/orders/fenceOrder/${orderId}/files/${pdf!.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="nabidka_c._1.pdf"; filename*=UTF-8''${encodeURIComponent("nabídka č. 1.pdf")}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
    const inline = await page(`/orders/fenceOrder/${orderId}/files/${image!.id}`);
    expect(inline.headers.get("Content-Type")).toBe("image/webp");
    expect(inline.headers.get("Content-Disposition")).toStartWith("inline;");
    expect(Buffer.from(await inline.arrayBuffer()).equals(Buffer.from(WEBP))).toBe(true);
    // Another order's path does not reach it.
    const other = await newOrder();
    expect((await page(`/orders/fenceOrder/${other}/files/${pdf!.id}`)).status).toBe(404);
  });

  test("the preview ?load= answers the bytes inline with the stored type; unknown ids 404", async () => {
    const orderId = await newOrder();
    const [image] = await uploadViaApi(orderId, fileOf(JPEG, "foto.jpg"));
    for (const path of [`/orders/fenceOrder/upload?load=${image!.id}`, `/api/orders/fenceOrder/upload?load=${image!.id}`]) {
      const response = path.startsWith("/api") ? await api(path) : await page(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("Content-Disposition")).toStartWith("inline;");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(JPEG))).toBe(true);
    }
    expect((await page("/orders/fenceOrder/upload?load=2000000000")).status).toBe(404);
    expect((await page("/orders/fenceOrder/upload?load=abc")).status).toBe(404);
    expect((await page("/orders/fenceOrder/upload")).status).toBe(404);
  });

  test("delete: htmx answers the tab with a toast; the API deletes too; a second delete 404s", async () => {
    const orderId = await newOrder();
    const [a, b] = await uploadViaApi(orderId, fileOf(PNG, "a.png"), fileOf(PDF, "b.pdf"));
    const response = await page(`/orders/fenceOrder/${orderId}/files/${a!.id}/delete`, { body: "", htmx: true });
    expect(response.status).toBe(200);
    expect(toastOf(response)).toEqual({ kind: "success", text: "Soubor smazán" });
    expect(await htmlOf(response)).not.toContain("a.png");
    expect((await filesOf(orderId)).map((file) => file.id)).toEqual([b!.id]);
    expect((await page(`/orders/fenceOrder/${orderId}/files/${a!.id}/delete`, { body: "", htmx: true })).status).toBe(404);
    const viaApi = await api(`/api/orders/fenceOrder/upload/${b!.id}`, { method: "DELETE" });
    expect(viaApi.status).toBe(200);
    expect(await storedCount(orderId)).toBe(0);
    expect((await api(`/api/orders/fenceOrder/upload/${b!.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await page(`/orders/fenceOrder/${orderId}/files/${a!.id}`)).status).toBe(404);
  });

  test("a plain delete redirects to the Files tab", async () => {
    const orderId = await newOrder();
    const [a] = await uploadViaApi(orderId, fileOf(PNG, "a.png"));
    const response = await page(`/orders/fenceOrder/${orderId}/files/${a!.id}/delete`, { body: "" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/orders/fenceOrder/${orderId}?tab=3`);
    expect(flashOf(response)).toEqual([{ kind: "success", text: "Soubor smazán" }]);
  });
});

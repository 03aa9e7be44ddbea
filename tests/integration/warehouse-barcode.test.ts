/**
 * A warehouse's barcode (docs/domain.md#warehouse, #barcodes): `GET /api/warehouse/barcode?id={id}` answers a
 * Code 128 PNG of `W<id>`; zbarimg reads it back, and the menu box opens the warehouse with what it read
 * (ids 1, 9, 10 and the largest int4). The list, the edit page and the stock page link to it.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { warehouses } from "@db/schema";
import { type Session, json, useTestApp } from "../helpers/app";

const t = useTestApp();
const IDS = [1, 9, 10, 2_147_483_647];
let session: Session;

beforeAll(async () => {
  // Explicit ids: the short codes (W1, W9), the first two-digit one and the largest id a label prints.
  for (const id of IDS) await t.current.ctx.db.insert(warehouses).values({ id, name: `Sklad kódu ${id} – Žďár`, expedition: false });
  session = await t.current.login();
});

/** What zbarimg reads from the PNG, as `SYMBOLOGY:value` lines. */
async function decoded(png: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "warehouse-barcode-"));
  try {
    const file = join(dir, "code.png");
    await writeFile(file, png);
    const process = Bun.spawn(["zbarimg", "-q", file], { stdout: "pipe", stderr: "pipe" });
    const [stdout, code] = await Promise.all([new Response(process.stdout).text(), process.exited]);
    expect(code).toBe(0);
    return stdout.split("\n").filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("GET /api/warehouse/barcode?id=", () => {
  test.each(IDS)("warehouse %d: a PNG whose decoded code the menu box opens as that warehouse", async (id) => {
    const response = await session.api(`/api/warehouse/barcode?id=${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const codes = await decoded(png);
    expect(codes).toEqual([`CODE-128:W${id}`]);
    const scan = await session.api("/api/barcode/scan", { method: "POST", json: { code: codes[0]!.slice("CODE-128:".length) } });
    expect(scan.status).toBe(200);
    expect(await json(scan)).toEqual({ status: "success", data: { action: "open", url: `/warehouse/${id}`, message: `Otevírám sklad Sklad kódu ${id} – Žďár` } });
  });

  test("an unknown warehouse answers 404; a missing or malformed id 400; no session 401", async () => {
    for (const id of ["2", "2147483648", "99999999999"]) {
      const response = await session.api(`/api/warehouse/barcode?id=${id}`);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ status: "error", code: "NOT_FOUND" });
    }
    for (const query of ["", "?id=", "?id=abc", "?id=-1"]) {
      const response = await session.api(`/api/warehouse/barcode${query}`);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ status: "error", code: "BAD_REQUEST" });
    }
    expect((await t.current.request("/api/warehouse/barcode?id=1")).status).toBe(401);
  });

  test("the CRUD API still reads warehouse 9 by id beside the barcode route", async () => {
    const response = await session.api("/api/warehouse/9");
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: 9, name: "Sklad kódu 9 – Žďár" });
  });
});

describe("printable from the list and the warehouse's pages", () => {
  const link = (id: number) => `href="/api/warehouse/barcode?id=${id}"`;

  test("the warehouse list links each warehouse's code", async () => {
    const html = await (await session.page("/warehouse/warehouses?size=100")).text();
    for (const id of IDS) expect(html).toContain(link(id));
    expect(html).toContain("Tisk kódu");
  });

  test("the edit page shows the image and W<id>; the stock page links the code", async () => {
    const edit = await (await session.page("/warehouse/warehouses/10")).text();
    expect(edit).toContain('src="/api/warehouse/barcode?id=10"');
    expect(edit).toContain(">W10</figcaption>");
    const stock = await (await session.page("/warehouse/10")).text();
    expect(stock).toContain(link(10));
  });
});

/**
 * Excel download failures are shown (decision 060): every xlsx link or form of the pages is marked
 * `data-download="xlsx"` (public/app.js fetches it and shows a failure as a toast, the page staying), the
 * layout carries the translated "could not download" text, and a failing export asked the way the script
 * asks (HX-Request) answers the translated toast in HX-Trigger instead of a page. The browser side is
 * tests/e2e/excel-downloads.test.ts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { type Session, useTestApp } from "../helpers/app";
import { createSupplierOrder, createWarehouse, insertFenceOrderRow } from "../helpers/factories";

const t = useTestApp();
let session: Session;
let warehouse: number;

beforeAll(async () => {
  session = await t.current.login();
  warehouse = await createWarehouse(t.current.ctx, { name: "Sklad exportů" });
});

const html = async (path: string) => {
  const response = await session.page(path);
  expect(`${path} ${response.status}`).toBe(`${path} 200`);
  return response.text();
};
/** The opening tags carrying data-download="xlsx", by their href or action. */
const marked = (page: string) => [...page.matchAll(/<(a|form)\b[^>]*data-download="xlsx"[^>]*>/g)].map((tag) => /(?:href|action)="([^"]+)"/.exec(tag[0])![1]!.replaceAll("&amp;", "&"));

/** Parses the HX-Trigger toast (non-ASCII escaped as \uXXXX). */
const toastOf = (response: Response) => JSON.parse(response.headers.get("HX-Trigger") ?? "null")?.toast as { kind: string; text: string } | undefined;

describe("every xlsx download is marked for the script", () => {
  test("the warehouse page (the stock and the manufacture export) and the selection page's export form", async () => {
    expect(marked(await html(`/warehouse/${warehouse}`))).toEqual([`/warehouse/export?id=${warehouse}&sort=product,asc`.replace(",", "%2C"), `/warehouse/exportToExcelManufacture?id=${warehouse}`]);
    expect(marked(await html("/warehouse/selectWarehouse"))).toEqual(["/warehouse/exportToExcel"]);
  });

  test("the manufacture list, the ordered material, the hours report and a supplier order", async () => {
    const order = await insertFenceOrderRow(t.current.ctx.db);
    expect(marked(await html(`/orders/fenceOrder/manufacture/${order}`))).toEqual([`/orders/fenceOrder/manufacture/${order}/export.xlsx`]);
    const material = marked(await html(`/orders/fenceOrder/orderedMaterial?orders=${order}`));
    expect(material).toHaveLength(1);
    expect(material[0]).toStartWith("/orders/fenceOrder/orderedMaterial/export.xlsx");
    const report = marked(await html("/timesheets/report?from=2026-11-01&to=2026-11-20"));
    expect(report).toEqual(["/timesheets/report/xlsx?from=2026-11-01&to=2026-11-20&period=day"]);
    const supplierOrder = await createSupplierOrder({ ...t.current.ctx, userId: session.user.id });
    expect(marked(await html(`/suppliers/orders/${supplierOrder}`))).toEqual([`/suppliers/orders/${supplierOrder}/export.xlsx`]);
  });

  test("the layout carries the translated fallback text, Czech and English", async () => {
    expect(await html("/index")).toContain('data-download-failed="Soubor se nepodařilo stáhnout. Zkuste to prosím znovu."');
    await session.page("/language", { form: { lang: "en" } });
    expect(await html("/index")).toContain('data-download-failed="The file could not be downloaded. Please try again."');
    await session.page("/language", { form: { lang: "cs" } });
  });
});

describe("a failing export asked as the script asks", () => {
  const asScript = { "HX-Request": "true" };

  test("a warehouse that is gone: 404 with the translated error toast, no page and no file", async () => {
    for (const path of ["/warehouse/export?id=999999", "/warehouse/exportToExcelManufacture?id=999999"]) {
      const response = await session.page(path, { headers: asScript });
      expect(response.status).toBe(404);
      expect(toastOf(response)).toEqual({ kind: "error", text: "Záznam nebo stránka neexistuje" });
      expect(await response.text()).toBe("");
    }
    const all = await session.page("/warehouse/exportToExcel", { form: { warehouse: "999999" }, headers: asScript });
    expect(all.status).toBe(404);
    expect(toastOf(all)?.text).toBe("Záznam nebo stránka neexistuje");
  });

  test("a refused query: 422 with the refusal's own message", async () => {
    const response = await session.page("/timesheets/report/xlsx?from=2026-11-20&to=2026-11-01", { headers: asScript });
    expect(response.status).toBe(422);
    const toast = toastOf(response)!;
    expect(toast.kind).toBe("fail");
    expect(toast.text.length).toBeGreaterThan(0);
  });

  test("the same export that works answers the workbook to the script too", async () => {
    const response = await session.page(`/warehouse/export?id=${warehouse}`, { headers: asScript });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="zasoby-${warehouse}.xlsx"`);
  });

  test("without a session the script is sent to the login (HX-Redirect)", async () => {
    const response = await t.current.request(`/warehouse/export?id=${warehouse}`, { headers: asScript });
    expect(response.status).toBe(401);
    expect(response.headers.get("HX-Redirect")).toBe("/login");
  });
});

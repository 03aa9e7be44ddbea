/**
 * The shared list table (views/components/data-table.tsx) as every list page renders it, seen
 * through one generic list (/settings/shipping): which column is sorted is said on
 * the header cell, no empty header cells, and a page past the end (docs/decisions/037).
 */
import { describe, expect, test } from "bun:test";
import type { Shipping } from "@/modules/settings/shipping/schemas";
import { useTestApp } from "../helpers/app";
import { entityApi, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();
const shipping = entityApi<Shipping>(t, "/api/settings/shipping");

/** The list's <thead>, where the sort and filter controls are. */
const headOf = (html: string): string => html.slice(html.indexOf("<thead>"), html.indexOf("</thead>"));

describe("the shared list table", () => {
  test("the sorted column says so on its header cell (aria-sort), the others say none; a link never carries aria-sort", async () => {
    await shipping.create({ name: "Řazená doprava", price: 10 });
    const head = headOf(await htmlOf(await (await shipping.session()).page("/settings/shipping?sort=name,desc")));
    expect(head).toMatch(/<th[^>]*aria-sort="descending"[^>]*><a[^>]*href="\/settings\/shipping\?sort=name%2Casc"/);
    expect(head).toMatch(/<th[^>]*aria-sort="none"/);
    expect(head).not.toMatch(/<a[^>]*aria-sort/);
  });

  test("the filter row holds plain cells, so no header cell above an unfilterable column is empty", async () => {
    const head = headOf(await htmlOf(await (await shipping.session()).page("/settings/shipping")));
    const filterRow = head.slice(head.indexOf('class="filter-row"'));
    expect(filterRow).toContain("<td");
    expect(filterRow).not.toContain("<th");
  });

  test("a page number past the end says there is no such page and links to the last one, not 'Strana 999 z 2'", async () => {
    for (const name of ["Konec A", "Konec B", "Konec C"]) await shipping.create({ name, price: 1 });
    const { meta } = await shipping.list("?size=20&page=999");
    expect(meta.pages).toBeLessThan(999);
    const html = await pageShowing(
      await (await shipping.session()).page("/settings/shipping?page=999"),
      200,
      `Strana 999 v seznamu není, má jich ${meta.pages}.`,
      `Přejít na poslední stranu (${meta.pages})`,
    );
    expect(html).not.toContain(`Strana 999 z ${meta.pages}`);
    // The list's default sort travels in its links; page 1 is the bare list.
    const lastHref = `/settings/shipping?sort=name%2Casc${meta.pages > 1 ? `&amp;page=${meta.pages}` : ""}`;
    const emptyRow = html.slice(html.indexOf('class="empty-row"'), html.indexOf("</tr>", html.indexOf('class="empty-row"')));
    expect(emptyRow).toContain(`href="${lastHref}"`);
    // The pager's Previous and Last lead there too (Last is a link, not the disabled mark).
    expect(html).toMatch(new RegExp(`<a class="pager-link" href="${lastHref.replace("?", "\\?")}"[^>]*rel="prev"`));
    expect(html).toMatch(new RegExp(`<a class="pager-link" href="${lastHref.replace("?", "\\?")}"[^>]*>Poslední</a>`));
  });
});

/**
 * Browser tests of categories (docs/domain.md#categories): a three-level tree built through the UI (add,
 * add-child with the parent preselected), the fully expanded tree page with id tooltips, no way
 * to pick a cycle in the parent select (and the server's refusal of a forged one), and the
 * refused delete of a category that still has a child.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { inArray } from "drizzle-orm";
import { categories } from "@db/schema";
import { categoryService } from "@/modules/catalogue/category/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const TREE = "/products/category";

/** A node's own row: a leaf's span, or the summary of a parent's `<details>`. */
const ROW = ":scope > .category-node, :scope > details > summary.category-node";

/** The tree page's node for a category name (its own row, not its descendants'). */
const nodeOf = (page: Page, name: string) =>
  page
    .locator("ul.category-tree li[data-category-id]")
    .filter({ has: page.locator(`:scope > .category-node > .category-name, :scope > details > summary.category-node > .category-name`, { hasText: new RegExp(`^${name}$`) }) });

/** The row (name and both buttons) of a node. */
const rowOf = (page: Page, name: string) => nodeOf(page, name).locator(ROW);

async function idOf(page: Page, name: string): Promise<number> {
  return Number(await nodeOf(page, name).getAttribute("data-category-id"));
}

/** Fills the name on a new-category form and saves; lands back on the tree with CREATED. */
async function saveNew(page: Page, name: string): Promise<void> {
  await page.locator("#field-name").fill(name);
  await page.locator("#field-name").press("Enter");
  await page.waitForURL((url) => url.pathname === TREE);
  await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
  await nodeOf(page, name).waitFor();
}

describeBrowser("Categories", () => {
  const e2e = useE2E();

  test("build a three-level tree, see it expanded, no cycle on offer, a parent with a child cannot go", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const ctx = e2e.server.testApp.ctx;

    // Level 1: the add button at the top.
    await page.goto(TREE);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL((url) => url.pathname === `${TREE}/new`);
    expect(await page.locator("#field-parent").inputValue()).toBe("");
    expect(await page.locator("#field-parent option").first().innerText()).toBe("--");
    await saveNew(page, "Ploty");
    const ploty = await idOf(page, "Ploty");

    // Level 2: Ploty's add-child button preselects Ploty.
    await rowOf(page, "Ploty").locator("a.category-add-child").click();
    await page.waitForURL((url) => url.pathname === `${TREE}/new` && url.searchParams.get("parentCategoryId") === String(ploty));
    expect(await page.locator("#field-parent").inputValue()).toBe(String(ploty));
    expect(await page.locator("#field-parent option:checked").innerText()).toBe("Ploty");
    await saveNew(page, "Poplastované");
    const poplastovane = await idOf(page, "Poplastované");

    // Level 3: the add-child of the new node, found by keyboard from its name's row.
    await rowOf(page, "Poplastované").locator("a.category-add-child").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("parentCategoryId") === String(poplastovane));
    expect(await page.locator("#field-parent option:checked").innerText()).toBe("Ploty › Poplastované");
    await saveNew(page, "Zelené");
    const zelene = await idOf(page, "Zelené");

    // The tree page: nested three deep, everything visible (fully expanded), the id as a tooltip.
    const chain = page.locator(
      `ul.category-tree > li[data-category-id="${ploty}"] > details > ul > li[data-category-id="${poplastovane}"] > details > ul > li[data-category-id="${zelene}"]`,
    );
    expect(await chain.count()).toBe(1);
    for (const [name, id] of [["Ploty", ploty], ["Poplastované", poplastovane], ["Zelené", zelene]] as const) {
      const label = rowOf(page, name).locator(".category-name");
      expect(await label.isVisible()).toBe(true);
      expect(await label.getAttribute("title")).toBe(`Id ${id}`);
      expect(await rowOf(page, name).locator("a.category-edit").getAttribute("href")).toBe(`${TREE}/${id}`);
    }
    expect(await page.locator("ul.category-tree details:not([open]), ul.category-tree [aria-expanded=false], ul.category-tree [hidden]").count()).toBe(0);
    const saved = await categoryService.get({ ctx, input: { id: zelene } });
    expect(saved.parent?.id).toBe(poplastovane);

    // A cycle: on Ploty's form the parent select offers neither Ploty nor anything below it.
    await rowOf(page, "Ploty").locator("a.category-edit").click();
    await page.waitForURL((url) => url.pathname === `${TREE}/${ploty}`);
    expect(await page.locator("#field-id").inputValue()).toBe(String(ploty));
    const offered = await page.locator("#field-parent option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toContain("");
    for (const id of [ploty, poplastovane, zelene]) expect(offered).not.toContain(String(id));
    expect(await page.locator("#field-parent option", { hasText: "Zelené" }).count()).toBe(0);

    // Forging the option anyway: the server refuses it on the field and moves nothing.
    await page.evaluate((id) => {
      const select = document.getElementById("field-parent") as HTMLSelectElement;
      select.add(new Option("Ploty › Poplastované › Zelené", String(id)));
      select.value = String(id);
    }, zelene);
    const [forged] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `${TREE}/${ploty}`),
      page.locator("form.entity-form button[type=submit]").click(),
    ]);
    expect(forged.status()).toBe(422);
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    expect(await page.locator("#field-parent-error").innerText()).toBe("Kategorie nemůže být svým vlastním předkem");
    expect((await categoryService.get({ ctx, input: { id: ploty } })).parent).toBeNull();

    // Deleting Poplastované (Zelené is below it): confirm, the refusal toast, it stays.
    await page.goto(`${TREE}/${poplastovane}`);
    await page.locator("form.delete-form button[type=submit]").click();
    await page.waitForFunction(() => (document.getElementById("confirm-dialog") as HTMLDialogElement).open);
    await page.locator("#confirm-dialog button[value=confirm]").click();
    await page.locator(".toast-fail", { hasText: "Kategorie má podkategorie (1), nejdříve je přesuňte nebo smažte" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${TREE}/${poplastovane}`);
    expect((await categoryService.get({ ctx, input: { id: poplastovane } })).name).toBe("Poplastované");
    await page.goto(TREE);
    expect(await chain.count()).toBe(1);
    expect(errors).toEqual([]);
  });
  test("a big tree: a collapsed level opens on demand by keyboard, closes again, and its links work", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    // One root with 20 groups of 20 items: 421 nodes, more than the page sends at once.
    const db = e2e.server.testApp.ctx.db;
    const [root] = await db.insert(categories).values({ name: "Archiv" }).returning({ id: categories.id });
    const groups = await db
      .insert(categories)
      .values(Array.from({ length: 20 }, (_, i) => ({ name: `Skupina ${String(i).padStart(2, "0")}`, parentId: root!.id })))
      .returning({ id: categories.id });
    const items = await db
      .insert(categories)
      .values(groups.flatMap((group, i) => Array.from({ length: 20 }, (_, j) => ({ name: `Položka ${i}-${String(j).padStart(2, "0")}`, parentId: group.id }))))
      .returning({ id: categories.id });
    try {
      await page.goto(TREE);
      const group = nodeOf(page, "Skupina 03");
      expect(await group.locator(":scope > details").getAttribute("open")).toBeNull();
      expect(await nodeOf(page, "Položka 3-00").count()).toBe(0);

      // Enter on the group's row opens it; its 20 items arrive from the server.
      await rowOf(page, "Skupina 03").focus();
      await page.keyboard.press("Enter");
      await nodeOf(page, "Položka 3-07").waitFor();
      expect(await group.locator(":scope > details > ul > li[data-category-id]").count()).toBe(20);
      const item = items[3 * 20 + 7]!.id;
      expect(await rowOf(page, "Položka 3-07").locator(".category-name").getAttribute("title")).toBe(`Id ${item}`);

      // Enter again closes it (the items hide), and once more shows the same 20 without a second copy.
      await page.keyboard.press("Enter");
      await nodeOf(page, "Položka 3-07").waitFor({ state: "hidden" });
      await page.keyboard.press("Enter");
      await nodeOf(page, "Položka 3-07").waitFor();
      expect(await group.locator(":scope > details > ul > li[data-category-id]").count()).toBe(20);

      // An item's edit button leads to its form.
      await rowOf(page, "Položka 3-07").locator("a.category-edit").click();
      await page.waitForURL((url) => url.pathname === `${TREE}/${item}`);
      expect(await page.locator("#field-name").inputValue()).toBe("Položka 3-07");
      expect(errors).toEqual([]);
    } finally {
      for (const level of [items, groups, [root!]]) await db.delete(categories).where(inArray(categories.id, level.map((row) => row.id)));
    }
  });
});

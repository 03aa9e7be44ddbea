import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eshops } from "@db/schema";
import { migrate, openPglite } from "./db";

test("embedded data survives a restart and migrations are idempotent", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-db-"));
  try {
    const first = await openPglite({ dataDir: dir });
    await migrate(first);
    await first.db.insert(eshops).values({ name: "Trvalý", url: "https://trvaly.cz" });
    await first.close();

    const second = await openPglite({ dataDir: dir });
    await migrate(second);
    const rows = await second.db.select().from(eshops);
    expect(rows.map((row) => row.name)).toEqual(["Trvalý"]);
    expect(await second.ping()).toBe(true);
    await second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Builds (or finds) the load benchmark's data and prints it (tests/bench/load-data.ts):
 *
 *   bun tests/bench/load-data-main.ts --postgres postgres://postgres@127.0.0.1:5432/test [--orders 1000000] [--products 500000]
 *   bun tests/bench/load-data-main.ts --pglite .bench/pglite [--orders 100000] [--products 50000]
 *
 * Progress on stderr; the LoadData as JSON and the time taken on stdout.
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { ensureLoadData, type LoadTarget } from "./load-data";

const { values } = parseArgs({ options: { postgres: { type: "string" }, pglite: { type: "string" }, orders: { type: "string" }, products: { type: "string" } } });
if (Boolean(values.postgres) === Boolean(values.pglite)) {
  console.error("usage: bun tests/bench/load-data-main.ts (--postgres URL | --pglite DIR) [--orders N] [--products N]");
  process.exit(1);
}
const target: LoadTarget = values.postgres ? { kind: "postgres", url: values.postgres } : { kind: "pglite", dataDir: resolve(values.pglite!) };
const scale = { orders: Number(values.orders ?? 1_000_000), products: Number(values.products ?? 500_000) };
if (!(scale.orders > 0 && scale.products > 0)) {
  console.error("--orders and --products must be positive numbers");
  process.exit(1);
}
const started = performance.now();
const data = await ensureLoadData(target, scale, (line) => process.stderr.write(`${line}\n`));
console.log(JSON.stringify(data, null, 2));
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(0);

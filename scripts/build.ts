/** Builds the islands bundle (docs/architecture.md#stack): browser target, splitting, minified, production React. */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { ensurePgliteTemplate } from "./pglite-template";

const root = resolve(import.meta.dir, "..");
const outdir = resolve(root, "public/build");

export async function buildIslands(options: { minify?: boolean } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [resolve(root, "islands/client.tsx")],
    outdir,
    target: "browser",
    splitting: true,
    minify: options.minify ?? true,
    naming: { entry: "[name].[ext]", chunk: "chunk-[hash].[ext]", asset: "asset-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    tsconfig: resolve(root, "tsconfig.json"),
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("Island build failed");
  }
  // Small page scripts without React and without shared chunks: the kiosk's
  // (docs/domain.md#kiosk-scan-flow) and the scale pages' live updates (docs/decisions/058-scale-live-updates.md).
  const scripts = [];
  for (const [entry, what] of [
    ["islands/kiosk/kiosk.ts", "Kiosk"],
    ["islands/scales/scale-live.ts", "Scale live"],
  ] as const) {
    const built = await Bun.build({
      entrypoints: [resolve(root, entry)],
      outdir,
      target: "browser",
      splitting: false,
      minify: options.minify ?? true,
      naming: { entry: "[name].[ext]" },
      tsconfig: resolve(root, "tsconfig.json"),
    });
    if (!built.success) {
      for (const log of built.logs) console.error(log);
      throw new Error(`${what} build failed`);
    }
    scripts.push(...built.outputs);
  }
  return [...result.outputs, ...scripts].map((output) => ({ path: output.path, size: output.size }));
}

if (import.meta.main) {
  const started = performance.now();
  const outputs = await buildIslands();
  const total = outputs.reduce((sum, output) => sum + output.size, 0);
  console.log(`islands built: ${outputs.length} files, ${(total / 1024).toFixed(1)} KB in ${Math.round(performance.now() - started)} ms`);
  await ensurePgliteTemplate();
}

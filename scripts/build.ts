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
  // The kiosk's own small script (docs/domain.md#kiosk-scan-flow): no React, no shared chunks.
  const kiosk = await Bun.build({
    entrypoints: [resolve(root, "islands/kiosk/kiosk.ts")],
    outdir,
    target: "browser",
    splitting: false,
    minify: options.minify ?? true,
    naming: { entry: "[name].[ext]" },
    tsconfig: resolve(root, "tsconfig.json"),
  });
  if (!kiosk.success) {
    for (const log of kiosk.logs) console.error(log);
    throw new Error("Kiosk build failed");
  }
  // The scale pages' live updates (docs/decisions/058-scale-live-updates.md): no React either.
  const scaleLive = await Bun.build({
    entrypoints: [resolve(root, "islands/scales/scale-live.ts")],
    outdir,
    target: "browser",
    splitting: false,
    minify: options.minify ?? true,
    naming: { entry: "[name].[ext]" },
    tsconfig: resolve(root, "tsconfig.json"),
  });
  if (!scaleLive.success) {
    for (const log of scaleLive.logs) console.error(log);
    throw new Error("Scale live build failed");
  }
  return [...result.outputs, ...kiosk.outputs, ...scaleLive.outputs].map((output) => ({ path: output.path, size: output.size }));
}

if (import.meta.main) {
  const started = performance.now();
  const outputs = await buildIslands();
  const total = outputs.reduce((sum, output) => sum + output.size, 0);
  console.log(`islands built: ${outputs.length} files, ${(total / 1024).toFixed(1)} KB in ${Math.round(performance.now() - started)} ms`);
  await ensurePgliteTemplate();
}

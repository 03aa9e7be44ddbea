/**
 * Makes the migrated PGlite template (src/lib/pglite-template.ts) for the current migrations, so
 * the first `npm start` on an empty DATA_DIR copies it instead of running initdb and migrations.
 * Run by `npm install` (postinstall) and `npm start`'s build step. It never fails the install: a
 * missing template only makes the first start slower.
 */
import { ensureTemplate } from "@/lib/pglite-template";

export async function ensurePgliteTemplate(log: (line: string) => void = console.log): Promise<void> {
  const started = performance.now();
  try {
    const { path, made } = await ensureTemplate();
    if (made) log(`PGlite template made: ${path} in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    log(`PGlite template not made (${error instanceof Error ? error.message : String(error)}); the first start will migrate instead.`);
  }
}

if (import.meta.main) await ensurePgliteTemplate();

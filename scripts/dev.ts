/**
 * Development: rebuilds the islands on every change under islands/ (and what they import), and
 * restarts the server with `bun --watch` when server code changes.
 */
import { watch } from "node:fs";
import { resolve } from "node:path";
import { buildIslands } from "./build";

const root = resolve(import.meta.dir, "..");
let pending: ReturnType<typeof setTimeout> | null = null;

async function rebuild(reason: string) {
  try {
    const outputs = await buildIslands({ minify: false });
    console.log(`islands rebuilt (${reason}): ${outputs.length} files`);
  } catch (error) {
    console.error(`islands build failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

await rebuild("start");
for (const folder of ["islands", "src/lib", "src/modules"]) {
  watch(resolve(root, folder), { recursive: true }, (_event, file) => {
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => void rebuild(String(file)), 100);
  });
}

const server = Bun.spawn([process.execPath, "--watch", resolve(root, "src/main.ts"), ...process.argv.slice(2)], {
  stdio: ["inherit", "inherit", "inherit"],
  env: process.env,
});
const stop = () => {
  server.kill();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await server.exited;

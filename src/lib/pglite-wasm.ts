/**
 * PGlite's engine is 9 MB of WebAssembly, compiled anew by every process. The runtime compiles it
 * on other threads: started first thing, it compiles while the app's modules load and the HTTP
 * server starts (docs/decisions/069-faults.md), and PGlite takes the compiled module.
 */
export function compilePgliteWasm(): Promise<WebAssembly.Module | undefined> {
  const compiling = (async () => {
    const wasm = new URL("./pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
    return WebAssembly.compile(await Bun.file(wasm).arrayBuffer());
  })();
  // Not fatal: without it PGlite loads and compiles the same file itself.
  return compiling.catch(() => undefined);
}

/**
 * A throwaway PostgreSQL cluster a test may stop and start (docs/decisions/069-faults.md): its
 * own data directory in the temp folder, its own free port on loopback, trust login. The
 * machine's PostgreSQL is shared by other tests and never stopped.
 *
 * initdb refuses to run as root, so when the tests run as root the cluster belongs to the
 * `postgres` system user and its commands run through `runuser`.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../bench/lib";

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly url: string;
  start(): void;
  /** `fast` ends the sessions (57P01) and shuts down cleanly; `immediate` is a crash, recovered at the next start. */
  stop(mode?: "fast" | "immediate"): void;
  /** Stops the cluster (when running) and removes its directory. */
  destroy(): void;
}

/** The server's binaries: Debian keeps them per major version under /usr/lib/postgresql. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql (Debian's postgresql package)");
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "ohrada-own-pg-"));
  if (asRoot) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
  const dataDir = join(dir, "data");
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ["runuser", "-u", "postgres", "--", join(bin, tool), ...args] : [join(bin, tool), ...args];
    const result = spawnSync(command[0]!, command.slice(1), { encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  let running = false;
  const pgCtl = (...args: string[]) => run("pg_ctl", ["-D", dataDir, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", join(dir, "server.log"), "-w", "-t", "60", ...args]);
  try {
    run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
    pgCtl("start");
    running = true;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      pgCtl("start");
      running = true;
    },
    stop(mode = "fast") {
      pgCtl("stop", "-m", mode);
      running = false;
    },
    destroy() {
      try {
        if (running) pgCtl("stop", "-m", "immediate");
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function uidOf(user: string): number {
  return Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
}

function gidOf(user: string): number {
  return Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
}

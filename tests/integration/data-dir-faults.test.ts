/**
 * A DATA_DIR that is read-only or full stops the start with a clear message and a non-zero exit,
 * before anything is written (docs/decisions/069-faults.md). The real server, `bun src/main.ts`.
 *
 * Root ignores permission bits, so "read-only" and "full" are made for real where the machine
 * allows it: a private mount namespace (`unshare -m`, as root) with a read-only tmpfs, or a
 * 1 MB tmpfs, over the DATA_DIR; the namespace ends with the process. Without it, read-only is
 * a folder in sysfs (root) or a folder with mode 0555 (another user), and "full" is a MIN_FREE_MB
 * above the disk's free space (the check reads the file system's real figures either way).
 * OHRADA_TEST_NO_MOUNT=1 takes the second way where mounts work.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { checkDataDir, DataDirError } from "@/lib/data-dir-check";

const MAIN = resolve(import.meta.dir, "../../src/main.ts");
const made: string[] = [];
afterAll(() => {
  for (const dir of made) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-data-dir-"));
  made.push(dir);
  return dir;
};

/** Mount namespaces need root (CAP_SYS_ADMIN); a container may still refuse them. */
const canMount = process.getuid?.() === 0 && spawnSync("unshare", ["-m", "true"]).status === 0 && !process.env.OHRADA_TEST_NO_MOUNT;

/** `bun src/main.ts` on `dataDir`, with `mount` (tmpfs options) over it when given; its exit code and output. */
function start(dataDir: string, options: { mount?: string; env?: Record<string, string> } = {}) {
  const main = [process.execPath, MAIN];
  const command = options.mount ? ["unshare", "-m", "sh", "-c", 'mount -t tmpfs -o "$1" tmpfs "$2" && shift 2 && exec "$@"', "sh", options.mount, dataDir, ...main] : main;
  const result = spawnSync(command[0]!, command.slice(1), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", MQTT_URL: "", PORT: "0", MQTT_PORT: "0", LOG_LEVEL: "info", ...options.env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the start refuses a DATA_DIR it cannot use", () => {
  test("read-only: a clear message, exit 1, nothing started", () => {
    if (canMount) {
      const dir = tempDir();
      const run = start(dir, { mount: "ro,size=64m" });
      expect(run.output).toContain(`DATA_DIR ${dir} is on a read-only file system`);
      expect(run.output).not.toContain("listens on");
      expect(run.status).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
    } else if (process.getuid?.() === 0) {
      // Root without mounts: sysfs takes no new folder even from root (and counts no free space: not the check asked here).
      const dir = "/sys/ohrada-data-dir";
      const run = start(dir, { env: { MIN_FREE_MB: "0" } });
      expect(run.output).toContain(`DATA_DIR ${dir} may not be written to by this user`);
      expect(run.status).toBe(1);
    } else {
      const dir = tempDir();
      chmodSync(dir, 0o555);
      const run = start(dir);
      expect(run.output).toContain(`DATA_DIR ${dir} may not be written to by this user`);
      expect(run.output).not.toContain("listens on");
      expect(run.status).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  test("full: below the free space it needs, a clear message, exit 1, nothing written", () => {
    const dir = tempDir();
    const run = canMount ? start(dir, { mount: "size=1m" }) : start(dir, { env: { MIN_FREE_MB: String(freeMb(dir) + 1_000) } });
    expect(run.output).toMatch(new RegExp(`DATA_DIR ${dir} has \\d+ MB free; Ohrada needs at least \\d+ MB \\(MIN_FREE_MB\\)`));
    expect(run.output).not.toContain("listens on");
    expect(run.status).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a file where the folder should be, or a DATA_DIR that cannot be made, is named as such", () => {
    const dir = tempDir();
    const file = join(dir, "data");
    writeFileSync(file, "not a folder");
    expect(() => checkDataDir(file, 0)).toThrow(new DataDirError(`DATA_DIR ${file} is a file, not a folder: Ohrada keeps its data there and cannot start. Make it writable, or set DATA_DIR to another folder.`));
    expect(() => checkDataDir(join(file, "below"), 0)).toThrow(DataDirError);
  });

  test("a writable DATA_DIR with room passes and is left as it was (a folder made when missing)", () => {
    const dir = tempDir();
    checkDataDir(join(dir, "new"), 1);
    expect(readdirSync(dir)).toEqual(["new"]);
    expect(readdirSync(join(dir, "new"))).toEqual([]);
  });
});

function freeMb(path: string): number {
  const { bavail, bsize } = statfsSync(path);
  return Math.floor((Number(bavail) * Number(bsize)) / (1024 * 1024));
}

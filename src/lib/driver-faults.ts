import type { Logger } from "./logger";

/**
 * postgres.js (3.4.x) queues a small write for the next turn of the event loop; when PostgreSQL
 * closes the connection before that turn, the queued write runs on a socket already gone and
 * throws from a timer, where no caller can catch it, and the process dies. The query it belonged
 * to has already been rejected with CONNECTION_CLOSED (a 503), so the write has nothing left to
 * do (docs/decisions/069-faults.md).
 */
export function isDriverWriteAfterClose(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /socket\.write|reading 'write'/.test(error.message) &&
    /nextWrite/.test(error.stack ?? "") &&
    /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? "")
  );
}

/**
 * Keeps the process up through that one driver fault while PostgreSQL goes away; any other
 * uncaught exception still ends the process as it would without a handler (printed, exit 1).
 */
export function surviveDatabaseDisconnects(logger: Logger): void {
  process.on("uncaughtException", (error) => {
    if (isDriverWriteAfterClose(error)) {
      logger.warn("database connection closed under a pending write", { error: error.message });
      return;
    }
    console.error(error);
    process.exit(1);
  });
}

/**
 * At most `limit` of the calls run at once; the rest wait their turn in arrival order. For work
 * whose memory grows with how many run together (a PDF's layout,
 * docs/decisions/033-speed-and-memory.md).
 */
export function concurrencyLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`concurrency limit must be a positive integer, not ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    // The slot passes straight from the one finishing to the next in line (`running` stays).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}

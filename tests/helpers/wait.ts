/**
 * Waits for a condition that no event announces (a row written, a status changed): reads again
 * after a short pause until `done`. The pause is a pace, never a deadline: the test's own limit is
 * the only clock, so a busy machine makes the wait longer, never the test red. `what` names the
 * wait in the error when a read fails.
 */
export async function waitUntil<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string, pauseMs = 25): Promise<T> {
  const once = async () => {
    try {
      return await read();
    } catch (error) {
      throw new Error(`while waiting for ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let last = await once();
  while (!done(last)) {
    await Bun.sleep(pauseMs);
    last = await once();
  }
  return last;
}

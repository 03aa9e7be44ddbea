import { noteChildOutput } from "./log-scan";

/**
 * A child process's output, read as it comes: a test waits for a line to appear (an event), never
 * for a clock. The stream is drained to its end, so the child never blocks on a full pipe.
 */
export interface ChildOutput {
  /** Resolves with the first match of `pattern` in everything printed so far or later; rejects when the output ends without one. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Everything printed so far. */
  readonly text: string;
}

export function watchOutput(stream: ReadableStream<Uint8Array>): ChildOutput {
  let text = "";
  let ended = false;
  const waiters: { pattern: RegExp; resolve: (match: RegExpExecArray) => void; reject: (error: Error) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(text);
      if (!match && !ended) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      if (match) waiter.resolve(match);
      else waiter.reject(new Error(`the output ended before ${waiter.pattern}: ${text}`));
    }
  };
  void (async () => {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        check();
      }
    } catch {
      // A stream that fails has ended all the same: the waiters still pending are refused below.
    } finally {
      // Scanned for secrets with the suite's logs (tests/helpers/log-scan.ts).
      noteChildOutput(text);
      ended = true;
      check();
    }
  })();
  return {
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve, reject });
        check();
      }),
    get text() {
      return text;
    },
  };
}

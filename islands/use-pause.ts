/**
 * Acts on a typed value once typing pauses: the scan boxes' rule (docs/domain.md#barcodes) — each
 * new value restarts the pause, and `act` runs with the value typed when it ends. Answers a cancel
 * for the pause still running (Enter acts at once instead).
 */
import { useCallback, useEffect, useRef } from "react";

export function useActOnPause<T>(value: T, pauseMs: number, act: (value: T) => void): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The latest `act`: it is recreated each render, and only the value restarts the pause.
  const latest = useRef(act);
  latest.current = act;
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => {
    cancel();
    timer.current = setTimeout(() => latest.current(value), pauseMs);
    return cancel;
  }, [value, pauseMs, cancel]);
  return cancel;
}

/**
 * xorshift32: a small deterministic generator for demo data, so every demo database tells the
 * same story. `seededRandom(seed)()` gives numbers in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

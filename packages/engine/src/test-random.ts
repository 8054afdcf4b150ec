/** A small deterministic generator of numbers in [0, 1) for tests, so a failure can be replayed from its seed. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

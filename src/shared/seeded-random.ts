/**
 * mulberry32: a tiny seeded generator of floats in [0, 1), the same sequence for the same seed. For
 * tests that draw (the question set, fuzzed requests) and must repeat, and for pinning the page's
 * Math.random in the e2e.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A repeatable stream of numbers in [-0.5, 0.5) (Park–Miller), for tests that compare two paths on random vectors. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647 - 0.5;
  };
}

/** The one seeded pseudo-random generator of the dev tools (mulberry32): values in [0, 1). See prng.cjs. */
export function prng(seed: number): () => number;

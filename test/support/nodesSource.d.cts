/** Every .ts file below nodes/: its path from the repository's root, and its lines. */
export function nodesSources(): Array<{ name: string; lines: string[] }>;

/** CONTRIBUTING.md's text. */
export function guide(): string;
/** A file the guide names, resolved (root, package folder, or a tracked file of that name); undefined when none. */
export function resolve(name: string): string | undefined;
/** A resolved file's text. */
export function text(full: string): string;

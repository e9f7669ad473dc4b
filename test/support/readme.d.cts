/** The README's text. */
export function readme(): string;
/** The example workflows the demo imports (file names, sorted). */
export function exampleFiles(): string[];

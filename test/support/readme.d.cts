/** The README's text. */
export function readme(): string;
/** The example workflows the demo imports (file names, sorted). */
export function exampleFiles(): string[];
export function examples(): Array<{
	file: string;
	workflow: {
		nodes: Array<{
			name: string;
			type: string;
			parameters: Record<string, unknown>;
			credentials?: { smsPlatformApi?: { id: string; name: string } };
		}>;
	};
}>;

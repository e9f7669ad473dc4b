/** The README's text. */
export function readme(): string;
/** A page of docs/, e.g. `real-servers.md`. */
export function doc(name: string): string;
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
		/** From a node's name, its outputs: each a list of the nodes it leads to. */
		connections: Record<string, { main: Array<Array<{ node: string }> | null> }>;
	};
}>;

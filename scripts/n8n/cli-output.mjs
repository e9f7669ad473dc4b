// Reads what the n8n CLI prints: the run that `n8n execute --rawOutput` writes among its log lines, and a per-node
// view of a run's data (also of executions read through the REST API). Node built-ins only.
//
//   const run = extractRunJson(stdout);            // the run object, or undefined
//   const nodes = summarizeRun(run);               // nodes['Node name'].items → [{...json}]

/**
 * @typedef {object} NodeResult
 * @property {any[]} items first output of the node's last run (item json)
 * @property {any[][]} outputs every output of the last run
 * @property {{ message: string, description?: string, httpCode?: string } | undefined} error
 * @property {number} runs
 * @property {string | undefined} status
 * @property {number | undefined} startTime
 * @property {number | undefined} executionTime
 * @property {any[]} pairedItems
 * @property {any[][]} allRuns
 */

/**
 * Finds the run n8n prints (pretty JSON, `{ "data": { ... "resultData" ...}, "status": ... }`) among log lines.
 * Returns the parsed object, or undefined.
 * @param {string} text
 * @returns {any}
 */
export function extractRunJson(text) {
	const starts = [];
	const pattern = /\{\s*\n\s*"data"\s*:/g;
	let match;
	while ((match = pattern.exec(text))) starts.push(match.index);
	for (const start of starts.reverse()) {
		const end = matchingBrace(text, start);
		if (end < 0) continue;
		try {
			const value = JSON.parse(text.slice(start, end + 1));
			if (value && typeof value === 'object' && value.data?.resultData) return value;
		} catch {
			// not this one
		}
	}
	return undefined;
}

/**
 * @param {string} text
 * @param {number} start
 */
function matchingBrace(text, start) {
	let depth = 0;
	let inString = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		if (inString) {
			if (char === '\\') index++;
			else if (char === '"') inString = false;
		} else if (char === '"') inString = true;
		else if (char === '{' || char === '[') depth++;
		else if (char === '}' || char === ']') {
			depth--;
			if (depth === 0) return index;
		}
	}
	return -1;
}

/**
 * Per-node view of a run: { [nodeName]: { items: [json...], outputs: [[json...], ...], error, runs, status } }.
 * `items` is the first output of the node's last run; `error` is the node's own error (message + description),
 * or, for a node that continued on fail, the `error` field of its first item.
 * @param {any} run
 * @returns {Record<string, NodeResult>}
 */
export function summarizeRun(run) {
	/** @type {Record<string, NodeResult>} */
	const nodes = {};
	/** @type {Record<string, any[]>} */
	const runData = run?.data?.resultData?.runData ?? {};
	for (const [name, runs] of Object.entries(runData)) {
		const last = runs[runs.length - 1] ?? {};
		/** @type {any[][]} */
		const outputs = (last.data?.main ?? []).map((/** @type {any[] | null} */ output) =>
			(output ?? []).map((item) => item.json),
		);
		const items = outputs[0] ?? [];
		let error;
		if (last.error) {
			error = {
				message: last.error.message,
				description: last.error.description,
				httpCode: last.error.httpCode,
			};
		} else if (items.length && items[0] && items[0].error !== undefined) {
			const first = items[0];
			error =
				typeof first.error === 'string'
					? { message: first.error, description: first.description, httpCode: first.httpCode }
					: first.error;
		}
		nodes[name] = {
			items,
			outputs,
			error,
			runs: runs.length,
			status: last.executionStatus,
			startTime: last.startTime,
			executionTime: last.executionTime,
			pairedItems: (last.data?.main?.[0] ?? []).map((/** @type {any} */ item) => item.pairedItem),
			allRuns: runs.map((entry) =>
				(entry.data?.main?.[0] ?? []).map((/** @type {any} */ item) => item.json),
			),
		};
	}
	return nodes;
}

/**
 * The last `count` lines of a text (for error messages that quote a process's output).
 * @param {string} text
 * @param {number} count
 */
export function lastLines(text, count) {
	return text.trimEnd().split('\n').slice(-count).join('\n');
}

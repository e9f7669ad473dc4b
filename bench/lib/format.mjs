// Numbers as the report prints them, and the median the scenarios take. Shared by bench/lib/report.mjs and
// bench/lib/network-section.mjs so that every table rounds the same way.

/** @param {number[]} values */
export function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const fmtInt = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');
/** @param {number} ms */
export const fmtMs = (ms) =>
	ms >= 10_000
		? `${(ms / 1000).toFixed(1)} s`
		: ms >= 1000
			? `${(ms / 1000).toFixed(2)} s`
			: `${Math.round(ms)} ms`;
export const fmtRatio = (/** @type {number} */ r) => `${r.toFixed(2)}×`;
export const fmtMb = (/** @type {number} */ kb) => `${Math.round(kb / 1024)} MB`;
export const fmtBytes = (/** @type {number} */ b) =>
	b >= 10_240 ? `${(b / 1024).toFixed(1)} KiB` : `${fmtInt(b)} B`;

/** @param {Record<string, number>} statuses */
export function statusText(statuses) {
	return Object.entries(statuses)
		.map(([status, n]) => `${fmtInt(n)}× ${status}`)
		.join(', ');
}

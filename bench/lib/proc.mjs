// Memory of a process tree, read from /proc (Linux only; elsewhere the figures are simply missing).
//
//   const sampler = startRssSampler(child.pid, { intervalMs: 50 });
//   ... child runs ...
//   const mem = sampler.stop();   // { peakTreeRssKb, peakMainHwmKb, peakMainRssKb, samples, maxProcesses, timeline }
//   peakBetween(mem.timeline, fromMs, toMs)   // peak tree / main VmRSS within a time span (e.g. one node's run)
//
// The tree is the process and all its descendants (n8n starts a task-runner child for the Code node). Each sample
// sums VmRSS over the tree; the main process's VmHWM (the kernel's own high-water mark) is tracked as well, since a
// short spike between two samples still shows there.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * @param {number} pid
 * @returns {string | undefined}
 */
function readStatus(pid) {
	try {
		return readFileSync(`/proc/${pid}/status`, 'utf8');
	} catch {
		return undefined;
	}
}

/**
 * @param {string} status
 * @param {string} field
 */
function kb(status, field) {
	const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
	return match ? Number(match[1]) : 0;
}

/**
 * Direct children of `pid`, from /proc/<pid>/task/<tid>/children, else by scanning /proc/<n>/stat.
 * @param {number} pid
 * @returns {number[]}
 */
function childrenOf(pid) {
	try {
		const out = [];
		for (const tid of readdirSync(`/proc/${pid}/task`)) {
			const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
			if (text) for (const child of text.split(/\s+/)) out.push(Number(child));
		}
		return out;
	} catch {
		// no CONFIG_PROC_CHILDREN, or the process is gone: scan
	}
	/** @type {number[]} */
	const out = [];
	/** @type {string[]} */
	let entries = [];
	try {
		entries = readdirSync('/proc');
	} catch {
		return out;
	}
	for (const entry of entries) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			if (ppid === pid) out.push(Number(entry));
		} catch {
			// gone
		}
	}
	return out;
}

/**
 * The process and its descendants.
 * @param {number} pid
 */
export function processTree(pid) {
	const seen = new Set([pid]);
	const queue = [pid];
	while (queue.length) {
		const current = /** @type {number} */ (queue.shift());
		for (const child of childrenOf(current)) {
			if (!seen.has(child)) {
				seen.add(child);
				queue.push(child);
			}
		}
	}
	return [...seen];
}

/**
 * Samples the memory of `pid`'s process tree until stop().
 * @param {number} pid
 * @param {{ intervalMs?: number }} [options]
 */
export function startRssSampler(pid, { intervalMs = 50 } = {}) {
	const result = {
		peakTreeRssKb: 0,
		peakMainHwmKb: 0,
		peakMainRssKb: 0,
		samples: 0,
		maxProcesses: 0,
	};
	/** @type {Array<[number, number, number]>} [epoch ms, tree VmRSS kB, main VmRSS kB] */
	const timeline = [];
	const sample = () => {
		const tree = processTree(pid);
		let total = 0;
		let alive = 0;
		let mainRss = 0;
		for (const member of tree) {
			const status = readStatus(member);
			if (!status) continue;
			alive++;
			const rss = kb(status, 'VmRSS');
			total += rss;
			if (member === pid) {
				mainRss = rss;
				result.peakMainRssKb = Math.max(result.peakMainRssKb, rss);
				result.peakMainHwmKb = Math.max(result.peakMainHwmKb, kb(status, 'VmHWM'));
			}
		}
		if (alive) {
			timeline.push([Date.now(), total, mainRss]);
			result.samples++;
			result.maxProcesses = Math.max(result.maxProcesses, alive);
			result.peakTreeRssKb = Math.max(result.peakTreeRssKb, total);
		}
	};
	sample();
	const timer = setInterval(sample, intervalMs);
	return {
		/** One more sample now (call right before the process is expected to exit). */
		sample,
		stop() {
			clearInterval(timer);
			return { ...result, timeline };
		},
	};
}

/**
 * Peak VmRSS (tree sum and main process) among the samples taken within [fromMs, toMs]; the sample just before
 * the span is included, since memory held at the start counts.
 * @param {Array<[number, number, number]>} timeline
 * @param {number} fromMs
 * @param {number} toMs
 */
export function peakBetween(timeline, fromMs, toMs) {
	let tree = 0;
	let main = 0;
	let count = 0;
	for (let index = 0; index < timeline.length; index++) {
		const [t, total, mainRss] = timeline[index];
		const next = timeline[index + 1];
		if (t > toMs) break;
		if (t < fromMs && next && next[0] < fromMs) continue;
		tree = Math.max(tree, total);
		main = Math.max(main, mainRss);
		count++;
	}
	return { treeKb: tree, mainKb: main, samples: count };
}

// Where the node's time goes: a summary of a V8 .cpuprofile (from `node --cpu-prof`) of an `n8n execute` run.
//
// The node's run is the node's startTime + executionTime from the run data, mapped onto the profile's monotonic clock
// (else the span from the first to the last sample whose stack holds a frame of this package's compiled code,
// …/n8n-nodes-sms-platform/dist/…). Within it, every sample is put in one bucket:
//   - "our code → <callee>": the stack holds our code; the bucket names our innermost function and the first
//     function it called outside our code (e.g. `prepare → getNodeParameter`), or "(self)" when the leaf is ours;
//   - otherwise by what runs: "(idle)" (waiting for the network), "(garbage collector)", or the package of the leaf
//     frame (e.g. "axios", "node:internal", "n8n-core") — asynchronous work our code started but which runs from
//     the event loop (response parsing, sockets).

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} Profile
 */

const OURS = /n8n-nodes-sms-platform\/dist\//;
/** Frames of the event loop's own dispatching, skipped when naming what ran. */
const DISPATCH = new Set([
	'(root)',
	'processTicksAndRejections',
	'runMicrotasks',
	'listOnTimeout',
	'processTimers',
	'processImmediate',
	'emit',
	'emitAfterScript',
	'afterWrite',
	'afterWriteDispatched',
	'onwrite',
	'defaultTriggerAsyncIdScope',
	'',
]);

/** @param {string} url */
function packageOf(url) {
	if (!url) return '(native)';
	if (url.startsWith('node:')) return 'node:internal';
	const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/g;
	let last;
	let m;
	while ((m = match.exec(url))) last = m[1];
	return (
		last ??
		url
			.replace(/^file:\/\//, '')
			.split('/')
			.slice(-2)
			.join('/')
	);
}

/** @param {ProfileNode} node */
function frameName(node) {
	const { functionName, url, lineNumber } = node.callFrame;
	const file = url.split('/').pop() ?? '';
	return `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
}

/**
 * The offset between the monotonic clock (V8's profile times, µs) and epoch time (µs): monotonic = epoch + offset.
 * Both V8's TimeTicks and process.hrtime read CLOCK_MONOTONIC on Linux, which is system-wide, so the offset measured
 * here also holds for the n8n process's profile.
 */
export function monotonicOffsetUs() {
	return Number(process.hrtime.bigint() / 1000n) - Date.now() * 1000;
}

/**
 * @param {Profile} profile
 * @param {{ top?: number, windowMs?: { startMs: number, durationMs: number }, offsetUs?: number }} [options]
 *   windowMs: the node's run in epoch ms (startTime and executionTime from the run data); without it, the span from
 *   the first to the last sample in our code
 */
export function summarizeProfile(
	profile,
	{ top = 12, windowMs, offsetUs = monotonicOffsetUs() } = {},
) {
	/** @type {Map<number, ProfileNode>} */
	const byId = new Map();
	/** @type {Map<number, number>} */
	const parent = new Map();
	for (const node of profile.nodes) {
		byId.set(node.id, node);
		for (const child of node.children ?? []) parent.set(child, node.id);
	}
	/** @type {Map<number, boolean>} */
	const hasOurs = new Map();
	/**
	 * @param {number} id
	 * @returns {boolean}
	 */
	const stackHasOurs = (id) => {
		const cached = hasOurs.get(id);
		if (cached !== undefined) return cached;
		const node = /** @type {ProfileNode} */ (byId.get(id));
		const parentId = parent.get(id);
		/** @type {boolean} */
		const value =
			OURS.test(node.callFrame.url) || (parentId !== undefined && stackHasOurs(parentId));
		hasOurs.set(id, value);
		return value;
	};
	// sample i lasts timeDeltas[i + 1] µs
	const { samples, timeDeltas } = profile;
	let first = -1;
	let last = -1;
	if (windowMs) {
		const fromUs = windowMs.startMs * 1000 + offsetUs;
		const toUs = fromUs + windowMs.durationMs * 1000;
		let t = profile.startTime;
		for (let i = 0; i < samples.length; i++) {
			t += timeDeltas[i];
			if (t >= fromUs && t <= toUs) {
				if (first < 0) first = i;
				last = i;
			}
		}
	} else {
		for (let i = 0; i < samples.length; i++) {
			if (stackHasOurs(samples[i])) {
				if (first < 0) first = i;
				last = i;
			}
		}
	}
	if (first < 0) return undefined;
	/** @type {Map<string, number>} */
	const buckets = new Map();
	/** @type {Map<string, number>} */
	const categories = new Map();
	/** @type {Map<string, number>} */
	const selfInOurs = new Map();
	/** @type {Map<string, Map<string, number>>} what the callee spent its time in (one level further down) */
	const details = new Map();
	let totalUs = 0;
	let oursUs = 0;
	for (let i = first; i <= last; i++) {
		const dt = timeDeltas[i + 1] ?? 0;
		totalUs += dt;
		const leaf = /** @type {ProfileNode} */ (byId.get(samples[i]));
		let bucket;
		if (stackHasOurs(samples[i])) {
			oursUs += dt;
			// walk up to our innermost frame, remembering the frame just below it
			/** @type {ProfileNode | undefined} */
			let below;
			/** @type {ProfileNode[]} frames from the leaf up to (not including) our frame */
			const chain = [];
			/** @type {ProfileNode | undefined} */
			let node = leaf;
			while (node && !OURS.test(node.callFrame.url)) {
				chain.push(node);
				below = node;
				const parentId = parent.get(node.id);
				node = parentId === undefined ? undefined : byId.get(parentId);
			}
			const ours = node ? frameName(node) : '?';
			bucket = `our code: ${ours} → ${below ? `${frameName(below)} [${packageOf(below.callFrame.url)}]` : '(self)'}`;
			// the three frames below the callee, outermost first
			const inner =
				chain.length > 1
					? chain.slice(-4, -1).reverse().map(frameName).join(' > ')
					: below
						? '(self)'
						: '';
			let detail = details.get(bucket);
			if (!detail) details.set(bucket, (detail = new Map()));
			detail.set(inner, (detail.get(inner) ?? 0) + dt);
			const leafPackage = packageOf(leaf.callFrame.url);
			selfInOurs.set(leafPackage, (selfInOurs.get(leafPackage) ?? 0) + dt);
		} else {
			const name = leaf.callFrame.functionName;
			bucket =
				name === '(idle)' || name === '(program)' || name === '(garbage collector)'
					? name
					: `event loop: ${packageOf(leaf.callFrame.url)}`;
			if (bucket.startsWith('event loop')) {
				// the first frames below the event loop's own dispatch frames, outermost first
				/** @type {ProfileNode[]} */
				const frames = [];
				/** @type {ProfileNode | undefined} */
				let node = leaf;
				while (node) {
					frames.push(node);
					const parentId = parent.get(node.id);
					node = parentId === undefined ? undefined : byId.get(parentId);
				}
				const meaningful = frames
					.reverse()
					.filter((frame) => !DISPATCH.has(frame.callFrame.functionName));
				const inner = meaningful.slice(0, 2).map(frameName).join(' > ') || '(event loop)';
				let detail = details.get(bucket);
				if (!detail) details.set(bucket, (detail = new Map()));
				detail.set(inner, (detail.get(inner) ?? 0) + dt);
			}
		}
		buckets.set(bucket, (buckets.get(bucket) ?? 0) + dt);
		const category = categorize(leaf, parent, byId);
		categories.set(category, (categories.get(category) ?? 0) + dt);
	}
	const sorted = [...buckets.entries()].sort((a, b) => b[1] - a[1]);
	return {
		spanMs: totalUs / 1000,
		oursMs: oursUs / 1000,
		buckets: sorted.slice(0, top).map(([name, us]) => ({
			name,
			ms: us / 1000,
			share: us / totalUs,
			inside: [...(details.get(name)?.entries() ?? [])]
				.sort((x, y) => y[1] - x[1])
				.slice(0, 4)
				.filter(([, innerUs]) => innerUs / us >= 0.08)
				.map(([innerName, innerUs]) => ({ name: innerName, ms: innerUs / 1000 })),
		})),
		/** coarse: credential lookups, parameter reads, HTTP, our own code, idle, GC, other */
		categories: [...categories.entries()]
			.sort((x, y) => y[1] - x[1])
			.map(([name, us]) => ({ name, ms: us / 1000, share: us / totalUs })),
		/** where the samples under our code end up, by package of the leaf frame */
		leafPackagesUnderOurs: [...selfInOurs.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 8)
			.map(([name, us]) => ({ name, ms: us / 1000 })),
	};
}

const CREDENTIAL_FRAMES = new Set([
	'getCredentials',
	'_getCredentials',
	'getDecrypted',
	'getCredentialsEntity',
]);
const DB_PACKAGES = new Set(['sqlite3', '@n8n/typeorm', 'typeorm']);
const HTTP_PACKAGES = new Set([
	'axios',
	'follow-redirects',
	'node:internal',
	'(native)',
	'qs',
	'form-data',
	'proxy-from-env',
]);
const HTTP_FRAMES = new Set([
	'httpRequest',
	'invokeAxios',
	'httpRequestWithAuthentication',
	'dispatchRequest',
]);

/**
 * One coarse category per sample, by what its stack holds.
 * @param {ProfileNode} leaf
 * @param {Map<number, number>} parent
 * @param {Map<number, ProfileNode>} byId
 */
function categorize(leaf, parent, byId) {
	const name = leaf.callFrame.functionName;
	if (name === '(idle)') return 'idle (waiting for the network or the database thread pool)';
	if (name === '(garbage collector)') return 'garbage collection';
	if (name === '(program)') return 'V8/native, not attributed';
	let ours = false;
	let credentials = false;
	let parameters = false;
	let http = false;
	/** @type {ProfileNode | undefined} */
	let node = leaf;
	while (node) {
		const fn = node.callFrame.functionName;
		if (CREDENTIAL_FRAMES.has(fn)) credentials = true;
		if (fn === '_getNodeParameter') parameters = true;
		if (HTTP_FRAMES.has(fn)) http = true;
		if (OURS.test(node.callFrame.url)) ours = true;
		const parentId = parent.get(node.id);
		node = parentId === undefined ? undefined : byId.get(parentId);
	}
	const leafPackage = packageOf(leaf.callFrame.url);
	if (credentials || DB_PACKAGES.has(leafPackage) || /sqlite/.test(leaf.callFrame.url)) {
		return 'credential lookups (getCredentials: database read + decryption)';
	}
	if (parameters) return 'parameter reads (getNodeParameter, expressions)';
	if (OURS.test(leaf.callFrame.url)) return 'our code itself';
	if (http || HTTP_PACKAGES.has(leafPackage))
		return 'HTTP (n8n request helper, axios, sockets, JSON)';
	if (ours) return 'our code itself';
	return `other (${leafPackage})`;
}

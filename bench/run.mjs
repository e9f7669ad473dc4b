// Benchmarks of n8n-nodes-sms-platform: figures, not tests. `npm run bench` (full) or `npm run bench -- --quick`.
//
// One process tree: this process runs the sandbox (sandbox/server.mjs, in-process) and the trigger simulation; it
// starts the pinned n8n (scripts/n8n-runtime.mjs) with this package packed and installed into a temporary user folder
// (scripts/install-package.mjs) for `n8n execute` runs, and the raw-client baseline (bench/lib/raw-client.mjs) as
// child processes. Prints one markdown report and writes it to bench/results/latest.md (+ latest.json).
//
//   1. broadcast to N recipients (one item each): our node with Combine Items, without, n8n's HTTP Request node,
//      and a raw axios client replaying exactly the requests our node made; requests, node time, ratios, peak RSS
//   2. Return All over N billing records: our node vs the raw client replaying its requests
//   3. the trigger, in-process: requests per poll, static data size, exactly-once over many simulated events
//   4. a paced job against a low rate limit: 429s and time vs the minimum the rate windows force
//   5. memory: peak RSS of the n8n process tree during the broadcasts (column of table 1)
//
// Options: --quick (small sizes), --only=broadcast,returnAll,latency,trigger,paced, --latency-ms=N (default 20), --repeat=N (n8n runs of the cheap
// scenarios, median; default 5, 3 with --quick), --raw-runs=N (cold raw-client processes, median; default 7), --skip-build,
// --keep (keep the n8n user folder and CPU profiles), --out=<file.md>, --no-profile (skip the extra CPU-profiled runs
// of our node's Combine Items, list-item and Return All workflows that show where the node's time goes),
// --profile-all (also profile the one-request-per-item broadcast: slow).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	buildPackage,
	installTarball,
	packPackage,
	PACKAGE_JSON,
} from '../scripts/install-package.mjs';
import {
	createN8n,
	freePort,
	importCredentials,
	importWorkflows,
} from '../scripts/n8n-process.mjs';
import { ensureN8n } from '../scripts/n8n-runtime.mjs';
import { SANDBOX_API_KEY, startSandbox } from '../sandbox/server.mjs';
import { summarizeProfile } from './lib/cpuprofile.mjs';
import { benchNetwork, networkWorkflows, reportNetwork } from './lib/network-section.mjs';
import { makeCertificate, startNetwork } from './lib/network.mjs';
import { executeMeasured } from './lib/n8n-exec.mjs';
import { loadTrigger, simulateTrigger, stressCases } from './lib/trigger-sim.mjs';
import {
	broadcastWorkflow,
	CREDENTIAL,
	NETWORK_CREDENTIAL,
	GENERATOR,
	httpRequestWorkflow,
	listBroadcastWorkflow,
	MEASURED,
	returnAllWorkflow,
} from './lib/workflows.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const RAW_CLIENT = path.join(HERE, 'lib', 'raw-client.mjs');
const HUGE_RATE_LIMIT = 1_000_000_000;

// ---------------------------------------------------------------------------------------------------------------
// options

const argv = process.argv.slice(2);
/** @param {string} name */
const flag = (name) => argv.includes(`--${name}`);
/** @param {string} name */
const option = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

const QUICK = flag('quick');
const SIZES = QUICK
	? { recipients: 1_000, records: 1_000, events: 10_000, paced: 200, perItemOverNetwork: 50 }
	: {
			recipients: 10_000,
			records: 10_000,
			events: 1_000_000,
			paced: 2_000,
			perItemOverNetwork: 200,
		};
const SECTIONS = new Set(
	(option('only') ?? 'broadcast,returnAll,latency,trigger,paced,network')
		.split(',')
		.map((s) => s.trim()),
);
/** Section "network": the round trip of the network model, and the round trips of its sweep. */
const RTT_MS = Number(option('rtt-ms') ?? 80);
const SWEEP_RTTS = (option('rtts') ?? (QUICK ? '' : '20,200'))
	.split(',')
	.filter(Boolean)
	.map(Number);
/** Section "latency": the 100-request scenarios again with this much delay added to every answer (a remote service). */
const LATENCY_MS = Number(option('latency-ms') ?? 20);
const REPEAT = Math.max(1, Number(option('repeat') ?? (QUICK ? 3 : 5)));
const RAW_RUNS = Math.max(1, Number(option('raw-runs') ?? 7));
/** Paced job: 10 rate windows of `paced / 10` requests (2 s windows; 1 s with --quick). */
const PACE = { windows: 10, windowSeconds: QUICK ? 1 : 2 };
const PROFILE = !flag('no-profile');
const PROFILE_ALL = flag('profile-all');
const TARGETS = { broadcastRequests: 100, broadcastRatio: 1.3, returnAllRatio: 1.2 };

const COMMAND =
	process.env.npm_lifecycle_event === 'bench'
		? `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`
		: `node bench/run.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`;

/** @param {string} message */
function log(message) {
	process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// small helpers

/** @param {number[]} values */
function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const fmtInt = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');
/** @param {number} ms */
const fmtMs = (ms) =>
	ms >= 10_000
		? `${(ms / 1000).toFixed(1)} s`
		: ms >= 1000
			? `${(ms / 1000).toFixed(2)} s`
			: `${Math.round(ms)} ms`;
const fmtRatio = (/** @type {number} */ r) => `${r.toFixed(2)}×`;
const fmtMb = (/** @type {number} */ kb) => `${Math.round(kb / 1024)} MB`;
const fmtBytes = (/** @type {number} */ b) =>
	b >= 10_240 ? `${(b / 1024).toFixed(1)} KiB` : `${fmtInt(b)} B`;

function machine() {
	let model = os.cpus()[0]?.model ?? 'unknown';
	try {
		const info = readFileSync('/proc/cpuinfo', 'utf8');
		model = /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim() ?? model;
	} catch {
		// not Linux
	}
	return {
		cores: os.cpus().length,
		cpu: model,
		memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
		node: process.version,
		os: `${os.type()} ${os.release()}`,
		loadAtStart: os.loadavg().map((l) => l.toFixed(2)),
	};
}

// ---------------------------------------------------------------------------------------------------------------
// sandbox

/**
 * Counts every /api/ request the sandbox answers (beyond the request log's 10,000 entries), by status.
 * @param {import('../sandbox/server.mjs').Sandbox} sandbox
 */
function attachCounter(sandbox) {
	const counter = {
		total: 0,
		dropped: 0,
		/** TCP connections opened to the sandbox (API and admin; admin calls are not made during a measured run) */
		connections: 0,
		/** @type {Record<string, number>} */
		byStatus: {},
		reset() {
			this.total = 0;
			this.dropped = 0;
			this.connections = 0;
			this.byStatus = {};
		},
		/** @param {number} status */
		count(status) {
			return this.byStatus[status] ?? 0;
		},
	};
	sandbox.server.on('connection', () => void counter.connections++);
	sandbox.server.on('request', (req, res) => {
		if (!req.url?.startsWith('/api/')) return;
		res.on('close', () => {
			counter.total++;
			if (!res.writableFinished) counter.dropped++;
			else counter.byStatus[res.statusCode] = (counter.byStatus[res.statusCode] ?? 0) + 1;
		});
	});
	return counter;
}

/**
 * @param {{ url: string }} sandbox
 * @param {string} method
 * @param {string} pathname
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function admin(sandbox, method, pathname, body) {
	const response = await fetch(`${sandbox.url}/__sandbox${pathname}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok)
		throw new Error(
			`${method} /__sandbox${pathname} → HTTP ${response.status}: ${text.slice(0, 500)}`,
		);
	return text ? JSON.parse(text) : undefined;
}

/**
 * The request log as a replay plan (method, path, query, body, in order).
 * @param {{ url: string }} sandbox
 */
async function recordedPlan(sandbox) {
	const entries = await admin(sandbox, 'GET', '/requests');
	return {
		entries,
		requests: entries.map((/** @type {any} */ e) => ({
			method: e.method,
			path: e.path,
			query: e.query,
			body: e.body ?? undefined,
		})),
	};
}

// ---------------------------------------------------------------------------------------------------------------
// raw client

/**
 * Runs the raw client `runs` times, each in a fresh process (cold, like an `n8n execute`), on the same plan.
 * @param {string} baseUrl
 * @param {Array<{ method: string, path: string, query?: any, body?: unknown }>} requests
 * @param {number} runs
 */
async function rawReplay(baseUrl, requests, runs, { newConnections = false, ca = undefined } = {}) {
	if (!requests.length)
		throw new Error('no recorded requests to replay (more than the request log holds?)');
	const dir = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-plan-'));
	const file = path.join(dir, 'plan.json');
	writeFileSync(
		file,
		JSON.stringify({
			baseUrl,
			headers: { Authorization: `Bearer ${SANDBOX_API_KEY}`, Accept: 'application/json' },
			requests,
			newConnections,
			ca,
		}),
	);
	try {
		/** @type {Array<{ ms: number, requests: number, statuses: Record<string, number>, records: number }>} */
		const passes = [];
		for (let run = 0; run < runs; run++) {
			const output = await new Promise((resolve, reject) => {
				const child = spawn(process.execPath, [RAW_CLIENT, file], {
					cwd: ROOT,
					stdio: ['ignore', 'pipe', 'pipe'],
				});
				let out = '';
				let err = '';
				child.stdout.on('data', (chunk) => (out += chunk));
				child.stderr.on('data', (chunk) => (err += chunk));
				child.on('error', reject);
				child.on('close', (code) =>
					code === 0
						? resolve(out)
						: reject(new Error(`raw client failed (exit ${code}): ${err.slice(-2000)}`)),
				);
			});
			passes.push(JSON.parse(/** @type {string} */ (output)).passes[0]);
		}
		const bad = passes.find((pass) =>
			Object.keys(pass.statuses).some((status) => !status.startsWith('2')),
		);
		if (bad) throw new Error(`the raw client got non-2xx answers: ${JSON.stringify(bad.statuses)}`);
		return {
			ms: median(passes.map((pass) => pass.ms)),
			all: passes.map((pass) => pass.ms),
			records: passes[0].records,
			newConnections,
		};
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

// ---------------------------------------------------------------------------------------------------------------
// n8n runs

/**
 * @typedef {object} Measured
 * @property {number} requests
 * @property {Record<string, number>} statuses
 * @property {number} nodeMs median executionTime of the measured node
 * @property {number[]} nodeRuns
 * @property {number} processMs median wall time of `n8n execute`
 * @property {number} items output items of the measured node
 * @property {{ treeKb: number, mainKb: number, nodeTreeKb: number | undefined }} memory peak over the runs
 * @property {string} status
 * @property {string | undefined} error
 * @property {any[]} [plan]
 * @property {any[]} [log]
 */

/**
 * Runs a workflow `runs` times; the sandbox's counters are cleared before each run. Returns the medians and the
 * request log of the first run (the replay plan).
 * @param {{ sandbox: any, counter: ReturnType<typeof attachCounter>, n8n: any }} env
 * @param {string} id
 * @param {{ runs?: number, expectItems?: number, beforeRun?: () => Promise<void>, allowFailure?: boolean, env?: Record<string, string> }} [options]
 * @returns {Promise<Measured>}
 */
async function measureWorkflow(
	env,
	id,
	{ runs = 1, expectItems, beforeRun, allowFailure = false, env: processEnv } = {},
) {
	const nodeRuns = [];
	const processRuns = [];
	let first;
	const memory = {
		treeKb: 0,
		mainKb: 0,
		nodeTreeKb: /** @type {number | undefined} */ (undefined),
	};
	for (let run = 0; run < runs; run++) {
		if (beforeRun) await beforeRun();
		await admin(env.sandbox, 'DELETE', '/requests');
		env.counter.reset();
		log(`n8n execute ${id} (${run + 1}/${runs})`);
		const exec = await executeMeasured(env.n8n, id, processEnv ? { env: processEnv } : {});
		const node = exec.nodes[MEASURED];
		const requests = env.counter.total;
		const connections = env.counter.connections;
		const statuses = { ...env.counter.byStatus };
		if (env.counter.dropped) statuses.dropped = env.counter.dropped;
		const problem = !node
			? `the measured node did not run (${exec.error?.message ?? exec.status})`
			: exec.status !== 'success'
				? `the run ended "${exec.status}": ${exec.error?.message ?? node.error?.message ?? ''}`
				: expectItems !== undefined && node.items.length !== expectItems
					? `the node output ${node.items.length} items, expected ${expectItems}`
					: node.error
						? `the node reported an error: ${node.error.message}`
						: undefined;
		if (problem && !allowFailure) {
			throw new Error(
				`${id}: ${problem}\n--- n8n stderr (tail) ---\n${exec.stderrTail}\n--- stdout (tail) ---\n${exec.stdoutTail}`,
			);
		}
		const during = exec.memoryDuring(MEASURED);
		memory.treeKb = Math.max(memory.treeKb, exec.memory.peakTreeRssKb);
		memory.mainKb = Math.max(memory.mainKb, exec.memory.peakMainHwmKb, exec.memory.peakMainRssKb);
		if (during) memory.nodeTreeKb = Math.max(memory.nodeTreeKb ?? 0, during.treeKb);
		nodeRuns.push(node?.executionTime ?? NaN);
		processRuns.push(exec.processMs);
		log(
			`  ${requests} requests ${JSON.stringify(statuses)} over ${connections} connections, node ${node?.executionTime} ms, process ${exec.processMs} ms, ` +
				`generator ${exec.nodes[GENERATOR]?.executionTime ?? '-'} ms, peak RSS tree ${fmtMb(exec.memory.peakTreeRssKb)}` +
				`${problem ? `; ${problem}` : ''}`,
		);
		if (!first) {
			const { entries, requests: plan } =
				requests <= 10_000 ? await recordedPlan(env.sandbox) : { entries: [], requests: [] };
			first = {
				requests,
				connections,
				statuses,
				items: node?.items.length ?? 0,
				status: exec.status,
				error: problem,
				plan,
				log: entries,
				generatorMs: exec.nodes[GENERATOR]?.executionTime,
			};
		}
	}
	return {
		.../** @type {any} */ (first),
		nodeMs: median(nodeRuns),
		nodeRuns,
		processMs: median(processRuns),
		memory,
	};
}

/**
 * One extra run with `node --cpu-prof`; summarizes the n8n process's profile over the node's run.
 * @param {{ sandbox: any, counter: ReturnType<typeof attachCounter>, n8n: any }} env
 * @param {string} id
 * @param {() => Promise<void>} [beforeRun]
 */
async function profileWorkflow(env, id, beforeRun) {
	if (beforeRun) await beforeRun();
	const dir = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-prof-'));
	try {
		log(`n8n execute ${id} with --cpu-prof`);
		const exec = await executeMeasured(env.n8n, id, {
			env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` },
		});
		const file = readdirSync(dir).find((name) => name.includes(`.${exec.pid}.`));
		if (!file) return { error: `no profile of pid ${exec.pid} in ${readdirSync(dir).join(', ')}` };
		const node = exec.nodes[MEASURED];
		const windowMs =
			node?.startTime !== undefined && node.executionTime !== undefined
				? { startMs: node.startTime, durationMs: node.executionTime }
				: undefined;
		const summary = summarizeProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), {
			windowMs,
		});
		return { nodeMs: exec.nodes[MEASURED]?.executionTime, ...summary };
	} finally {
		if (flag('keep')) log(`kept the CPU profiles in ${dir}`);
		else rmSync(dir, { recursive: true, force: true });
	}
}

// ---------------------------------------------------------------------------------------------------------------
// sections

/**
 * @param {any} env
 * @param {any} results
 */
async function benchBroadcast(env, results) {
	const N = SIZES.recipients;
	const fill = async () =>
		void (await admin(env.sandbox, 'POST', '/balance', { balance: 2_000_000_000 }));
	await fill();
	const combined = await measureWorkflow(env, 'benchBroadcastCombined', {
		runs: REPEAT,
		expectItems: N,
		beforeRun: fill,
	});
	const perItem = await measureWorkflow(env, 'benchBroadcastPerItem', {
		runs: 1,
		expectItems: N,
		beforeRun: fill,
	});
	const httpNode = await measureWorkflow(env, 'benchBroadcastHttpNode', {
		runs: 1,
		expectItems: N,
		beforeRun: fill,
		allowFailure: true,
	});
	const list = await measureWorkflow(env, 'benchBroadcastList', {
		runs: REPEAT,
		expectItems: 1,
		beforeRun: fill,
	});

	log(`raw client: our node's ${combined.plan?.length} combined requests × ${RAW_RUNS} cold runs`);
	await fill();
	const rawCombined = await rawReplay(env.sandbox.url, combined.plan ?? [], RAW_RUNS);
	log(
		`  median ${rawCombined.ms.toFixed(1)} ms (${rawCombined.all.map((ms) => ms.toFixed(0)).join(', ')})`,
	);
	log(
		`raw client: the ${perItem.plan?.length} one-per-item requests × ${Math.min(RAW_RUNS, 3)} cold runs`,
	);
	await fill();
	const rawPerItem = await rawReplay(env.sandbox.url, perItem.plan ?? [], Math.min(RAW_RUNS, 3));
	log(
		`  median ${rawPerItem.ms.toFixed(1)} ms (${rawPerItem.all.map((ms) => ms.toFixed(0)).join(', ')})`,
	);
	log(
		"raw client, a new connection per request (as n8n-core's request helper does): the same plans",
	);
	await fill();
	const rawCombinedNew = await rawReplay(env.sandbox.url, combined.plan ?? [], RAW_RUNS, {
		newConnections: true,
	});
	const rawPerItemNew = await rawReplay(env.sandbox.url, perItem.plan ?? [], 1, {
		newConnections: true,
	});
	log(
		`  combined ${rawCombinedNew.ms.toFixed(1)} ms, one per item ${rawPerItemNew.ms.toFixed(1)} ms`,
	);

	// The combined requests must carry every recipient exactly once.
	const carried = (combined.plan ?? []).flatMap((/** @type {any} */ r) => r.body?.recipients ?? []);
	const recipientsOk = carried.length === N && new Set(carried).size === N;
	log(`raw client: the list item's ${list.plan?.length} requests × ${RAW_RUNS} cold runs`);
	await fill();
	const rawList = await rawReplay(env.sandbox.url, list.plan ?? [], RAW_RUNS);
	log(
		`  median ${rawList.ms.toFixed(1)} ms (${rawList.all.map((ms) => ms.toFixed(0)).join(', ')})`,
	);
	const rawListNew = await rawReplay(env.sandbox.url, list.plan ?? [], RAW_RUNS, {
		newConnections: true,
	});
	results.broadcast = {
		N,
		combined,
		perItem,
		httpNode,
		list,
		rawCombined,
		rawPerItem,
		rawList,
		rawCombinedNew,
		rawPerItemNew,
		rawListNew,
		recipientsOk,
	};
	if (PROFILE) {
		results.profiles ??= {};
		results.profiles['broadcast, Combine Items'] = await profileWorkflow(
			env,
			'benchBroadcastCombined',
			fill,
		);
		results.profiles['broadcast, one item with a list'] = await profileWorkflow(
			env,
			'benchBroadcastList',
			fill,
		);
		if (PROFILE_ALL) {
			results.profiles['broadcast, one request per item'] = await profileWorkflow(
				env,
				'benchBroadcastPerItem',
				fill,
			);
		}
	}
	for (const key of ['combined', 'perItem', 'httpNode', 'list']) {
		delete results.broadcast[key].plan;
		delete results.broadcast[key].log;
	}
}

/**
 * @param {any} env
 * @param {any} results
 */
async function benchReturnAll(env, results) {
	const N = SIZES.records;
	const state = await admin(env.sandbox, 'GET', '/state');
	if (state.billingRecords < N)
		await admin(env.sandbox, 'POST', '/billing-records', { count: N - state.billingRecords });
	const total = (await admin(env.sandbox, 'GET', '/state')).billingRecords;
	const ours = await measureWorkflow(env, 'benchReturnAll', { runs: REPEAT, expectItems: total });
	log(`raw client: our node's ${ours.plan?.length} page requests × ${RAW_RUNS} cold runs`);
	const raw = await rawReplay(env.sandbox.url, ours.plan ?? [], RAW_RUNS);
	log(
		`  median ${raw.ms.toFixed(1)} ms (${raw.all.map((ms) => ms.toFixed(0)).join(', ')}), ${raw.records} records`,
	);
	const rawNew = await rawReplay(env.sandbox.url, ours.plan ?? [], RAW_RUNS, {
		newConnections: true,
	});
	log(`  a new connection per request: median ${rawNew.ms.toFixed(1)} ms`);
	results.returnAll = { N: total, ours, raw, rawNew };
	if (PROFILE) {
		results.profiles ??= {};
		results.profiles['Return All'] = await profileWorkflow(env, 'benchReturnAll');
	}
	delete ours.plan;
	delete ours.log;
}

/**
 * Combine Items, the list item and Return All again, with LATENCY_MS added to every answer by a sandbox fault: the
 * fixed per-request cost of n8n and of the node against the round trip of a service across a network.
 * @param {any} env
 * @param {any} results
 */
async function benchLatency(env, results) {
	const runs = Math.min(REPEAT, 3);
	const fill = async () =>
		void (await admin(env.sandbox, 'POST', '/balance', { balance: 2_000_000_000 }));
	const state = await admin(env.sandbox, 'GET', '/state');
	if (state.billingRecords < SIZES.records) {
		await admin(env.sandbox, 'POST', '/billing-records', {
			count: SIZES.records - state.billingRecords,
		});
	}
	await admin(env.sandbox, 'POST', '/faults', {
		path: '/api/',
		latencyMs: LATENCY_MS,
		count: 1_000_000_000,
	});
	try {
		/** @type {Record<string, any>} */
		const out = { latencyMs: LATENCY_MS };
		for (const [key, id, expectItems] of /** @type {const} */ ([
			['combined', 'benchBroadcastCombined', SIZES.recipients],
			['list', 'benchBroadcastList', 1],
			['returnAll', 'benchReturnAll', undefined],
		])) {
			const ours = await measureWorkflow(env, id, { runs, expectItems, beforeRun: fill });
			await fill();
			const raw = await rawReplay(env.sandbox.url, ours.plan ?? [], runs);
			log(`  raw client with ${LATENCY_MS} ms latency: median ${raw.ms.toFixed(0)} ms`);
			delete ours.plan;
			delete ours.log;
			out[key] = { ours, raw };
		}
		results.latency = out;
	} finally {
		await admin(env.sandbox, 'DELETE', '/faults');
	}
}

/**
 * @param {any} env
 * @param {any} results
 */
async function benchPaced(env, results) {
	const N = SIZES.paced;
	const limit = Math.ceil(N / PACE.windows);
	const windowMs = PACE.windowSeconds * 1000;
	const setLimit = async () => {
		// A change of the limit resets the sandbox's counters: set another value first, then the real one.
		await admin(env.sandbox, 'POST', '/config', {
			rateLimit: limit + 1,
			rateWindowSeconds: PACE.windowSeconds,
		});
		await admin(env.sandbox, 'POST', '/config', {
			rateLimit: limit,
			rateWindowSeconds: PACE.windowSeconds,
		});
		await admin(env.sandbox, 'POST', '/balance', { balance: 2_000_000_000 });
	};
	try {
		const ours = await measureWorkflow(env, 'benchPacedOurs', {
			runs: 1,
			expectItems: N,
			beforeRun: setLimit,
		});
		// An ideal client sends as fast as the raw client did (keep-alive, one request per item) and waits exactly.
		const perRequestMs = results.broadcast?.rawPerItem
			? results.broadcast.rawPerItem.ms / results.broadcast.N
			: 0;
		const timing = pacedTiming(ours.log ?? [], N, limit, windowMs, perRequestMs);
		const httpNode = await measureWorkflow(env, 'benchPacedHttpNode', {
			runs: 1,
			beforeRun: setLimit,
			allowFailure: true,
		});
		results.paced = {
			N,
			limit,
			windowSeconds: PACE.windowSeconds,
			ours: { ...ours, log: undefined, plan: undefined, ...timing },
			httpNode: { ...httpNode, log: undefined, plan: undefined },
		};
	} finally {
		await admin(env.sandbox, 'POST', '/config', {
			rateLimit: HUGE_RATE_LIMIT,
			rateWindowSeconds: 3600,
		});
	}
}

/**
 * From the request log: time from the first request to the end of the last one, and the minimum the fixed windows
 * force on a client that starts at the same moment (the sandbox's windows are aligned to multiples of their length):
 * `limit` requests a window, so the last request cannot go before the start of window ⌈N/limit⌉ (counting the first).
 * @param {any[]} entries
 * @param {number} N
 * @param {number} limit
 * @param {number} windowMs
 * @param {number} perRequestMs the ideal client's time per request (0: instant)
 */
function pacedTiming(entries, N, limit, windowMs, perRequestMs) {
	if (!entries.length) return { actualMs: NaN, minimumMs: NaN };
	const starts = entries.map((e) => Date.parse(e.time));
	const t0 = Math.min(...starts);
	const end = Math.max(...entries.map((e) => Date.parse(e.time) + e.durationMs));
	const firstWindow = Math.floor(t0 / windowMs);
	const minimumMs = Math.max(0, (firstWindow + Math.ceil(N / limit) - 1) * windowMs - t0);
	// Per window: how late after its opening the first request went out (the wait's overshoot), and how long the
	// requests of the last window took to send.
	/** @type {Map<number, number>} */
	const firstInWindow = new Map();
	for (const start of starts) {
		const w = Math.floor(start / windowMs);
		firstInWindow.set(w, Math.min(firstInWindow.get(w) ?? Infinity, start));
	}
	const later = [...firstInWindow.entries()].filter(([w]) => w !== firstWindow);
	const lateness = later.map(([w, start]) => start - w * windowMs);
	const lastWindow = Math.max(...firstInWindow.keys());
	// The ideal client: starts at t0, sends back to back at perRequestMs, and when a window is used up waits exactly
	// for the next one.
	let t = t0;
	let windowIndex = Math.floor(t0 / windowMs);
	let used = 0;
	for (let sent = 0; sent < N; ) {
		const w = Math.floor(t / windowMs);
		if (w !== windowIndex) {
			windowIndex = w;
			used = 0;
		}
		if (used >= limit) {
			t = (windowIndex + 1) * windowMs;
			continue;
		}
		t += perRequestMs;
		used++;
		sent++;
	}
	return {
		idealMs: t - t0,
		idealPerRequestMs: perRequestMs,
		actualMs: end - t0,
		minimumMs,
		firstRequestOffsetInWindowMs: t0 - firstWindow * windowMs,
		windowsUsed: firstInWindow.size,
		meanWakeLatenessMs: lateness.length ? lateness.reduce((a, b) => a + b, 0) / lateness.length : 0,
		lastWindowSendMs: end - (firstInWindow.get(lastWindow) ?? end),
		lastWindowRequests: starts.filter((start) => Math.floor(start / windowMs) === lastWindow)
			.length,
	};
}

/**
 * @param {any} results
 */
async function benchTrigger(results) {
	const { Trigger, file } = loadTrigger(ROOT);
	log(`trigger simulation: ${fmtInt(SIZES.events)} events through ${path.relative(ROOT, file)}`);
	const main = await simulateTrigger(Trigger, { events: SIZES.events });
	log(
		`  ${main.polls} polls, ${main.requests} requests, exactly once: ${main.exactlyOnce}, ${main.wallMs.toFixed(0)} ms`,
	);
	const stress = await stressCases(Trigger);
	for (const entry of stress) {
		log(
			`  ${entry.name}: emitted ${entry.result.emitted}/${entry.result.generated}, missing ${entry.result.missing}, duplicates ${entry.result.duplicates}`,
		);
	}
	results.trigger = { main, stress };
}

// ---------------------------------------------------------------------------------------------------------------
// report

/**
 * @param {any} results
 * @param {any} info
 */
function report(results, info) {
	/** @type {string[]} */
	const lines = [];
	const push = (/** @type {string} */ line = '') => lines.push(line);
	const sizeNote = QUICK
		? 'quick sizes (`--quick`), for development: the full run is `npm run bench`'
		: 'full sizes';
	push(`Command: \`${COMMAND}\` (${sizeNote}; ${info.finishedAt})`);
	push();
	push(
		`Machine: ${info.machine.cores} cores, ${info.machine.cpu}, ${info.machine.memoryGiB} GiB, ${info.machine.os}; ` +
			`Node ${info.machine.node}; n8n ${info.n8nVersion}; ${PACKAGE_JSON.name} ${PACKAGE_JSON.version}. ` +
			`Load average (1/5/15 min) at start ${info.machine.loadAtStart.join(' / ')}, at end ${info.loadAtEnd.join(' / ')}.`,
	);
	push();
	push(
		'Sandbox in-process (loopback HTTP); n8n runs are `n8n execute --rawOutput` of generated workflows with the package ' +
			'installed from its packed tarball; requests are counted by the sandbox. "Node time" is the node\'s own ' +
			'`executionTime` from the run data (n8n start-up excluded); the raw client is axios in its own cold process, ' +
			'sequential, one keep-alive connection, replaying the recorded request sequence. Medians of ' +
			`${REPEAT} n8n runs (Combine Items, list item, Return All; 1 run for the others) and ${RAW_RUNS} raw-client runs ` +
			'(3 for the one-per-item requests).',
	);
	push();

	const b = results.broadcast;
	if (b?.error) {
		push(`**1. Broadcast: failed** — ${b.error}`);
		push();
	} else if (b) {
		push(
			`**1. Broadcast to ${fmtInt(b.N)} recipients** (one item per recipient; 5. peak RSS of the n8n process tree)`,
		);
		push();
		push(
			'| Way | Requests | TCP connections | Node time | vs raw client (keep-alive) | vs raw client (new connection per request) | `n8n execute` total | Peak RSS, whole run | Peak RSS, during the node |',
		);
		push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
		const row = (
			/** @type {string} */ name,
			/** @type {any} */ m,
			/** @type {any} */ raw,
			/** @type {any} */ rawNew,
		) =>
			push(
				`| ${name} | ${fmtInt(m.requests)}${m.statuses && Object.keys(m.statuses).some((s) => s !== '200') ? ` (${statusText(m.statuses)})` : ''} | ${fmtInt(m.connections)} | ${fmtMs(m.nodeMs)} | ${fmtRatio(m.nodeMs / raw.ms)} | ${rawNew ? fmtRatio(m.nodeMs / rawNew.ms) : '–'} | ${fmtMs(m.processMs)} | ${fmtMb(m.memory.treeKb)} | ${m.memory.nodeTreeKb ? fmtMb(m.memory.nodeTreeKb) : '–'} |`,
			);
		row(
			'SMS Platform node, Combine Items (batch 100)',
			b.combined,
			b.rawCombined,
			b.rawCombinedNew,
		);
		row('SMS Platform node, one request per item', b.perItem, b.rawPerItem, b.rawPerItemNew);
		row(
			`n8n HTTP Request node, one request per item${b.httpNode.error ? ' (run failed)' : ''}`,
			b.httpNode,
			b.rawPerItem,
			b.rawPerItemNew,
		);
		row(
			`SMS Platform node, ONE item with all ${fmtInt(b.N)} numbers as a list (batch 100)`,
			b.list,
			b.rawList,
			b.rawListNew,
		);
		const rawRow = (
			/** @type {string} */ name,
			/** @type {number} */ requests,
			/** @type {any} */ raw,
			/** @type {any} */ base,
		) =>
			push(
				`| ${name} | ${fmtInt(requests)} | ${raw.newConnections ? fmtInt(requests) : '1'} | ${fmtMs(raw.ms)} | ${fmtRatio(raw.ms / base.ms)} | – | – | – | – |`,
			);
		rawRow(
			`raw axios client, our node's ${fmtInt(b.combined.requests)} combined requests, keep-alive`,
			b.combined.requests,
			b.rawCombined,
			b.rawCombined,
		);
		rawRow(
			"raw axios client, the same requests, a new connection each (like n8n's request helper)",
			b.combined.requests,
			b.rawCombinedNew,
			b.rawCombined,
		);
		rawRow(
			`raw axios client, the ${fmtInt(b.perItem.requests)} one-recipient requests, keep-alive`,
			b.perItem.requests,
			b.rawPerItem,
			b.rawPerItem,
		);
		rawRow(
			'raw axios client, the same requests, a new connection each',
			b.perItem.requests,
			b.rawPerItemNew,
			b.rawPerItem,
		);
		push();
		push(
			`Combine Items: ${fmtInt(b.perItem.requests / Math.max(1, b.combined.requests))}× fewer requests than one request per item, ` +
				`every recipient carried exactly once: ${b.recipientsOk ? 'yes' : '**no**'}; ` +
				`node time ${fmtRatio(b.combined.nodeMs / b.httpNode.nodeMs)} of the HTTP Request node's. ` +
				`n8n runs (node time) with Combine Items: ${b.combined.nodeRuns.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; ` +
				`with the list item: ${b.list.nodeRuns.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; ` +
				`raw client (keep-alive, 100 requests): ${b.rawCombined.all.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}. ` +
				`The Code node making the items took ${fmtMs(b.combined.generatorMs ?? NaN)} (not counted).`,
		);
		push();
	}

	const r = results.returnAll;
	if (r?.error) {
		push(`**2. Return All: failed** — ${r.error}`);
		push();
	} else if (r) {
		push(`**2. Billing history, Return All over ${fmtInt(r.N)} records**`);
		push();
		push(
			'| Way | Requests | TCP connections | Node time | vs raw client (keep-alive) | vs raw client (new connection per request) | `n8n execute` total | Peak RSS, whole run |',
		);
		push('|---|---:|---:|---:|---:|---:|---:|---:|');
		push(
			`| SMS Platform node | ${fmtInt(r.ours.requests)} | ${fmtInt(r.ours.connections)} | ${fmtMs(r.ours.nodeMs)} | ${fmtRatio(r.ours.nodeMs / r.raw.ms)} | ${fmtRatio(r.ours.nodeMs / r.rawNew.ms)} | ${fmtMs(r.ours.processMs)} | ${fmtMb(r.ours.memory.treeKb)} |`,
		);
		push(
			`| raw axios client, the same requests, keep-alive | ${fmtInt(r.ours.requests)} | 1 | ${fmtMs(r.raw.ms)} | 1.00× | – | – | – |`,
		);
		push(
			`| raw axios client, the same requests, a new connection each | ${fmtInt(r.ours.requests)} | ${fmtInt(r.ours.requests)} | ${fmtMs(r.rawNew.ms)} | ${fmtRatio(r.rawNew.ms / r.raw.ms)} | 1.00× | – | – |`,
		);
		push();
		push(
			`n8n runs (node time): ${r.ours.nodeRuns.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; raw client: ` +
				`${r.raw.all.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; items out ${fmtInt(r.ours.items)}, records read by the raw client ${fmtInt(r.raw.records)}.`,
		);
		push();
	}

	const l = results.latency;
	if (l?.error) {
		push(`**2b. With network latency: failed** — ${l.error}`);
		push();
	} else if (l) {
		push(
			`**2b. The same with ${l.latencyMs} ms added to every answer** (a service across a network instead of loopback; raw client keep-alive; medians of ${Math.min(REPEAT, 3)})`,
		);
		push();
		push('| Scenario | Requests | Node time | Raw client | Node vs raw client |');
		push('|---|---:|---:|---:|---:|');
		const names = /** @type {Record<string, string>} */ ({
			combined: `Broadcast, ${fmtInt(SIZES.recipients)} items, Combine Items`,
			list: `Broadcast, one item with ${fmtInt(SIZES.recipients)} numbers`,
			returnAll: `Return All, ${fmtInt(SIZES.records)} records`,
		});
		for (const key of ['combined', 'list', 'returnAll']) {
			const entry = l[key];
			if (!entry) continue;
			push(
				`| ${names[key]} | ${fmtInt(entry.ours.requests)} | ${fmtMs(entry.ours.nodeMs)} | ${fmtMs(entry.raw.ms)} | ${fmtRatio(entry.ours.nodeMs / entry.raw.ms)} |`,
			);
		}
		push();
	}

	const t = results.trigger;
	if (t?.error) {
		push(`**3. Trigger: failed** — ${t.error}`);
		push();
	} else if (t) {
		const m = t.main;
		push(
			`**3. Trigger (New Notification, default options), ${fmtInt(m.generated)} simulated events** (compiled trigger, in-process; a poll every simulated minute)`,
		);
		push();
		push('| Figure | Value |');
		push('|---|---|');
		push(
			`| polls / requests | ${fmtInt(m.polls)} / ${fmtInt(m.requests)} (${(m.requests / (m.generated / 1000)).toFixed(1)} requests per 1,000 events) |`,
		);
		push(
			`| requests per poll, steady state (nothing new) | ${(m.quiet.requests / Math.max(1, m.quiet.polls)).toFixed(2)} average, ${m.quiet.max} max (${fmtInt(m.quiet.polls)} polls) |`,
		);
		push(
			`| requests per poll with events | ${(m.withEvents.requests / Math.max(1, m.withEvents.polls)).toFixed(2)} average, ${m.withEvents.max} max (${fmtInt(m.withEvents.polls)} polls, ${(m.withEvents.events / Math.max(1, m.withEvents.polls)).toFixed(0)} events each on average) |`,
		);
		push(
			`| of which polls with more waiting than Max Events per Poll | ${(m.draining.requests / Math.max(1, m.draining.polls)).toFixed(2)} requests average, ${m.draining.max} max (${fmtInt(m.draining.polls)} polls; largest backlog ${fmtInt(m.maxBacklog)}) |`,
		);
		push(
			`| static data size | ${fmtBytes(m.staticMaxBytes)} max, ${fmtBytes(m.staticFinalBytes)} at the end |`,
		);
		push(
			`| exactly once | ${m.exactlyOnce ? 'yes' : '**no**'}: ${fmtInt(m.emitted)} of ${fmtInt(m.generated)} emitted, ${fmtInt(m.duplicates)} duplicates, ${fmtInt(m.missing)} missing, ${fmtInt(m.spurious)} old ones |`,
		);
		push(`| simulation time | ${fmtMs(m.wallMs)} (${(m.wallMs / m.polls).toFixed(2)} ms a poll) |`);
		push();
		push('Edge cases (same simulation, scripted arrivals, default Max Events per Poll 100):');
		push();
		push('| Case | Emitted | Missing | Duplicates | Requests (polls) | Max static data |');
		push('|---|---:|---:|---:|---:|---:|');
		for (const { name, result: s } of t.stress) {
			push(
				`| ${name} | ${fmtInt(s.emitted)} of ${fmtInt(s.generated)} | ${s.missing ? `**${fmtInt(s.missing)}**` : '0'} | ${s.duplicates ? `**${fmtInt(s.duplicates)}**` : '0'} | ${fmtInt(s.requests)} (${fmtInt(s.polls)}) | ${fmtBytes(s.staticMaxBytes)} |`,
			);
		}
		push();
	}

	const p = results.paced;
	if (p?.error) {
		push(`**4. Paced job: failed** — ${p.error}`);
		push();
	} else if (p) {
		push(
			`**4. Paced job: ${fmtInt(p.N)} sends (one request per item) against ${p.limit} requests per ${p.windowSeconds} s**`,
		);
		push();
		push(
			"| Way | Requests made | 429s received | Time (first request → last answer) | Theoretical minimum | vs minimum | Ideal client at the raw client's speed | vs ideal |",
		);
		push('|---|---:|---:|---:|---:|---:|---:|---:|');
		push(
			`| SMS Platform node | ${fmtInt(p.ours.requests)} | ${fmtInt(p.ours.statuses['429'] ?? 0)} | ${fmtMs(p.ours.actualMs)} | ${fmtMs(p.ours.minimumMs)} | ${fmtRatio(p.ours.actualMs / p.ours.minimumMs)} (+${fmtMs(p.ours.actualMs - p.ours.minimumMs)}) | ${p.ours.idealPerRequestMs ? fmtMs(p.ours.idealMs) : '–'} | ${p.ours.idealPerRequestMs ? fmtRatio(p.ours.actualMs / p.ours.idealMs) : '–'} |`,
		);
		const h = p.httpNode;
		push(
			`| n8n HTTP Request node | ${fmtInt(h.requests)} | ${fmtInt(h.statuses['429'] ?? 0)} | ${h.error ? 'run failed' : fmtMs(h.nodeMs)} | – | – | – | – |`,
		);
		push();
		push(
			`Theoretical minimum: the fixed windows let ${p.limit} requests through per window, so the last of ${fmtInt(p.N)} cannot start before ` +
				`window ${Math.ceil(p.N / p.limit)} opens, counted from the first request (which fell ${fmtMs(p.ours.firstRequestOffsetInWindowMs)} into its window). ` +
				`The node used ${p.ours.windowsUsed} windows; after each wait its first request went out ${fmtMs(p.ours.meanWakeLatenessMs)} after the window opened (average; the node sleeps until the reset + 50 ms); ` +
				`the ${fmtInt(p.ours.lastWindowRequests)} requests of the last window took ${fmtMs(p.ours.lastWindowSendMs)} to send, which the minimum counts as zero. ` +
				(p.ours.idealPerRequestMs
					? `The ideal client sends at ${p.ours.idealPerRequestMs.toFixed(2)} ms a request (the raw client's one-per-item replay in section 1) and waits exactly for each window.`
					: 'Run the broadcast section too for the ideal-client figure.'),
		);
		push();
	}

	const checks = [];
	if (b && !b.error) {
		checks.push([
			'Broadcast requests ≤ 100',
			fmtInt(b.combined.requests),
			b.combined.requests <= TARGETS.broadcastRequests,
		]);
		checks.push([
			`Broadcast node time ≤ ${TARGETS.broadcastRatio}× raw client`,
			fmtRatio(b.combined.nodeMs / b.rawCombined.ms),
			b.combined.nodeMs / b.rawCombined.ms <= TARGETS.broadcastRatio,
		]);
	}
	if (r && !r.error)
		checks.push([
			`Return All ≤ ${TARGETS.returnAllRatio}× raw client`,
			fmtRatio(r.ours.nodeMs / r.raw.ms),
			r.ours.nodeMs / r.raw.ms <= TARGETS.returnAllRatio,
		]);
	if (l && !l.error) {
		if (l.combined) {
			const ratio = l.combined.ours.nodeMs / l.combined.raw.ms;
			checks.push([
				`(with ${l.latencyMs} ms latency) broadcast ≤ ${TARGETS.broadcastRatio}× raw client`,
				fmtRatio(ratio),
				ratio <= TARGETS.broadcastRatio,
			]);
		}
		if (l.returnAll) {
			const ratio = l.returnAll.ours.nodeMs / l.returnAll.raw.ms;
			checks.push([
				`(with ${l.latencyMs} ms latency) Return All ≤ ${TARGETS.returnAllRatio}× raw client`,
				fmtRatio(ratio),
				ratio <= TARGETS.returnAllRatio,
			]);
		}
	}
	if (t && !t.error)
		checks.push(['Trigger exactly once', t.main.exactlyOnce ? 'yes' : 'no', t.main.exactlyOnce]);
	if (p && !p.error)
		checks.push([
			'Paced job: 0 × 429',
			fmtInt(p.ours.statuses['429'] ?? 0),
			(p.ours.statuses['429'] ?? 0) === 0,
		]);
	if (checks.length) {
		push('| Target | Result | Met |');
		push('|---|---:|:---:|');
		for (const [name, value, ok] of checks)
			push(`| ${name} | ${value} | ${ok ? 'yes' : '**no**'} |`);
		push();
	}
	for (const line of reportNetwork(results.network)) push(line);
	if (results.profiles) {
		push(
			"**Where the node's time goes** (one extra run each with `node --cpu-prof`, so slower than above; " +
				"the samples within the node's run, by what was running)",
		);
		push();
		for (const [name, prof] of Object.entries(results.profiles)) {
			if (!prof || prof.error) {
				push(`- ${name}: ${prof?.error ?? 'no samples in our code'}`);
				continue;
			}
			push(
				`- ${name}: node time ${fmtMs(prof.nodeMs)}, profiled span ${fmtMs(prof.spanMs)}, of it ${fmtMs(prof.oursMs)} with our code on the stack. By category:`,
			);
			push(
				`  ${prof.categories
					.filter((/** @type {any} */ c) => c.share >= 0.01)
					.map(
						(/** @type {any} */ c) => `${c.name} ${fmtMs(c.ms)} (${(c.share * 100).toFixed(0)}%)`,
					)
					.join('; ')}.`,
			);
			push();
			push('  | Bucket | Time | Share |');
			push('  |---|---:|---:|');
			for (const bucket of prof.buckets) {
				const inside = bucket.inside?.length
					? `; inside: ${bucket.inside.map((/** @type {any} */ x) => `${x.name} ${fmtMs(x.ms)}`).join(', ')}`
					: '';
				push(
					`  | ${`${bucket.name}${inside}`.replace(/\|/g, '\\|')} | ${fmtMs(bucket.ms)} | ${(bucket.share * 100).toFixed(1)}% |`,
				);
			}
			push();
		}
	}

	return lines.join('\n');
}

/** @param {Record<string, number>} statuses */
function statusText(statuses) {
	return Object.entries(statuses)
		.map(([status, n]) => `${fmtInt(n)}× ${status}`)
		.join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// main

async function main() {
	const started = Date.now();
	const info = {
		machine: machine(),
		n8nVersion: 'not used',
		finishedAt: '',
		loadAtEnd: /** @type {string[]} */ ([]),
	};
	/** @type {any} */
	const results = { sizes: SIZES, quick: QUICK };
	log(
		`${QUICK ? 'quick' : 'full'} run: ${JSON.stringify(SIZES)}; sections ${[...SECTIONS].join(', ')}`,
	);
	const needsN8n = ['broadcast', 'returnAll', 'latency', 'paced', 'network'].some((s) =>
		SECTIONS.has(s),
	);

	if (!flag('skip-build')) await buildPackage({ quiet: true });

	/** @type {Array<() => Promise<unknown>>} */
	const cleanups = [];
	try {
		if (SECTIONS.has('trigger')) {
			try {
				await benchTrigger(results);
			} catch (error) {
				log(`trigger section failed: ${/** @type {Error} */ (error).stack}`);
				results.trigger = { error: /** @type {Error} */ (error).message };
			}
		}

		if (needsN8n) {
			const paths = await ensureN8n();
			info.n8nVersion = paths.version;
			const packDir = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-pack-'));
			const userFolder = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-n8n-'));
			cleanups.push(async () => {
				rmSync(packDir, { recursive: true, force: true });
				if (flag('keep')) log(`kept the n8n user folder ${userFolder}`);
				else rmSync(userFolder, { recursive: true, force: true });
			});
			const { tarball } = await packPackage({ destination: packDir });
			await installTarball({ userFolder, tarball });

			const sandbox = await startSandbox({
				port: 0,
				quiet: true,
				rateLimit: HUGE_RATE_LIMIT,
				rateWindowSeconds: 3600,
				seed: false,
			});
			cleanups.push(() => sandbox.close());
			const counter = attachCounter(sandbox);
			log(`sandbox at ${sandbox.url}`);

			const certificate = makeCertificate();
			cleanups.push(async () => certificate.remove());
			const network = await startNetwork({
				sandboxPort: Number(new URL(sandbox.url).port),
				rttMs: RTT_MS,
				key: certificate.key,
				cert: certificate.cert,
			});
			cleanups.push(() => network.close());

			const n8n = createN8n({ bin: paths.bin, userFolder, port: await freePort() });
			await importCredentials(n8n, [
				{
					...CREDENTIAL,
					type: 'smsPlatformApi',
					data: { baseUrl: sandbox.url, authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
				},
				{
					...NETWORK_CREDENTIAL,
					type: 'smsPlatformApi',
					data: { baseUrl: network.url, authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
				},
			]);
			await importWorkflows(n8n, [
				broadcastWorkflow('benchBroadcastCombined', SIZES.recipients, { combine: true }),
				broadcastWorkflow('benchBroadcastPerItem', SIZES.recipients, { combine: false }),
				listBroadcastWorkflow('benchBroadcastList', SIZES.recipients),
				httpRequestWorkflow('benchBroadcastHttpNode', SIZES.recipients, sandbox.url),
				returnAllWorkflow('benchReturnAll'),
				broadcastWorkflow('benchPacedOurs', SIZES.paced, { combine: false }),
				httpRequestWorkflow('benchPacedHttpNode', SIZES.paced, sandbox.url),
				...networkWorkflows(SIZES, network.url),
			]);
			const env = { sandbox, counter, n8n, network, certFile: certificate.certFile };

			for (const [name, fn] of /** @type {const} */ ([
				['broadcast', benchBroadcast],
				['returnAll', benchReturnAll],
				['latency', benchLatency],
				['paced', benchPaced],
				[
					'network',
					(/** @type {any} */ e, /** @type {any} */ r) =>
						benchNetwork(e, r, {
							sizes: SIZES,
							rttMs: RTT_MS,
							sweep: SWEEP_RTTS,
							runs: QUICK ? 1 : 3,
							measureWorkflow,
							rawReplay,
							admin,
							log,
						}),
				],
			])) {
				if (!SECTIONS.has(name)) continue;
				try {
					await fn(env, results);
				} catch (error) {
					log(`${name} section failed: ${/** @type {Error} */ (error).stack}`);
					results[name] = { error: /** @type {Error} */ (error).message.split('\n')[0] };
				}
			}
		}
	} finally {
		for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
	}

	info.loadAtEnd = os.loadavg().map((l) => l.toFixed(2));
	info.finishedAt = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 1000)} s`;
	const markdown = report(results, info);
	const outFile = path.resolve(ROOT, option('out') ?? path.join('bench', 'results', 'latest.md'));
	mkdirSync(path.dirname(outFile), { recursive: true });
	writeFileSync(outFile, `${markdown}\n`);
	writeFileSync(
		outFile.replace(/\.md$/, '.json'),
		`${JSON.stringify({ info, results }, null, 2)}\n`,
	);
	process.stdout.write(`${markdown}\n`);
	log(
		`written to ${path.relative(ROOT, outFile)} (and .json) in ${Math.round((Date.now() - started) / 1000)} s`,
	);
	const failed = ['broadcast', 'returnAll', 'latency', 'trigger', 'paced', 'network'].filter(
		(s) => results[s]?.error,
	);
	if (failed.length) {
		log(`sections that failed: ${failed.join(', ')}`);
		process.exitCode = 1;
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});

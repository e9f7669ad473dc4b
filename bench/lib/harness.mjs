// What every scenario measures with: the machine's description, the sandbox's request counter and admin calls, the
// raw-client baseline (bench/lib/raw-client.mjs in fresh processes) and measured `n8n execute` runs (medians, peak
// memory, the request log of the first run as a replay plan), plus CPU-profiled runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { admin } from '../../sandbox/client.mjs';
import { SANDBOX_API_KEY } from '../../sandbox/server.mjs';
import { summarizeProfile } from './cpuprofile.mjs';
import { fmtMb, median } from './format.mjs';
import { executeMeasured } from './n8n-exec.mjs';
import { KEEP, log, ROOT } from './options.mjs';
import { GENERATOR, MEASURED } from './workflows.mjs';

const RAW_CLIENT = path.join(ROOT, 'bench', 'lib', 'raw-client.mjs');
/** The sandbox's rate limit outside the paced job: high enough never to answer 429. */
export const HUGE_RATE_LIMIT = 1_000_000_000;

export function machine() {
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
 * @param {import('../../sandbox/server.mjs').Sandbox} sandbox
 */
export function attachCounter(sandbox) {
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

export { admin };

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
export async function rawReplay(
	baseUrl,
	requests,
	runs,
	{ newConnections = false, ca = undefined } = {},
) {
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
export async function measureWorkflow(
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
export async function profileWorkflow(env, id, beforeRun) {
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
		if (KEEP) log(`kept the CPU profiles in ${dir}`);
		else rmSync(dir, { recursive: true, force: true });
	}
}

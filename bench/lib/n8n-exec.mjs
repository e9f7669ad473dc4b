// `n8n execute --id <id> --rawOutput` with memory sampling of the n8n process tree.
//
// scripts/n8n/process.mjs's runN8nCommand() does not expose the child process, so its pid cannot be sampled; this is
// the same spawn (same environment from n8nEnv(), its own task-broker port) plus a /proc sampler, and the output is
// parsed with the shared extractRunJson() / summarizeRun().
//
// n8n's stdout goes to a FILE, not a pipe: `n8n execute` ends with process.exit(), and Node writes to a pipe
// asynchronously, so a large run (10,000 items, megabytes of JSON) arrives cut off through a pipe. Writes to a file
// are synchronous and complete.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { extractRunJson, summarizeRun } from '../../scripts/n8n/cli-output.mjs';
import { freePort, n8nEnv } from '../../scripts/n8n/process.mjs';
import { peakBetween, startRssSampler } from './proc.mjs';

/**
 * @typedef {object} BenchExecution
 * @property {string} status
 * @property {{ message: string, description?: string, node?: string } | undefined} error
 * @property {Record<string, import('../../scripts/n8n/cli-output.mjs').NodeResult>} nodes
 * @property {number} processMs wall time of the whole `n8n execute` process (start-up and output included)
 * @property {number | null} exitCode
 * @property {number} pid the n8n process
 * @property {ReturnType<ReturnType<typeof startRssSampler>['stop']>} memory
 * @property {number} outputBytes size of what n8n printed on stdout
 * @property {(nodeName: string) => { treeKb: number, mainKb: number, samples: number } | undefined} memoryDuring
 * @property {string} stdoutTail
 * @property {string} stderrTail
 */

/**
 * @param {import('../../scripts/n8n/process.mjs').N8nInstance} n8n
 * @param {string} id
 * @param {{ timeoutMs?: number, env?: Record<string, string>, sampleMs?: number }} [options]
 * @returns {Promise<BenchExecution>}
 */
export async function executeMeasured(
	n8n,
	id,
	{ timeoutMs = 600_000, env = {}, sampleMs = 50 } = {},
) {
	const brokerPort = await freePort();
	const started = Date.now();
	const outDir = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-out-'));
	const outFile = path.join(outDir, 'stdout.txt');
	const outFd = openSync(outFile, 'w');
	const child = spawn(process.execPath, [n8n.bin, 'execute', `--id=${id}`, '--rawOutput'], {
		env: n8nEnv(n8n, { brokerPort, extra: env }),
		stdio: ['ignore', outFd, 'pipe'],
	});
	closeSync(outFd);
	const sampler = startRssSampler(/** @type {number} */ (child.pid), { intervalMs: sampleMs });
	let err = '';
	child.stderr?.on('data', (chunk) => {
		err = (err + chunk).slice(-20_000);
	});
	const { code, processMs } = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`n8n execute --id=${id} did not finish within ${timeoutMs / 1000} s`));
		}, timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('exit', (exitCode) => {
			clearTimeout(timer);
			resolve({ code: exitCode, processMs: Date.now() - started });
		});
	});
	const memory = sampler.stop();
	let stdout;
	try {
		stdout = readFileSync(outFile, 'utf8');
	} finally {
		rmSync(outDir, { recursive: true, force: true });
	}
	const run = extractRunJson(stdout) ?? extractRunJson(`${stdout}\n${err}`);
	if (!run) {
		throw new Error(
			`n8n execute --id=${id} printed no run (exit ${code}, ${processMs} ms):\n${stdout.slice(-3000)}\n${err.slice(-3000)}`,
		);
	}
	const runError = run.data.resultData.error;
	const nodes = summarizeRun(run);
	return {
		status: run.status ?? (runError ? 'error' : 'success'),
		error: runError
			? { message: runError.message, description: runError.description, node: runError.node?.name }
			: undefined,
		nodes,
		processMs,
		exitCode: code,
		pid: /** @type {number} */ (child.pid),
		memory,
		outputBytes: Buffer.byteLength(stdout),
		memoryDuring(nodeName) {
			const node = nodes[nodeName];
			if (!node || node.startTime === undefined || node.executionTime === undefined)
				return undefined;
			return peakBetween(memory.timeline, node.startTime, node.startTime + node.executionTime);
		},
		stdoutTail: stdout.slice(-2000),
		stderrTail: err.slice(-2000),
	};
}

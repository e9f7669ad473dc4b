// `n8n execute --id <id> --rawOutput` with memory sampling of the n8n process tree: scripts/n8n/process.mjs's
// runN8nCommand() (n8n's output into files, its own task-broker port), which hands over the child so that a /proc
// sampler follows its pid. The output is parsed with the shared extractRunJson() / summarizeRun().
import { extractRunJson, summarizeRun } from '../../scripts/n8n/cli-output.mjs';
import { runN8nCommand } from '../../scripts/n8n/process.mjs';
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
	/** @type {ReturnType<typeof startRssSampler> | undefined} */
	let sampler;
	let pid = 0;
	/** @type {Awaited<ReturnType<typeof runN8nCommand>>} */
	let result;
	try {
		result = await runN8nCommand(n8n, ['execute', `--id=${id}`, '--rawOutput'], {
			timeoutMs,
			env,
			onSpawn(child) {
				pid = /** @type {number} */ (child.pid);
				sampler = startRssSampler(pid, { intervalMs: sampleMs });
			},
		});
	} catch (error) {
		sampler?.stop();
		throw error;
	}
	const memory = /** @type {ReturnType<typeof startRssSampler>} */ (sampler).stop();
	const { code, stdout, stderr: err, durationMs: processMs } = result;
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
		pid,
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

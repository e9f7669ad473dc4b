// Runs an isolated n8n as processes: its environment, CLI commands (import, execute) and a server (start, wait
// until it really answers, stop). The REST client is in rest.mjs, the reading of CLI output in cli-output.mjs.
// Shared by the demo (scripts/demo.mjs), the end-to-end tests (e2e/), the browser test (e2e/editor/) and the benchmarks.
// Node built-ins only.
//
//   const n8n = createN8n({ bin, userFolder });               // bin from ensureN8n() (scripts/n8n-runtime.mjs)
//   await importCredentials(n8n, [{ id, name, type: 'smsPlatformApi', data: { ... } }]);
//   await importWorkflows(n8n, [workflowJson, ...]);
//   const result = await executeWorkflow(n8n, 'workflow-id');  // result.nodes['Node name'].items → [{...json}]
//   const server = await startN8n(n8n);                        // server.url, server.stop()
//   const worker = await startN8nWorker(n8n);                  // queue mode: `n8n worker`, worker.stop()
import { spawn } from 'node:child_process';
import {
	closeSync,
	cpSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { extractRunJson, lastLines, summarizeRun } from './cli-output.mjs';

/**
 * @typedef {object} N8nInstance
 * @property {string} bin n8n's bin script
 * @property {string} userFolder N8N_USER_FOLDER (n8n keeps its data in <userFolder>/.n8n)
 * @property {number} port
 * @property {string} host
 * @property {Record<string, string>} extraEnv
 * @property {string} url
 */

/** The fixed encryption key of the demo and test instances (credentials are imported encrypted with it). */
export const N8N_ENCRYPTION_KEY = 'sms-platform-local-n8n-encryption-key';

/**
 * Asks the OS for a free TCP port on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = /** @type {net.AddressInfo} */ (server.address());
			server.close(() => resolve(port));
		});
	});
}

/**
 * Describes one isolated n8n instance: its user folder (database, settings, community packages under
 * <userFolder>/.n8n) and the port its server uses. No process is started.
 * @param {{ bin: string, userFolder?: string, port?: number, host?: string, env?: Record<string, string> }} options
 * @returns {N8nInstance}
 */
export function createN8n({ bin, userFolder, port = 5678, host = 'localhost', env = {} }) {
	if (!bin) throw new Error('createN8n needs the n8n bin path (from ensureN8n())');
	const folder = userFolder ?? mkdtempSync(path.join(os.tmpdir(), 'n8n-user-'));
	mkdirSync(folder, { recursive: true });
	return { bin, userFolder: folder, port, host, extraEnv: env, url: `http://${host}:${port}` };
}

/**
 * The environment of an n8n process of this instance. `brokerPort` must differ between concurrent processes.
 * @param {N8nInstance} n8n
 * @param {{ brokerPort?: number, extra?: Record<string, string> }} [options]
 * @returns {NodeJS.ProcessEnv}
 */
export function n8nEnv(n8n, { brokerPort, extra = {} } = {}) {
	const env = { ...process.env };
	// Variables of an outer n8n (or the user's shell) must not leak into the isolated one.
	for (const key of Object.keys(env)) {
		if (key.startsWith('N8N_') || key.startsWith('DB_') || key.startsWith('EXECUTIONS_'))
			delete env[key];
	}
	Object.assign(env, {
		N8N_USER_FOLDER: n8n.userFolder,
		N8N_ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		// `n8n execute --rawOutput` prints the run through the logger at level info: keep it at info.
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		N8N_PORT: String(n8n.port),
		N8N_HOST: n8n.host,
		N8N_PROTOCOL: 'http',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_EDITOR_BASE_URL: n8n.url,
		WEBHOOK_URL: `${n8n.url}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort ?? n8n.port + 1),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_NO_COLOR: 'true',
		NO_COLOR: '1',
	});
	Object.assign(env, n8n.extraEnv, extra);
	return env;
}

/**
 * Runs `n8n <args>`; resolves { code, stdout, stderr, durationMs } (also on a non-zero exit).
 * Its output goes to files, not pipes: Node writes to a pipe asynchronously on Linux, and n8n exits (process.exit)
 * right after printing, so a run's JSON still waiting in a full pipe was lost. On a busy machine `n8n execute` of a
 * workflow with a few pages of billing records then printed no run (cold run at c456d42). Writes to a file are
 * synchronous. `onSpawn` is handed the child as it starts (the bench samples its memory by pid).
 * @param {N8nInstance} n8n
 * @param {string[]} args
 * @param {{ timeoutMs?: number, env?: Record<string, string>, onSpawn?: (child: import('node:child_process').ChildProcess) => void }} [options]
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string, durationMs: number }>}
 */
export async function runN8nCommand(n8n, args, { timeoutMs = 180_000, env = {}, onSpawn } = {}) {
	const brokerPort = await freePort();
	const started = Date.now();
	const folder = mkdtempSync(path.join(os.tmpdir(), 'n8n-command-'));
	const files = { stdout: path.join(folder, 'stdout'), stderr: path.join(folder, 'stderr') };
	const out = openSync(files.stdout, 'w');
	const err = openSync(files.stderr, 'w');
	const read = () => ({
		stdout: readFileSync(files.stdout, 'utf8'),
		stderr: readFileSync(files.stderr, 'utf8'),
	});
	try {
		return await new Promise((resolve, reject) => {
			const child = spawn(process.execPath, [n8n.bin, ...args], {
				env: n8nEnv(n8n, { brokerPort, extra: env }),
				stdio: ['ignore', out, err],
			});
			onSpawn?.(child);
			const timer = setTimeout(() => {
				child.kill('SIGKILL');
				const { stdout, stderr } = read();
				reject(
					new Error(
						`n8n ${args.join(' ')} did not finish within ${timeoutMs / 1000} s\n${stdout}\n${stderr}`,
					),
				);
			}, timeoutMs);
			child.on('error', (error) => {
				clearTimeout(timer);
				reject(error);
			});
			child.on('close', (code) => {
				clearTimeout(timer);
				resolve({ code, ...read(), durationMs: Date.now() - started });
			});
		});
	} finally {
		closeSync(out);
		closeSync(err);
		rmSync(folder, { recursive: true, force: true });
	}
}

/**
 * @param {N8nInstance} n8n
 * @param {string[]} args
 * @param {string} what
 */
async function runChecked(n8n, args, what) {
	const result = await runN8nCommand(n8n, args);
	const output = `${result.stdout}\n${result.stderr}`;
	if (result.code !== 0) {
		throw new Error(`${what} failed (exit ${result.code}):\n${lastLines(output, 40)}`);
	}
	return result;
}

/**
 * @param {unknown} value
 * @param {string} prefix
 */
function writeTempJson(value, prefix) {
	const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
	const file = path.join(dir, 'data.json');
	writeFileSync(file, JSON.stringify(value, null, 2));
	return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Gives a new user folder a database that this n8n has already created and migrated, so the instance's first
 * command does not migrate it again (about 5 s per new instance). The migrated folder is made once per n8n install,
 * beside it (`<n8n dir>/.sms-platform-migrated`), by an n8n command that creates and migrates a database and
 * imports nothing; later calls copy it (milliseconds). Made in a temporary folder and renamed into place, so runs
 * that make it at the same time do not see half of it. Only for SQLite instances with this file's encryption key.
 * @param {{ bin: string, dir: string }} n8nPaths from ensureN8n()
 * @param {string} userFolder
 */
export async function seedMigratedDatabase(n8nPaths, userFolder) {
	const template = path.join(n8nPaths.dir, '.sms-platform-migrated');
	if (!existsSync(path.join(template, '.n8n', 'database.sqlite'))) {
		const tmp = mkdtempSync(path.join(n8nPaths.dir, '.sms-platform-migrating-'));
		try {
			const n8n = createN8n({ bin: n8nPaths.bin, userFolder: tmp, port: await freePort() });
			await importCredentials(n8n, []);
			if (!existsSync(path.join(tmp, '.n8n', 'database.sqlite')))
				throw new Error(`n8n made no database in ${tmp}`);
			try {
				renameSync(tmp, template);
			} catch (error) {
				// Another run put one in place meanwhile: keep that one.
				if (!existsSync(path.join(template, '.n8n', 'database.sqlite'))) throw error;
			}
		} finally {
			rmSync(tmp, { recursive: true, force: true });
		}
	}
	cpSync(path.join(template, '.n8n'), path.join(userFolder, '.n8n'), { recursive: true });
}

/**
 * Imports credentials with fixed ids (updates them if they exist). Each: { id, name, type, data } with plain
 * `data`: n8n encrypts it with the instance key.
 * @param {N8nInstance} n8n
 * @param {Array<{ id: string, name: string, type: string, data: Record<string, unknown>, [key: string]: unknown }>} credentials
 */
export async function importCredentials(n8n, credentials) {
	const list = credentials.map((credential) => ({
		isManaged: false,
		...credential,
		createdAt: credential.createdAt ?? new Date().toISOString(),
		updatedAt: new Date().toISOString(),
	}));
	const { file, cleanup } = writeTempJson(list, 'n8n-credentials-');
	try {
		return await runChecked(
			n8n,
			['import:credentials', `--input=${file}`],
			'n8n import:credentials',
		);
	} finally {
		cleanup();
	}
}

/**
 * Imports workflows (each with its own fixed `id`; an existing workflow with that id is replaced).
 * @param {N8nInstance} n8n
 * @param {any[]} workflows
 */
export async function importWorkflows(n8n, workflows) {
	const list = workflows.map((workflow) => {
		if (!workflow.id) throw new Error(`workflow "${workflow.name}" has no id: give it a fixed one`);
		return { settings: {}, pinData: {}, ...workflow, active: false };
	});
	const { file, cleanup } = writeTempJson(list, 'n8n-workflows-');
	try {
		return await runChecked(n8n, ['import:workflow', `--input=${file}`], 'n8n import:workflow');
	} finally {
		cleanup();
	}
}

/**
 * One workflow: see importWorkflows.
 * @param {N8nInstance} n8n
 * @param {any} workflow
 */
export async function importWorkflow(n8n, workflow) {
	return await importWorkflows(n8n, [workflow]);
}

/**
 * `n8n execute --id <id> --rawOutput`. Resolves { status, finished, nodes (see summarizeRun), lastNodeExecuted,
 * error (the run's error, if it failed), run (raw), stdout, stderr, durationMs }. Rejects only when no run JSON can
 * be found in the output (n8n could not start, the workflow does not exist, ...).
 * @param {N8nInstance} n8n
 * @param {string} id
 * @param {{ timeoutMs?: number, env?: Record<string, string> }} [options]
 */
export async function executeWorkflow(n8n, id, { timeoutMs = 300_000, env = {} } = {}) {
	const result = await runN8nCommand(n8n, ['execute', `--id=${id}`, '--rawOutput'], {
		timeoutMs,
		env,
	});
	const run = extractRunJson(result.stdout) ?? extractRunJson(`${result.stdout}\n${result.stderr}`);
	if (!run) {
		throw new Error(
			`n8n execute --id=${id} printed no run (exit ${result.code}, ${result.durationMs} ms):\n` +
				`${lastLines(result.stdout, 30)}\n${lastLines(result.stderr, 30)}`,
		);
	}
	const runError = run.data.resultData.error;
	return {
		status: run.status ?? (runError ? 'error' : 'success'),
		finished: run.finished,
		exitCode: result.code,
		lastNodeExecuted: run.data.resultData.lastNodeExecuted,
		error: runError
			? { message: runError.message, description: runError.description, node: runError.node?.name }
			: undefined,
		nodes: summarizeRun(run),
		run,
		stdout: result.stdout,
		stderr: result.stderr,
		durationMs: result.durationMs,
	};
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} N8nProcess
 * @property {string} url the instance's URL (only `n8n start` answers there)
 * @property {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>} child
 * @property {number} startupMs
 * @property {() => string} logs the last 200,000 characters of its output
 * @property {() => { code: number | null, signal: NodeJS.Signals | null } | undefined} exited
 * @property {(options?: { timeoutMs?: number, signal?: NodeJS.Signals }) => Promise<{ code: number | null, signal: NodeJS.Signals | null } | undefined>} stop
 *   sends `signal` (SIGTERM), then SIGKILL after `timeoutMs` (20 s); resolves how it exited
 */

/**
 * Spawns `n8n <args>` as a long-running process of this instance, with its own task-broker port. Output is kept in
 * memory (logs()) and, with `logFile`, written there; `echo: true` also copies it to our stderr.
 * @param {N8nInstance} n8n
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, logFile?: string, echo?: boolean }} [options]
 * @returns {Promise<N8nProcess>}
 */
export async function spawnN8n(n8n, args, { env = {}, logFile, echo = false } = {}) {
	const brokerPort = await freePort();
	const child = spawn(process.execPath, [n8n.bin, ...args], {
		env: n8nEnv(n8n, { brokerPort, extra: env }),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: false,
	});
	let output = '';
	const file = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
	const onData = (/** @type {Buffer} */ chunk) => {
		output = (output + chunk).slice(-200_000);
		file?.write(chunk);
		if (echo) process.stderr.write(chunk);
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	/** @type {{ code: number | null, signal: NodeJS.Signals | null } | undefined} */
	let exited;
	/** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
	const exitPromise = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			exited = { code, signal };
			resolve(exited);
		});
	});
	return {
		url: n8n.url,
		child,
		startupMs: 0,
		logs: () => output,
		exited: () => exited,
		async stop({ timeoutMs: stopTimeout = 20_000, signal = 'SIGTERM' } = {}) {
			if (!exited) {
				child.kill(signal);
				const timer = setTimeout(() => !exited && child.kill('SIGKILL'), stopTimeout);
				await exitPromise;
				clearTimeout(timer);
			}
			file?.end();
			return exited;
		},
	};
}

/**
 * Waits until `ready()` holds; stops the process and throws with its output when it exits first or after
 * `timeoutMs`.
 * @param {N8nProcess} handle
 * @param {string} what
 * @param {() => Promise<boolean> | boolean} ready
 * @param {number} timeoutMs
 */
async function waitUntilReady(handle, what, ready, timeoutMs) {
	const started = Date.now();
	while (true) {
		const exited = handle.exited();
		if (exited) {
			throw new Error(
				`${what} exited (${exited.signal ?? `exit ${exited.code}`}) before it was ready:\n${lastLines(handle.logs(), 40)}`,
			);
		}
		if (Date.now() - started > timeoutMs) {
			await handle.stop();
			throw new Error(
				`${what} did not become ready within ${timeoutMs / 1000} s:\n${lastLines(handle.logs(), 40)}`,
			);
		}
		if (await ready()) break;
		await sleep(250);
	}
	handle.startupMs = Date.now() - started;
	return handle;
}

/**
 * Starts `n8n start` and waits until the REST API answers for real (not the 200 "n8n is starting up" page).
 * Returns { url, child, logs(), stop() }. Output is kept in memory (logs()) and, with `logFile`, written there;
 * `echo: true` also copies it to our stderr.
 * @param {N8nInstance} n8n
 * @param {{ env?: Record<string, string>, logFile?: string, echo?: boolean, timeoutMs?: number, devReload?: boolean }} [options]
 */
export async function startN8n(
	n8n,
	{ env = {}, logFile, echo = false, timeoutMs = 180_000, devReload = false } = {},
) {
	const handle = await spawnN8n(n8n, ['start'], {
		env: { ...(devReload ? { N8N_DEV_RELOAD: 'true' } : {}), ...env },
		logFile,
		echo,
	});
	return await waitUntilReady(handle, 'n8n start', () => isReady(n8n.url), timeoutMs);
}

/**
 * Starts `n8n worker` (queue mode: the instance's environment must name Redis and a shared database) and waits
 * until it says it is ready to take jobs.
 * @param {N8nInstance} n8n
 * @param {{ concurrency?: number, env?: Record<string, string>, logFile?: string, echo?: boolean, timeoutMs?: number }} [options]
 */
export async function startN8nWorker(
	n8n,
	{ concurrency = 10, env = {}, logFile, echo = false, timeoutMs = 180_000 } = {},
) {
	const handle = await spawnN8n(n8n, ['worker', `--concurrency=${concurrency}`], {
		env,
		logFile,
		echo,
	});
	return await waitUntilReady(
		handle,
		'n8n worker',
		() => handle.logs().includes('n8n worker is now ready'),
		timeoutMs,
	);
}

/**
 * True once /rest/settings answers with JSON (during migrations n8n serves a 200 HTML "starting up" page).
 * @param {string} url
 */
export async function isReady(url) {
	try {
		const response = await fetch(`${url}/rest/settings`, { signal: AbortSignal.timeout(2000) });
		if (!response.ok) return false;
		const type = response.headers.get('content-type') ?? '';
		if (!type.includes('json')) return false;
		const body = await response.json();
		return Boolean(body?.data);
	} catch {
		return false;
	}
}

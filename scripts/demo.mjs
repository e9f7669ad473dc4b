// `npm start`: a local n8n with this package and the sandbox, ready to click through.
//
// 1. installs the pinned n8n once (cached in $SMS_PLATFORM_CACHE, see scripts/n8n-runtime.mjs), and beside it the
//    project's dependencies when node_modules is missing or stale (scripts/with-node24.sh)
// 2. builds the package when dist/ is missing or older than the sources, links it into the demo's n8n user folder
//    (N8N_DEV_RELOAD=true reloads it when dist/ changes) and runs `tsc --watch` so source edits rebuild
// 3. starts the sandbox (port 4010 or $SANDBOX_PORT) and n8n (http://localhost:5678 or $N8N_PORT), n8n in the
//    machine's time zone ($GENERIC_TIMEZONE, else the system's), which its banner names
// 4. creates the owner (first start), the credentials "SMS Platform Sandbox" (API key) and "SMS Platform Sandbox
//    (login)" (Email and Password), and the example workflows (examples/)
// Ctrl-C stops everything, and so does SIGINT, SIGTERM or SIGHUP to this script or to the npm process that started it
// (package.json's `exec` leaves no shell between npm and this script to swallow a SIGINT), at any moment of the
// start: every process the demo started (n8n and its task runner, n8n's import commands, the sandbox, the build,
// tsc --watch) is asked to stop, and killed after a grace period ($DEMO_STOP_GRACE_SECONDS, 4 s); the demo says which
// had to be killed and exits only when they are gone and their ports are free. The user folder is kept
// ($SMS_PLATFORM_CACHE/demo), so the next start takes seconds.
//
//   npm start -- --fresh    restore the example workflows and the demo credential (n8n autosaves edits to them)
//   npm start -- --reset    start from an empty n8n user folder (owner, credentials, workflows, executions)
//
// Environment: SANDBOX_PORT, N8N_PORT, DEMO_WATCH=0 (no tsc --watch), DEMO_VERBOSE=1 (n8n's log on the terminal),
// DEMO_FRESH=1 (as --reset), DEMO_USER_FOLDER (another n8n user folder, e.g. for the browser test).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { buildPackage, linkDev, PROJECT_ROOT } from './install-package.mjs';
import { descendants, procInfo, processName } from './processes.mjs';
import { cacheDir, ensureN8n, run } from './n8n-runtime.mjs';
import { createN8n, importCredentials, importWorkflows, startN8n } from './n8n/process.mjs';
import { ensureOwner } from './n8n/rest.mjs';
import {
	DEMO_CREDENTIAL_ID,
	DEMO_CREDENTIAL_NAME,
	DEMO_LOGIN_CREDENTIAL_ID,
	DEMO_LOGIN_CREDENTIAL_NAME,
	loadExamples,
} from './examples.mjs';

const OWNER = {
	email: 'demo@example.com',
	password: 'Demo-password-1',
	firstName: 'Demo',
	lastName: 'Owner',
};
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT || 4010);
const N8N_PORT = Number(process.env.N8N_PORT || 5678);
const WATCH = process.env.DEMO_WATCH !== '0';
const VERBOSE = process.env.DEMO_VERBOSE === '1';
/** The sandbox's profile for the demo: both route families, so the API key and the login both work everywhere. */
const SANDBOX_PROFILE = 'demo';
/**
 * n8n's time zone: a Schedule Time typed in the editor is read in it. The machine's, not n8n's default (New York).
 */
const TIME_ZONE =
	process.env.GENERIC_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

// `npm start` runs this script after scripts/with-node24.sh, which may first install Node 24 and the dependencies: it
// notes when it began, so that "ready in" counts from the command the user typed.
const started = Number(process.env.SMS_PLATFORM_STARTED_MS) || Date.now();
delete process.env.SMS_PLATFORM_STARTED_MS;
// 4 s: with the half second the demo may take to notice that npm has gone (stopWithParent), its ports are free within
// 5 s even when n8n's own stop is slow (n8n held its port 3.6 s after a SIGHUP to npm in a cold CI run, 2026-12-06).
const STOP_GRACE_MS = 1000 * (Number(process.env.DEMO_STOP_GRACE_SECONDS) || 4);
/** @type {Array<{ name: string, child: import('node:child_process').ChildProcess }>} */
const children = [];
let stopping = false;
/** Thrown by `going()` once a stop began: the start goes no further (shutdown() ends the processes). */
const STOPPED = new Error('the demo is stopping');

/** @param {string} message */
function say(message) {
	process.stderr.write(`[demo] ${message}\n`);
}

/** Between the steps of the start: stop there when a stop began meanwhile. */
function going() {
	if (stopping) throw STOPPED;
}

function seconds() {
	return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portInUse(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ port, host: '127.0.0.1' });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/**
 * Newest modification time (ms) of the files below `dir`.
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
	let newest = 0;
	if (!existsSync(dir)) return 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
		else newest = Math.max(newest, statSync(full).mtimeMs);
	}
	return newest;
}

function buildIsStale() {
	const dist = path.join(PROJECT_ROOT, 'dist');
	if (!existsSync(path.join(dist, 'nodes')) || !existsSync(path.join(dist, 'credentials')))
		return true;
	const sources = Math.max(
		newestMtime(path.join(PROJECT_ROOT, 'nodes')),
		newestMtime(path.join(PROJECT_ROOT, 'credentials')),
		statSync(path.join(PROJECT_ROOT, 'package.json')).mtimeMs,
	);
	return sources > newestMtime(dist);
}

/**
 * Starts the sandbox CLI as a child; resolves its URL from the `SANDBOX_READY <url>` line.
 * @param {number} port
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess }>}
 */
function startSandbox(port) {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				path.join(PROJECT_ROOT, 'sandbox', 'cli.mjs'),
				'--port',
				String(port),
				'--profile',
				SANDBOX_PROFILE,
				// As the real server: the login's own routes refuse an API key (the reference's take either).
				'--login-routes-need-login',
			],
			{
				cwd: PROJECT_ROOT,
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		children.push({ name: 'sandbox', child });
		let buffer = '';
		let ready = false;
		child.stdout.on('data', (chunk) => {
			if (ready) {
				if (VERBOSE) process.stderr.write(`[sandbox] ${chunk}`);
				return;
			}
			buffer += chunk;
			const match = /SANDBOX_READY (\S+)/.exec(buffer);
			if (match) {
				ready = true;
				resolve({ url: match[1].replace(/\/+$/, ''), child });
			}
		});
		child.stderr.on('data', (chunk) => process.stderr.write(`[sandbox] ${chunk}`));
		child.on('exit', (code, signal) => {
			if (!ready)
				reject(
					new Error(
						`the sandbox exited (${signal ?? `exit ${code}`}) before it was ready:\n${buffer}`,
					),
				);
			else if (!stopping) {
				say(`the sandbox stopped unexpectedly (${signal ?? `exit ${code}`}); stopping`);
				shutdown(1);
			}
		});
	});
}

/** @param {string} logFile */
function startTscWatch(logFile) {
	const tsconfig = path.join(PROJECT_ROOT, 'tsconfig.json');
	if (!existsSync(tsconfig)) {
		say('no tsconfig.json: not watching sources');
		return;
	}
	const tsc = path.join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
	const child = spawn(process.execPath, [tsc, '--watch', '--preserveWatchOutput', '-p', tsconfig], {
		cwd: PROJECT_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	children.push({ name: 'tsc --watch', child });
	/** @type {string[]} */
	const out = [];
	const onData = (/** @type {Buffer} */ chunk) => {
		const text = chunk.toString();
		writeFileSync(logFile, text, { flag: 'a' });
		for (const line of text.split('\n')) {
			// Report each compile round's result: "Found N errors. Watching for file changes."
			if (/Found \d+ errors?\./.test(line))
				say(`tsc --watch: ${line.replace(/^.*?(Found)/, '$1').trim()}`);
			else if (/error TS\d+/.test(line)) out.push(line);
		}
		for (const line of out.splice(0)) say(`tsc: ${line.trim()}`);
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
}

/**
 * Stops every process the demo started and waits for them: SIGTERM to its own children (n8n stops its task runner),
 * SIGKILL to whatever is still running after the grace period (n8n ignores SIGTERM near the end of its start-up).
 * Processes that appear meanwhile (a step of the start that was under way) are stopped too.
 * @param {number} [code]
 */
async function shutdown(code = 0) {
	if (stopping) return;
	stopping = true;
	say('stopping…');
	/** @type {Map<number, { name: string, start: string }>} */
	const seen = new Map();
	const signalled = new Set();
	const killed = [];
	const withProc = existsSync('/proc/self/stat');
	const alive = (/** @type {number} */ pid) => {
		const info = procInfo(pid);
		// The same process (not a new one with its pid), not yet reaped.
		if (info) return info.start === seen.get(pid)?.start && !info.zombie;
		if (withProc) return false;
		// No /proc: ask the system.
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	};
	const stopAt = Date.now() + STOP_GRACE_MS;
	let killing = false;
	while (true) {
		for (const [pid, info] of descendants(process.pid)) {
			if (!seen.has(pid)) seen.set(pid, { name: processName(info.cmd), start: info.start });
		}
		for (const { name, child } of children) {
			if (child.pid && !seen.has(child.pid) && child.exitCode === null && child.signalCode === null)
				seen.set(child.pid, { name, start: procInfo(child.pid)?.start ?? '' });
		}
		const running = [...seen.keys()].filter(alive);
		if (!running.length) break;
		for (const pid of running) {
			const own = procInfo(pid)?.ppid === process.pid || children.some((c) => c.child.pid === pid);
			if (killing) {
				if (!signalled.has(`kill ${pid}`)) {
					signalled.add(`kill ${pid}`);
					killed.push(`${seen.get(pid)?.name} (pid ${pid})`);
					try {
						process.kill(pid, 'SIGKILL');
					} catch {
						// gone meanwhile
					}
				}
			} else if (own && !signalled.has(pid)) {
				signalled.add(pid);
				try {
					process.kill(pid, 'SIGTERM');
				} catch {
					// gone meanwhile
				}
			}
		}
		if (!killing && Date.now() > stopAt) {
			killing = true;
			continue;
		}
		await sleep(100);
	}
	if (killed.length)
		say(`still running after ${STOP_GRACE_MS / 1000} s, had to be killed: ${killed.join(', ')}`);
	// The system frees a port as the last thread of its process ends: allow it a moment.
	let busy = [];
	for (let attempt = 0; attempt < 20; attempt++) {
		busy = [];
		for (const port of [N8N_PORT, SANDBOX_PORT]) if (await portInUse(port)) busy.push(port);
		if (!busy.length) break;
		await sleep(100);
	}
	if (busy.length)
		say(`port ${busy.join(' and ')} still in use, by a process the demo did not start`);
	say(`stopped (${[...seen.values()].length} processes ended)`);
	process.exit(code);
}

const FRESH = process.argv.includes('--fresh');
const RESET = process.argv.includes('--reset') || process.env.DEMO_FRESH === '1';

/**
 * Stops the demo when the process that started it goes away. `npm start` runs this script through `sh -c` and
 * scripts/with-node24.sh: a SIGTERM to npm (a supervisor, an IDE's stop button, `kill $!`) ends npm and the shell
 * but never reaches this process, which the system then re-parents. Without this, n8n and the sandbox would keep
 * running and holding their ports.
 */
function stopWithParent() {
	const parent = process.ppid;
	const timer = setInterval(() => {
		if (process.ppid === parent) return;
		clearInterval(timer);
		say('the process that started the demo has gone away');
		shutdown(0);
	}, 500);
	timer.unref();
}

async function main() {
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutdown(0));
	stopWithParent();

	const userFolder = process.env.DEMO_USER_FOLDER || path.join(cacheDir(), 'demo');
	if (RESET) rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });

	if (await portInUse(N8N_PORT))
		throw new Error(`port ${N8N_PORT} is in use (another n8n or demo?): set N8N_PORT`);
	if (await portInUse(SANDBOX_PORT))
		throw new Error(`port ${SANDBOX_PORT} is in use: set SANDBOX_PORT`);

	// n8n's install needs only Node, so the project's dependencies (`npm ci` when node_modules is missing or older than
	// package-lock.json) install beside it: on a new machine these are the two long parts of the first start.
	// `npm start` runs this script with SKIP_DEPS=1 (package.json) for that.
	const [n8nPaths] = await Promise.all([
		ensureN8n(),
		run('bash', [path.join(PROJECT_ROOT, 'scripts', 'with-node24.sh'), 'true'], {
			cwd: PROJECT_ROOT,
			env: { ...process.env, SKIP_DEPS: '' },
		}),
	]);
	going();

	// The build's spinner draws with escape codes: on a terminal only, not into a log.
	if (buildIsStale()) await buildPackage({ quiet: !process.stderr.isTTY });
	else say('dist/ is up to date: not rebuilding');
	going();
	linkDev({ userFolder });
	if (WATCH) startTscWatch(path.join(userFolder, 'tsc-watch.log'));

	const listening = await startSandbox(SANDBOX_PORT);
	going();
	// One address form everywhere (the README, the credential, this output): localhost, which reaches the sandbox's
	// 127.0.0.1 too.
	const sandbox = { ...listening, url: listening.url.replace('//127.0.0.1:', '//localhost:') };
	say(`sandbox ready at ${sandbox.url} (${seconds()})`);

	const n8n = createN8n({
		bin: n8nPaths.bin,
		userFolder,
		port: N8N_PORT,
		env: { GENERIC_TIMEZONE: TIME_ZONE },
	});

	// Credentials and workflows: imported again only when they changed (each import is an n8n process start).
	const { SANDBOX_API_KEY, SANDBOX_EMAIL, SANDBOX_PASSWORD } = await import(
		path.join(PROJECT_ROOT, 'sandbox', 'server.mjs')
	);
	const credentials = [
		{
			id: DEMO_CREDENTIAL_ID,
			name: DEMO_CREDENTIAL_NAME,
			type: 'smsPlatformApi',
			data: { baseUrl: sandbox.url, authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
		},
		{
			id: DEMO_LOGIN_CREDENTIAL_ID,
			name: DEMO_LOGIN_CREDENTIAL_NAME,
			type: 'smsPlatformApi',
			data: {
				baseUrl: sandbox.url,
				authMethod: 'jwt',
				email: SANDBOX_EMAIL,
				password: SANDBOX_PASSWORD,
			},
		},
	];
	const examples = loadExamples();
	const fingerprint = createHash('sha256')
		.update(JSON.stringify({ credentials, examples }))
		.digest('hex');
	const stampFile = path.join(userFolder, 'demo-import.sha256');
	const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
	if (stamp !== fingerprint || FRESH) {
		say(
			`importing the credentials "${DEMO_CREDENTIAL_NAME}" and "${DEMO_LOGIN_CREDENTIAL_NAME}" and ${examples.length} example workflows`,
		);
		await importCredentials(n8n, credentials);
		going();
		await importWorkflows(n8n, examples);
		going();
		writeFileSync(stampFile, `${fingerprint}\n`);
	} else {
		say(
			'the demo credentials and example workflows are already in n8n: not importing them again (your edits are kept; `npm start -- --fresh` restores the originals)',
		);
	}

	const logFile = path.join(userFolder, 'n8n.log');
	say(`starting n8n ${n8nPaths.version} (log: ${logFile})`);
	const server = await startN8n(n8n, { devReload: true, logFile, echo: VERBOSE });
	children.push({ name: 'n8n', child: server.child });
	going();
	server.child.on('exit', (code, signal) => {
		if (!stopping) {
			say(`n8n stopped unexpectedly (${signal ?? `exit ${code}`}); see ${logFile}`);
			shutdown(1);
		}
	});
	const owner = await ensureOwner(server.url, OWNER);
	going();

	const lines = [
		'',
		`  n8n          ${server.url}   (ready in ${seconds()})`,
		`               log in as ${OWNER.email} / ${OWNER.password}${owner.created ? '   (owner just created)' : ''}`,
		`  sandbox      ${sandbox.url}   (admin: ${sandbox.url}/__sandbox/state)`,
		'               starts from its seed each time: what you sent, paid or added is gone; n8n keeps its data',
		`  time zone    ${TIME_ZONE}   (n8n's, from this machine: a Schedule Time is read in it)`,
		`  credentials  "${DEMO_CREDENTIAL_NAME}": API key ${SANDBOX_API_KEY} (Authorization: Bearer)`,
		`               "${DEMO_LOGIN_CREDENTIAL_NAME}": Email and Password, ${SANDBOX_EMAIL} / ${SANDBOX_PASSWORD}`,
		'  workflows    ' +
			examples
				.map((workflow) => `${workflow.name}\n               ${server.url}/workflow/${workflow.id}`)
				.join('\n               '),
		'',
		`  ${WATCH ? 'Source edits rebuild (tsc --watch) and n8n reloads the nodes; refresh the editor.' : 'Run `npm run build` after edits; n8n reloads the nodes.'}`,
		'  Ctrl-C stops n8n and the sandbox. `npm start -- --fresh` restores the examples next time.',
		'',
	];
	process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
	// A stop under way ends the processes and exits by itself.
	if (stopping) return;
	// A failed build's output may carry its spinner's escape codes.
	say(`failed: ${String(error.stack ?? error).replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')}`);
	shutdown(1);
});

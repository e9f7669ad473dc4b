// Redis and PostgreSQL for n8n's queue mode, as throwaway processes: each in its own temp folder, on a free port,
// listening on 127.0.0.1 only, stopped (and the folder removed) by stop(). No system service is used or started.
// Missing servers are installed from Debian's packages (root only; CI runs as root), as e2e/editor/ brings chromium.
//
//   await ensureQueueServers();                 // apt-get install -y redis-server postgresql, when absent
//   const redis = await startRedis();           // redis.port, redis.stop()
//   const postgres = await startPostgres();     // postgres.port, .database, .user, .password, .stop()
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { freePort } from './n8n/process.mjs';

const REDIS_SERVER = '/usr/bin/redis-server';
const POSTGRES_ROOT = '/usr/lib/postgresql';

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} message */
function log(message) {
	process.stderr.write(`[queue-services] ${message}\n`);
}

/** The bin folder of the newest PostgreSQL Debian installed (e.g. /usr/lib/postgresql/15/bin), or undefined. */
export function postgresBin() {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const versions = readdirSync(POSTGRES_ROOT)
		.filter(
			(name) => /^\d+$/.test(name) && existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'postgres')),
		)
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

/** The Debian packages of queue mode's servers that are not installed (redis-server, postgresql). */
export function missingQueuePackages() {
	const missing = [];
	if (!existsSync(REDIS_SERVER)) missing.push('redis-server');
	if (!postgresBin()) missing.push('postgresql');
	return missing;
}

/**
 * Installs redis-server and postgresql from Debian's packages when they are missing. Returns how long the install
 * took in ms (0 when nothing was missing).
 */
export function ensureQueueServers() {
	const missing = missingQueuePackages();
	if (missing.length === 0) return 0;
	if (process.getuid?.() !== 0) {
		throw new Error(
			`queue mode needs ${missing.join(' and ')}: install them (apt-get install -y ${missing.join(' ')}) or run as root`,
		);
	}
	const started = Date.now();
	log(`installing ${missing.join(' and ')} with apt-get (first run only)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
	execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
	const ms = Date.now() - started;
	log(`installed in ${(ms / 1000).toFixed(1)} s`);
	return ms;
}

/**
 * @typedef {object} ServerHandle
 * @property {number} port
 * @property {string} dir its temp folder (data and log)
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} logs
 * @property {() => Promise<void>} stop SIGTERM (SIGKILL after 15 s), then the folder is removed
 */

/**
 * Spawns a server process and keeps the end of its output.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {string} dir
 * @param {number} port
 * @param {{ uid?: number, gid?: number }} [ids]
 * @returns {ServerHandle & { exited: () => boolean }}
 */
function spawnServer(name, command, args, dir, port, ids = {}) {
	const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir, ...ids });
	let output = '';
	const onData = (/** @type {Buffer} */ chunk) => (output = (output + chunk).slice(-50_000));
	child.stdout?.on('data', onData);
	child.stderr?.on('data', onData);
	let done = false;
	const exit = new Promise((resolve) => child.on('exit', () => resolve((done = true))));
	child.on('error', (error) => {
		output += `\n${error.message}`;
		done = true;
	});
	return {
		port,
		dir,
		child,
		logs: () => output,
		exited: () => done,
		async stop() {
			if (!done) {
				child.kill('SIGTERM');
				const timer = setTimeout(() => !done && child.kill('SIGKILL'), 15_000);
				await exit;
				clearTimeout(timer);
			}
			rmSync(dir, { recursive: true, force: true });
			log(`${name} stopped`);
		},
	};
}

/**
 * Sends one line to 127.0.0.1:port and resolves the first chunk of the answer ('' on any error).
 * @param {number} port
 * @param {string} line
 */
function ask(port, line) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.setTimeout(1000);
		socket.on('connect', () => socket.write(`${line}\r\n`));
		socket.on('data', (data) => {
			resolve(String(data));
			socket.destroy();
		});
		socket.on('timeout', () => socket.destroy());
		socket.on('error', () => resolve(''));
		socket.on('close', () => resolve(''));
	});
}

/**
 * Waits until `ready()` or the server exits; throws with its output on time-out or exit.
 * @param {string} name
 * @param {ServerHandle & { exited: () => boolean }} server
 * @param {() => Promise<boolean>} ready
 * @param {number} timeoutMs
 */
async function waitReady(name, server, ready, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	while (!(await ready())) {
		if (server.exited() || Date.now() > deadline) {
			const output = server.logs();
			await server.stop();
			throw new Error(
				`${name} did not start:\n${output.trimEnd().split('\n').slice(-30).join('\n')}`,
			);
		}
		await sleep(100);
	}
}

/**
 * Starts redis-server on a free loopback port in a temp folder. `persistence: false` (the default) turns off
 * snapshots and the append-only file: the test needs neither.
 * @param {{ persistence?: boolean }} [options]
 * @returns {Promise<ServerHandle>}
 */
export async function startRedis({ persistence = false } = {}) {
	const port = await freePort();
	const dir = mkdtempSync(path.join(os.tmpdir(), 'sms-platform-redis-'));
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--daemonize', 'no'];
	args.push(...(persistence ? ['--appendonly', 'yes'] : ['--save', '', '--appendonly', 'no']));
	const server = spawnServer('redis', REDIS_SERVER, args, dir, port);
	await waitReady(
		'redis-server',
		server,
		async () => (await ask(port, 'PING')).startsWith('+PONG'),
		20_000,
	);
	log(`redis on 127.0.0.1:${port}`);
	return server;
}

/**
 * The user PostgreSQL runs as: it refuses to run as root, so root runs it as Debian's `postgres` user.
 * @returns {{ uid?: number, gid?: number }}
 */
function postgresIds() {
	if (process.getuid?.() !== 0) return {};
	const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
	const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
	return { uid, gid };
}

/**
 * Starts a fresh PostgreSQL cluster (initdb, trust authentication for its one user `n8n`) on a free loopback port in
 * a temp folder; its socket lives in that folder too. fsync is off: the data is thrown away.
 * @returns {Promise<ServerHandle & { database: string, user: string, password: string }>}
 */
export async function startPostgres() {
	const bin = postgresBin();
	if (!bin) throw new Error('PostgreSQL is not installed (ensureQueueServers() installs it)');
	const ids = postgresIds();
	const port = await freePort();
	const dir = mkdtempSync(path.join(os.tmpdir(), 'sms-platform-postgres-'));
	if (ids.uid !== undefined && ids.gid !== undefined) chownSync(dir, ids.uid, ids.gid);
	const data = path.join(dir, 'data');
	const user = 'n8n';
	execFileSync(
		path.join(bin, 'initdb'),
		['-D', data, '-U', user, '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
		{ stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...ids },
	);
	const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'];
	args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
	const server = spawnServer('postgres', path.join(bin, 'postgres'), args, dir, port, ids);
	const isReady = path.join(bin, 'pg_isready');
	await waitReady(
		'postgres',
		server,
		async () => {
			try {
				execFileSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-q'], { stdio: 'ignore' });
				return true;
			} catch {
				return false;
			}
		},
		60_000,
	);
	log(`postgres on 127.0.0.1:${port}`);
	return Object.assign(server, { database: 'postgres', user, password: 'n8n' });
}

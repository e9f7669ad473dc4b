// Installs the pinned n8n once into a cache folder and tells where it is.
//
//   import { ensureN8n } from './n8n-runtime.mjs';
//   const { bin, dir, version } = await ensureN8n();   // bin: path of n8n's bin script, run it with Node 24
//
// The install goes into a fresh temporary folder beside the final one; only after `npm install` succeeded and a
// smoke run of n8n worked is a marker written and the folder renamed into place, so an interrupted install is
// never taken for a good one. Later calls only read the marker (milliseconds). Progress goes to stderr.
//
// Also runnable: `node scripts/n8n-runtime.mjs` installs (if needed) and prints the bin path.
import { spawn } from 'node:child_process';
import {
	chmodSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { N8N_VERSION, installRecipe } from './n8n-version.mjs';

const MARKER = '.sms-platform-n8n-install.json';
/** Present when the system's SQLite can be built against (Debian's libsqlite3-dev). */
const SYSTEM_SQLITE_HEADER = '/usr/include/sqlite3.h';

/** The project's cache folder: $SMS_PLATFORM_CACHE, else $XDG_CACHE_HOME or ~/.cache, + n8n-nodes-sms-platform. */
export function cacheDir() {
	if (process.env.SMS_PLATFORM_CACHE) return path.resolve(process.env.SMS_PLATFORM_CACHE);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-sms-platform');
}

/** @param {string} message */
function log(message) {
	process.stderr.write(`[n8n-runtime] ${message}\n`);
}

function nodeMajor() {
	return Number(process.versions.node.split('.')[0]);
}

/**
 * Environment for npm: Node 24's headers for native builds (the user's ~/.npmrc may point nodedir elsewhere).
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function npmEnv(extra = {}) {
	/** @type {NodeJS.ProcessEnv} */
	const env = { ...process.env, ...extra };
	const nodeHome = path.dirname(path.dirname(process.execPath));
	if (existsSync(path.join(nodeHome, 'include', 'node', 'node.h')))
		env.npm_config_nodedir = nodeHome;
	// npm must run with the same Node as we do (the one from with-node24.sh).
	env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${env.PATH ?? ''}`;
	env.npm_config_yes = 'true';
	env.npm_config_fund = 'false';
	env.npm_config_audit = 'false';
	env.npm_config_update_notifier = 'false';
	return env;
}

/**
 * Runs a command, streaming its output to our stderr unless `quiet`; resolves { stdout } on exit 0, rejects with
 * the output's tail otherwise.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, quiet?: boolean }} [options]
 * @returns {Promise<{ stdout: string }>}
 */
export function run(command, args, { cwd, env, quiet = false } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let tail = '';
		let stdout = '';
		const onData = (/** @type {Buffer} */ chunk) => {
			tail = (tail + chunk.toString()).slice(-8000);
			if (!quiet) process.stderr.write(chunk);
		};
		child.stdout.on('data', (chunk) => {
			stdout += chunk;
			onData(chunk);
		});
		child.stderr.on('data', onData);
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (code === 0) resolve({ stdout });
			else
				reject(
					new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${tail}`),
				);
		});
	});
}

/** @param {string} version */
function wanted(version) {
	return { version, ...installRecipe(version) };
}

/**
 * @param {string} dir
 * @returns {{ version?: string, overrides?: unknown, rebuild?: string[] } | undefined}
 */
function readMarker(dir) {
	try {
		return JSON.parse(readFileSync(path.join(dir, MARKER), 'utf8'));
	} catch {
		return undefined;
	}
}

/**
 * @param {string} dir
 * @param {string} version
 */
function markerMatches(dir, version) {
	const marker = readMarker(dir);
	if (!marker) return false;
	const want = wanted(version);
	return (
		marker.version === want.version &&
		JSON.stringify(marker.overrides) === JSON.stringify(want.overrides) &&
		JSON.stringify(marker.rebuild ?? []) === JSON.stringify(want.rebuild)
	);
}

/**
 * @param {string} dir
 * @param {string} version
 */
function pathsFor(dir, version) {
	return {
		version,
		dir,
		bin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		nodeModules: path.join(dir, 'node_modules'),
	};
}

/**
 * Whether this n8n version is installed in the cache already (ensureN8n would return at once).
 * @param {string} version
 */
export function isN8nInstalled(version) {
	const dir = path.join(cacheDir(), `n8n-${version}`);
	return markerMatches(dir, version) && existsSync(pathsFor(dir, version).bin);
}

/**
 * Ensures the pinned n8n is installed; returns { version, dir, bin, nodeModules }.
 * Run `bin` with `process.execPath` (Node 24): `spawn(process.execPath, [bin, 'start'])`.
 * @param {{ version?: string }} [options]
 * @returns {Promise<{ version: string, dir: string, bin: string, nodeModules: string }>}
 */
export async function ensureN8n({ version = N8N_VERSION } = {}) {
	if (nodeMajor() < 24) {
		throw new Error(
			`n8n ${version} needs Node 24; this is Node ${process.versions.node}. Run through scripts/with-node24.sh`,
		);
	}
	const root = cacheDir();
	const dir = path.join(root, `n8n-${version}`);
	if (markerMatches(dir, version) && existsSync(pathsFor(dir, version).bin))
		return pathsFor(dir, version);

	mkdirSync(root, { recursive: true });
	const tmp = mkdtempSync(path.join(root, `.n8n-${version}.installing-`));
	chmodSync(tmp, 0o755);
	const started = Date.now();
	log(`installing n8n ${version} into ${dir} (first run only; a few minutes)`);
	const recipe = installRecipe(version);
	// Its SQLite driver builds meanwhile (sharedSqlite below), while the registry keeps npm waiting.
	const sqlite =
		recipe.ignoreScripts && recipe.rebuild.includes('sqlite3') ? sharedSqlite(version) : undefined;
	try {
		const manifest = {
			name: 'sms-platform-n8n-runtime',
			private: true,
			description: `n8n ${version} for the SMS Platform demo and end-to-end tests`,
			dependencies: { n8n: version },
			overrides: recipe.overrides,
		};
		writeFileSync(path.join(tmp, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
		// yes=true: a dependency's `npx only-allow pnpm` preinstall otherwise fails when ~/.npmrc says yes=false.
		writeFileSync(
			path.join(tmp, '.npmrc'),
			'yes=true\nfund=false\naudit=false\nupdate-notifier=false\n',
		);
		// `npm install`, not `npm ci`: a lockfile would expect optional platform packages this registry lacks.
		const flags = recipe.ignoreScripts ? ['--ignore-scripts'] : [];
		await run('npm', ['install', ...flags, '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: tmp,
			env: npmEnv(),
		});
		const rebuild = copySqlite(await sqlite, tmp)
			? recipe.rebuild.filter((name) => name !== 'sqlite3')
			: recipe.rebuild;
		if (rebuild.length > 0)
			await run('npm', ['rebuild', ...rebuild, '--loglevel=error'], {
				cwd: tmp,
				env: npmEnv(),
			});
		const tmpPaths = pathsFor(tmp, version);
		if (!existsSync(tmpPaths.bin))
			throw new Error(`npm install finished but ${tmpPaths.bin} is missing`);
		log(
			`npm install done in ${Math.round((Date.now() - started) / 1000)} s; checking that n8n starts`,
		);
		await smokeTest(tmpPaths);
		writeFileSync(
			path.join(tmp, MARKER),
			`${JSON.stringify({ ...wanted(version), installedAt: new Date().toISOString(), node: process.version }, null, 2)}\n`,
		);
		// Another process may have finished the same install meanwhile: keep whichever is good.
		if (markerMatches(dir, version)) {
			rmSync(tmp, { recursive: true, force: true });
		} else {
			if (existsSync(dir)) {
				const trash = `${dir}.old-${process.pid}-${Date.now()}`;
				renameSync(dir, trash);
				rmSync(trash, { recursive: true, force: true });
			}
			renameSync(tmp, dir);
		}
	} catch (error) {
		rmSync(tmp, { recursive: true, force: true });
		throw error;
	}
	log(`n8n ${version} ready in ${Math.round((Date.now() - started) / 1000)} s`);
	return pathsFor(dir, version);
}

/**
 * n8n's SQLite driver, sqlite3, compiles from source here (no prebuilt binary can be downloaded): with SQLite's own
 * source, about 3 minutes of one core, the longest step of an install. Where the system has SQLite's headers
 * (Debian's libsqlite3-dev), it links to the system's SQLite instead and compiles only its binding: 25 CPU-seconds
 * (2026-11-29; n8n 2.41.1 and 1.123.81 migrate and run on Debian 12's SQLite 3.40.1). It is built once per sqlite3
 * version into the cache folder, while n8n's packages download, and each n8n that pins that version copies it
 * (2.41.1 and 1.123.81 both pin 5.1.7). It is an N-API addon: one build serves any Node 24. Of two installs at once,
 * one builds and the other waits for it.
 * Resolves { version, file } of the build, or undefined when there is none (the install then compiles its own).
 * @param {string} n8nVersion
 * @returns {Promise<{ version: string, file: string } | undefined>}
 */
async function sharedSqlite(n8nVersion) {
	try {
		const { stdout } = await run('npm', ['view', `n8n@${n8nVersion}`, 'dependencies.sqlite3'], {
			env: npmEnv(),
			quiet: true,
		});
		const version = stdout.trim();
		// Only an exact pin names the version npm will install.
		if (!/^\d+\.\d+\.\d+$/.test(version)) return undefined;
		const systemSqlite = existsSync(SYSTEM_SQLITE_HEADER);
		const name = `sqlite3-${version}${systemSqlite ? '-system' : ''}`;
		const file = path.join(cacheDir(), name, 'node_sqlite3.node');
		const lock = path.join(cacheDir(), `${name}.lock`);
		const deadline = Date.now() + 20 * 60_000;
		while (!existsSync(file) && Date.now() < deadline) {
			try {
				mkdirSync(lock); // only one process makes it: that one builds
			} catch {
				// Another one builds it. Should that process be gone, its lock goes too.
				const owner = Number(readMaybe(path.join(lock, 'pid')) ?? 0);
				if (owner && !isAlive(owner)) rmSync(lock, { recursive: true, force: true });
				await new Promise((resolve) => setTimeout(resolve, 2000));
				continue;
			}
			try {
				writeFileSync(path.join(lock, 'pid'), String(process.pid));
				await buildSqlite(version, path.dirname(file), systemSqlite);
			} finally {
				rmSync(lock, { recursive: true, force: true });
			}
		}
		return existsSync(file) ? { version, file } : undefined;
	} catch (error) {
		log(`the shared sqlite3 build failed; this install compiles its own: ${error}`);
		return undefined;
	}
}

/**
 * Compiles sqlite3 `version` alone in a temporary folder and keeps its addon in `dir`: linked to the system's SQLite
 * (`--sqlite=/usr`, sqlite3's own build option) when `systemSqlite`, else with the SQLite source it ships.
 * @param {string} version
 * @param {string} dir
 * @param {boolean} systemSqlite
 */
async function buildSqlite(version, dir, systemSqlite) {
	const started = Date.now();
	const tmp = mkdtempSync(path.join(cacheDir(), `.sqlite3-${version}.building-`));
	try {
		writeFileSync(
			path.join(tmp, 'package.json'),
			JSON.stringify({
				name: 'sms-platform-sqlite3',
				private: true,
				dependencies: { sqlite3: version },
			}),
		);
		const options = { cwd: tmp, env: npmEnv(), quiet: true };
		await run(
			'npm',
			['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
			options,
		);
		await run(
			'npm',
			['rebuild', 'sqlite3', ...(systemSqlite ? ['--sqlite=/usr'] : []), '--loglevel=error'],
			options,
		);
		const built = path.join(
			tmp,
			'node_modules',
			'sqlite3',
			'build',
			'Release',
			'node_sqlite3.node',
		);
		const next = `${dir}.new-${process.pid}`;
		mkdirSync(next, { recursive: true });
		copyFileSync(built, path.join(next, 'node_sqlite3.node'));
		rmSync(dir, { recursive: true, force: true });
		renameSync(next, dir);
		log(
			`sqlite3 ${version} built${systemSqlite ? " against the system's SQLite" : ''} in ${Math.round((Date.now() - started) / 1000)} s`,
		);
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
}

/**
 * Puts the shared sqlite3 build into an install whose sqlite3 is that version. Returns whether it did.
 * @param {{ version: string, file: string } | undefined} build
 * @param {string} installDir
 */
function copySqlite(build, installDir) {
	const sqlite = path.join(installDir, 'node_modules', 'sqlite3');
	const manifest = readMaybe(path.join(sqlite, 'package.json'));
	if (!build || !manifest || JSON.parse(manifest).version !== build.version) return false;
	mkdirSync(path.join(sqlite, 'build', 'Release'), { recursive: true });
	copyFileSync(build.file, path.join(sqlite, 'build', 'Release', 'node_sqlite3.node'));
	log(`sqlite3 ${build.version}: the shared build copied in`);
	return true;
}

/** @param {string} file */
function readMaybe(file) {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
}

/** @param {number} pid */
function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/**
 * Whether this n8n accepts polling triggers that poll more often than once a minute. n8n 2.41 refuses to activate
 * them ("The polling interval is too short. It has to be at least a minute."); older ones accept them. Found by
 * looking for that check in the installed n8n-core, so no version list has to be kept.
 * @param {{ nodeModules: string }} paths
 */
export function allowsSubMinutePolls({ nodeModules }) {
	/** @param {string} dir @returns {boolean} */
	const refuses = (dir) =>
		readdirSync(dir, { withFileTypes: true }).some((entry) => {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) return refuses(full);
			return (
				entry.name.endsWith('.js') &&
				readFileSync(full, 'utf8').includes('The polling interval is too short')
			);
		});
	return !refuses(path.join(nodeModules, 'n8n-core', 'dist'));
}

/**
 * Runs a cheap n8n command that loads its modules and opens a database, in a throw-away user folder.
 * @param {{ bin: string }} paths
 */
async function smokeTest({ bin }) {
	const userFolder = mkdtempSync(path.join(os.tmpdir(), 'n8n-smoke-'));
	try {
		await run(process.execPath, [bin, 'list:workflow'], {
			quiet: true,
			env: {
				...process.env,
				N8N_USER_FOLDER: userFolder,
				N8N_ENCRYPTION_KEY: 'smoke-test',
				DB_TYPE: 'sqlite',
				N8N_DIAGNOSTICS_ENABLED: 'false',
				N8N_RUNNERS_BROKER_PORT: '5799',
			},
		});
	} finally {
		rmSync(userFolder, { recursive: true, force: true });
	}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
	const started = Date.now();
	ensureN8n()
		.then((paths) => {
			log(`ok in ${((Date.now() - started) / 1000).toFixed(2)} s`);
			process.stdout.write(`${paths.bin}\n`);
		})
		.catch((error) => {
			log(error.stack ?? String(error));
			process.exit(1);
		});
}

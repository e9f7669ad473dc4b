// Puts this package into an n8n user folder, either as a real install or as a live link for development.
//
//   buildPackage()                        `npm run build` (n8n-node build) → dist/
//   packPackage({ destination })          `npm pack` → { tarball, files }; fails unless the tarball holds only
//                                          dist/, package.json, README.md, LICENSE and every dist file package.json
//                                          names under "n8n"
//   installTarball({ userFolder, tarball }) as n8n installs community packages: `npm install --legacy-peer-deps
//                                          <tarball>` in <userFolder>/.n8n/nodes, so n8n-workflow (a peer) is not
//                                          installed there and resolves from n8n's own installation
//   linkDev({ userFolder })               symlinks the project into <userFolder>/.n8n/nodes/node_modules/<name>, so
//                                          n8n started with N8N_DEV_RELOAD=true picks up rebuilds of dist/
//
//   packForTests({ folder })              once per test run (scripts/test.mjs): packs into <folder> and installs the
//                                          tarball into <folder>/installed, for every test's n8n to copy
//   testPackage({ timed })                 the pack a test installs: the test run's (PACKED_ENV) or, for a test run by
//                                          hand, built and packed now
//   installTestPackage({ userFolder, pack }) copies the test run's install, or installs the tarball
//
// Runnable: `node scripts/install-package.mjs [--dev] <n8n user folder>` (builds first unless --no-build), and
// `node scripts/install-package.mjs --for-tests <folder>` (packForTests, no build).
import {
	cpSync,
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readlinkSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { npmEnv, run } from './n8n-runtime.mjs';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PACKAGE_JSON = JSON.parse(
	readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'),
);
export const PACKAGE_NAME = PACKAGE_JSON.name;

/** @param {string} message */
function log(message) {
	process.stderr.write(`[install-package] ${message}\n`);
}

/**
 * `npm run build` in the project (n8n-node build: tsc + static files into dist/).
 * @param {{ quiet?: boolean }} [options]
 */
export async function buildPackage({ quiet = false } = {}) {
	const started = Date.now();
	log('building (npm run build)');
	const binPath = path.join(PROJECT_ROOT, 'node_modules', '.bin');
	const env = npmEnv();
	env.PATH = `${binPath}${path.delimiter}${env.PATH}`;
	await run('npm', ['run', 'build', '--silent'], { cwd: PROJECT_ROOT, env, quiet });
	log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
	for (const file of distEntries()) {
		if (!existsSync(path.join(PROJECT_ROOT, file))) {
			throw new Error(
				`the build did not produce ${file}, which package.json's "n8n" section names`,
			);
		}
	}
}

/**
 * The dist files package.json's "n8n" section names.
 * @returns {string[]}
 */
export function distEntries() {
	const n8n = PACKAGE_JSON.n8n ?? {};
	return [...(n8n.nodes ?? []), ...(n8n.credentials ?? [])];
}

const ALLOWED = [/^package\.json$/, /^README\.md$/i, /^LICEN[CS]E(\.md|\.txt)?$/i, /^dist\//];

/**
 * Checks a tarball's file list (paths relative to the package root). Returns { problems, warnings }: problems are
 * files that must not ship or required files that are missing; warnings are README/LICENSE missing.
 */
/** @param {string[]} files */
export function checkTarballFiles(files) {
	const problems = [];
	const warnings = [];
	const extra = files.filter((file) => !ALLOWED.some((pattern) => pattern.test(file)));
	if (extra.length)
		problems.push(`files outside dist/, package.json, README.md, LICENSE: ${extra.join(', ')}`);
	const tests = files.filter((file) => /(^|\/)(test|__tests__)\/|\.test\.|\.spec\./.test(file));
	if (tests.length) problems.push(`test files in the package: ${tests.join(', ')}`);
	for (const entry of distEntries()) {
		if (!files.includes(entry)) problems.push(`missing ${entry} (named in package.json "n8n")`);
	}
	if (!files.includes('package.json')) problems.push('missing package.json');
	if (!files.some((file) => /^README\.md$/i.test(file)))
		warnings.push('README.md is not in the package');
	if (!files.some((file) => /^LICEN[CS]E/i.test(file)))
		warnings.push('LICENSE is not in the package');
	return { problems, warnings };
}

/**
 * `npm pack` into `destination` (a new temp folder by default); verifies the contents.
 * @param {{ destination?: string }} [options]
 * @returns {Promise<{ tarball: string, files: string[], size: number, unpackedSize: number }>}
 */
export async function packPackage({ destination } = {}) {
	const dir = destination ?? mkdtempSync(path.join(os.tmpdir(), 'sms-platform-pack-'));
	mkdirSync(dir, { recursive: true });
	const { stdout } = await run(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
		{
			cwd: PROJECT_ROOT,
			env: npmEnv(),
			quiet: true,
		},
	);
	const json = stdout.slice(stdout.indexOf('['));
	const [info] = JSON.parse(json);
	const files = info.files.map((/** @type {{ path: string }} */ file) => file.path).sort();
	const tarball = path.join(dir, info.filename);
	const { problems, warnings } = checkTarballFiles(files);
	for (const warning of warnings) log(`WARNING: ${warning}`);
	if (problems.length) {
		throw new Error(
			`the packed tarball ${info.filename} is not publishable:\n  - ${problems.join('\n  - ')}`,
		);
	}
	log(`packed ${info.filename}: ${files.length} files, ${info.size} bytes`);
	return { tarball, files, size: info.size, unpackedSize: info.unpackedSize };
}

/** @param {string} userFolder */
function nodesDir(userFolder) {
	return path.join(userFolder, '.n8n', 'nodes');
}

/** @param {string} userFolder */
function ensureNodesFolder(userFolder) {
	const dir = nodesDir(userFolder);
	mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
	const manifest = path.join(dir, 'package.json');
	// The same file n8n writes before its first community package install.
	if (!existsSync(manifest)) {
		writeFileSync(
			manifest,
			`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`,
		);
	}
	return dir;
}

/** @param {string} target */
function removeExisting(target) {
	try {
		lstatSync(target);
	} catch {
		return;
	}
	rmSync(target, { recursive: true, force: true });
}

/**
 * Installs a packed tarball the way n8n installs a community package. Returns the installed package folder.
 * @param {{ userFolder: string, tarball: string }} options
 */
export async function installTarball({ userFolder, tarball }) {
	const dir = ensureNodesFolder(userFolder);
	const target = path.join(dir, 'node_modules', PACKAGE_NAME);
	// A dev link would make npm write through the symlink into the project: drop it first.
	if (existsSync(target) && lstatSync(target).isSymbolicLink()) rmSync(target);
	const started = Date.now();
	await run(
		'npm',
		['install', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error', tarball],
		{
			cwd: dir,
			env: npmEnv(),
			quiet: true,
		},
	);
	if (existsSync(path.join(target, 'node_modules', 'n8n-workflow'))) {
		throw new Error(
			'n8n-workflow was installed inside the package: it must come from n8n itself (peer dependency)',
		);
	}
	log(
		`installed ${path.basename(tarball)} into ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
	return target;
}

/**
 * The environment variable by which scripts/test.mjs tells the end-to-end, browser and queue tests where the package
 * it built and packed once lies (a folder made by packForTests), so that each test file does not build, pack and
 * install it again (about 14 s each). A test file run by hand, without it, builds and packs for itself.
 */
export const PACKED_ENV = 'SMS_PLATFORM_PACKED';

/**
 * @typedef {{ tarball: string, files: string[], size: number, unpackedSize: number, installed?: string }} TestPack
 *   `installed`: a user folder where the tarball is installed already (copied by installTestPackage)
 */

/**
 * Packs the (already built) package into `folder` and installs the tarball once into `folder`/installed; writes
 * `folder`/pack.json for testPackage().
 * @param {{ folder: string }} options
 */
export async function packForTests({ folder }) {
	const pack = await packPackage({ destination: folder });
	const installed = path.join(folder, 'installed');
	await installTarball({ userFolder: installed, tarball: pack.tarball });
	writeFileSync(
		path.join(folder, 'pack.json'),
		`${JSON.stringify({ ...pack, installed }, null, 2)}\n`,
	);
	return { ...pack, installed };
}

/**
 * The package a test installs: the one of the test run (PACKED_ENV) when set, else built and packed now into a new
 * temporary folder (removed by `cleanup()`). `timed` names and times each step, as the tests report them.
 * @param {{ timed?: <T>(name: string, fn: () => Promise<T>) => Promise<T> }} [options]
 * @returns {Promise<{ pack: TestPack, cleanup: () => void }>}
 */
export async function testPackage({ timed = (_name, fn) => fn() } = {}) {
	const shared = process.env[PACKED_ENV];
	if (shared) {
		const pack = JSON.parse(readFileSync(path.join(shared, 'pack.json'), 'utf8'));
		log(`using the package packed for this test run: ${pack.tarball}`);
		return { pack, cleanup: () => {} };
	}
	await timed('build package', () => buildPackage({ quiet: true }));
	const dir = mkdtempSync(path.join(os.tmpdir(), 'sms-platform-pack-'));
	const pack = await timed('pack package', () => packPackage({ destination: dir }));
	return { pack, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Puts a test's package into an n8n user folder: a copy of the test run's install when there is one (the same
 * files npm installed from the same tarball), else `npm install` of the tarball as n8n does it.
 * @param {{ userFolder: string, pack: TestPack }} options
 */
export async function installTestPackage({ userFolder, pack }) {
	if (!pack.installed) return await installTarball({ userFolder, tarball: pack.tarball });
	const dir = ensureNodesFolder(userFolder);
	cpSync(nodesDir(pack.installed), dir, { recursive: true });
	return path.join(dir, 'node_modules', PACKAGE_NAME);
}

/**
 * Links the project into the user folder (dev mode). Idempotent. Returns the link path.
 * @param {{ userFolder: string }} options
 */
export function linkDev({ userFolder }) {
	const dir = ensureNodesFolder(userFolder);
	const target = path.join(dir, 'node_modules', PACKAGE_NAME);
	let current;
	try {
		current = lstatSync(target).isSymbolicLink() ? readlinkSync(target) : undefined;
	} catch {
		current = undefined;
	}
	if (current !== PROJECT_ROOT) {
		removeExisting(target);
		symlinkSync(PROJECT_ROOT, target, 'dir');
		log(`linked ${target} -> ${PROJECT_ROOT}`);
	}
	return target;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
	const args = process.argv.slice(2);
	if (args[0] === '--for-tests' && args[1]) {
		packForTests({ folder: path.resolve(args[1]) }).catch((error) => {
			process.stderr.write(`${error.stack ?? error}\n`);
			process.exit(1);
		});
	} else {
		cli(args);
	}
}

/** @param {string[]} args */
function cli(args) {
	const dev = args.includes('--dev');
	const build = !args.includes('--no-build');
	const userFolder = args.find((arg) => !arg.startsWith('--'));
	if (!userFolder) {
		process.stderr.write(
			'usage: node scripts/install-package.mjs [--dev] [--no-build] <n8n user folder>\n' +
				'       node scripts/install-package.mjs --for-tests <folder>\n',
		);
		process.exit(2);
	}
	(async () => {
		if (build) await buildPackage();
		if (dev) linkDev({ userFolder: path.resolve(userFolder) });
		else {
			const { tarball } = await packPackage();
			try {
				await installTarball({ userFolder: path.resolve(userFolder), tarball });
			} finally {
				rmSync(path.dirname(tarball), { recursive: true, force: true });
			}
		}
	})().catch((error) => {
		process.stderr.write(`${error.stack ?? error}\n`);
		process.exit(1);
	});
}

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
// Runnable: `node scripts/install-package.mjs [--dev] <n8n user folder>` (builds first unless --no-build).
import {
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
	const dev = args.includes('--dev');
	const build = !args.includes('--no-build');
	const userFolder = args.find((arg) => !arg.startsWith('--'));
	if (!userFolder) {
		process.stderr.write(
			'usage: node scripts/install-package.mjs [--dev] [--no-build] <n8n user folder>\n',
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

#!/usr/bin/env node
// The whole test suite, as `npm test` and CI run it: build, lint (strict), type-check, unit and integration tests
// (jest), the sandbox's own tests and contract (node:test), and the end-to-end tests in a real n8n (node:test).
// Prints one closing line: "Summary: N passed, N failed" (and exits non-zero when anything failed).
//
//   node scripts/test.mjs                 everything
//   node scripts/test.mjs --skip-e2e      everything but the end-to-end tests
//   node scripts/test.mjs --skip-ui       everything but the browser test of the editor
//   node scripts/test.mjs --queue         everything, then queue mode (e2e/queue/: Redis, PostgreSQL, a main and two
//                                         workers; 4.5 to 5.5 minutes, so CI runs it (.ci/run) and `npm test` does not)
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PACKED_ENV } from './install-package.mjs';
import { cacheDir, isN8nInstalled } from './n8n-runtime.mjs';
import { N8N_FLOOR_VERSION, N8N_VERSION } from './n8n-version.mjs';
import { missingQueuePackages } from './queue-services.mjs';

const args = new Set(process.argv.slice(2));
const work = mkdtempSync(join(tmpdir(), 'sms-platform-test-'));
/** @type {Array<{name: string, code: number, seconds: string, passed: number, failed: number}>} */
const steps = [];
let passed = 0;
let failed = 0;

/**
 * A file of this run's work folder for the step `name` (a report, TAP output or log).
 * @param {string} name
 * @param {string} extension
 */
function workFile(name, extension) {
	return join(work, `${name.replace(/\W+/g, '-')}${extension}`);
}

/**
 * @param {string} command
 * @param {string[]} commandArgs
 * @returns {Promise<number>}
 */
function run(command, commandArgs, env = {}) {
	return new Promise((resolve) => {
		const child = spawn(command, commandArgs, {
			stdio: 'inherit',
			env: { ...process.env, ...env },
		});
		child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
	});
}

/**
 * @param {string} name
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {(code: number) => {passed: number, failed: number}} [count]
 * @param {Record<string, string>} [env] added to the environment of the command
 */
async function step(name, command, commandArgs, count, env = {}) {
	const started = Date.now();
	console.log(`\n=== ${name}: ${command} ${commandArgs.join(' ')}`);
	const code = await run(command, commandArgs, env);
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	// Build, lint, type-checks and the scanner are checks, not tests: they count only when they fail.
	const counts = count ? count(code) : { passed: 0, failed: code === 0 ? 0 : 1 };
	passed += counts.passed;
	failed += counts.failed;
	steps.push({ name, code, seconds, ...counts });
	return code;
}

/**
 * @param {string} file
 * @param {number} code
 */
function tapCounts(file, code) {
	if (!existsSync(file)) return { passed: 0, failed: 1 };
	const text = readFileSync(file, 'utf8');
	// Summed: a file of scripts/run-tests-in-order.mjs holds one TAP summary per test file.
	/** @param {string} name */
	const total = (name) =>
		[...text.matchAll(new RegExp(`^# ${name} (\\d+)`, 'gm'))].reduce(
			(sum, m) => sum + Number(m[1]),
			0,
		);
	const pass = total('pass');
	const fail = total('fail');
	const cancelled = total('cancelled');
	return {
		passed: pass,
		failed: fail + cancelled + (code !== 0 && fail + cancelled === 0 ? 1 : 0),
	};
}

/**
 * @param {string} name
 * @param {string} pattern
 * @param {string[]} [extra]
 * @param {Record<string, string>} [env]
 */
function nodeTest(name, pattern, extra = [], env = {}) {
	const tap = workFile(name, '.tap');
	return step(
		name,
		process.execPath,
		[
			'--test',
			...extra,
			'--test-reporter=spec',
			'--test-reporter-destination=stdout',
			'--test-reporter=tap',
			`--test-reporter-destination=${tap}`,
			pattern,
		],
		(code) => tapCounts(tap, code),
		env,
	);
}

/**
 * node:test files run in the order given, `concurrency` at once (scripts/run-tests-in-order.mjs), counted from TAP.
 * @param {string} name
 * @param {string[]} files
 * @param {number} concurrency
 * @param {Record<string, string>} [env]
 */
function nodeTestInOrder(name, files, concurrency, env = {}) {
	const tap = workFile(name, '.tap');
	return step(
		name,
		process.execPath,
		['scripts/run-tests-in-order.mjs', `--concurrency=${concurrency}`, `--tap=${tap}`, ...files],
		(code) => tapCounts(tap, code),
		env,
	);
}

/**
 * A jest run, counted from its JSON report.
 * @param {string} name
 * @param {string[]} jestArgs
 */
function jest(name, jestArgs) {
	const report = workFile(name, '.json');
	return step(name, 'jest', ['--json', `--outputFile=${report}`, ...jestArgs], (code) => {
		if (!existsSync(report)) return { passed: 0, failed: 1 };
		const result = JSON.parse(readFileSync(report, 'utf8'));
		const suiteErrors = result.numRuntimeErrorTestSuites ?? 0;
		return {
			passed: result.numPassedTests,
			failed:
				result.numFailedTests +
				suiteErrors +
				(code !== 0 && result.numFailedTests + suiteErrors === 0 ? 1 : 0),
		};
	});
}

/**
 * Runs an install in the background (a node script), its output into a log file. Resolves
 * { name, code, seconds, log }.
 * @param {string} name what it installs, e.g. "n8n 2.41.1"
 * @param {string[]} scriptArgs
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ name: string, code: number, seconds: string, log: string }>}
 */
function installInBackground(name, scriptArgs, env = {}) {
	const log = workFile(`install ${name}`, '.log');
	const fd = openSync(log, 'w');
	const started = Date.now();
	console.log(`\n=== installing ${name} in the background (log: ${log})`);
	const child = spawn(process.execPath, scriptArgs, {
		stdio: ['ignore', fd, fd],
		env: { ...process.env, ...env },
	});
	closeSync(fd);
	return new Promise((resolve) => {
		child.on('exit', (code, signal) =>
			resolve({
				name,
				code: code ?? (signal ? 1 : 0),
				seconds: ((Date.now() - started) / 1000).toFixed(1),
				log,
			}),
		);
	});
}

// Node's compile cache for every process of the run. The end-to-end tests start n8n for each import, `n8n execute` and
// activation; with the cache, one `n8n execute` took 5.4 CPU-seconds instead of 6.3 (2026-11-29).
process.env.NODE_COMPILE_CACHE ??= join(cacheDir(), 'node-compile-cache');

// The n8n versions this run starts, installed now when missing (a few minutes each on a new machine, up to ten when
// the registry is slow), both at once and beside the checks, jest and the sandbox's tests. The run waits for them
// before the tests that time themselves (TIMED below, then e2e), so those do not share the machine with an install.
const versions = [
	...(!args.has('--skip-e2e') || !args.has('--skip-ui') || args.has('--queue')
		? [N8N_VERSION]
		: []),
	...(!args.has('--skip-e2e') ? [N8N_FLOOR_VERSION] : []),
];
const installs = [...new Set(versions)]
	.filter((version) => !isN8nInstalled(version))
	.map((version) =>
		installInBackground(`n8n ${version}`, ['scripts/n8n-runtime.mjs'], { N8N_VERSION: version }),
	);
// The Debian packages of the browser test (chromium) and of queue mode (Redis, PostgreSQL), when missing: one
// apt-get, at the same time (on a new machine these took their tests' first minute or two).
const systemPackages = [
	...(!args.has('--skip-ui') && !existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')
		? ['--chromium']
		: []),
	...(args.has('--queue') && missingQueuePackages().length ? ['--queue'] : []),
];
if (systemPackages.length)
	installs.push(
		installInBackground(`Debian packages (${systemPackages.join(' ')})`, [
			'scripts/system-packages.mjs',
			...systemPackages,
		]),
	);

// The project's own dependencies (`npm ci` when node_modules is missing or older than package-lock.json), once the
// installs above have started: they need only Node, and on a new machine they are the longest part of the run. So
// `npm test` starts this file with SKIP_DEPS=1 (package.json), and this step lets scripts/with-node24.sh install.
await step(
	'dependencies (npm ci, when needed)',
	'bash',
	['scripts/with-node24.sh', 'true'],
	undefined,
	{
		SKIP_DEPS: '',
	},
);
await step('build', 'n8n-node', ['build']);
await step('lint (n8n-node lint, strict)', 'n8n-node', ['lint']);
await step("format (prettier --check, the repo's .prettierrc.js)", 'prettier', [
	'--check',
	'--log-level=warn',
	'**/*.{ts,mts,mjs,cjs,js}',
]);
await step("n8n's community-package scanner (source and tarball)", process.execPath, [
	'scripts/scan.mjs',
]);
await step('type-check tests', 'tsc', ['--noEmit', '-p', 'tsconfig.test.json']);
await step('type-check tooling (scripts, e2e, bench)', 'tsc', ['-p', 'tsconfig.tools.json']);
await step('type-check sandbox', 'tsc', ['-p', 'sandbox/tsconfig.json']);
await step('no import circle (nodes/, credentials/)', process.execPath, [
	'scripts/check-imports.mjs',
]);

// The jest files that assert how long something took (a window waited once, a timeout, a poll interval): run after the
// installs, on a quiet machine. Every other jest file runs now, beside them.
const TIMED = [
	'test/transport/request.test.ts',
	'test/hardening/timeouts.test.ts',
	'test/dedupe/keyStore.test.ts',
	'test/actions/sms/sendDedupe.test.ts',
	'test/actions/sms/deliveryAndBalance.test.ts',
	'test/actions/partnerTenant/initiatePayment.test.ts',
	'test/actions/partnerTenant/initiatePaymentDedupe.test.ts',
	'test/parallel/parallelRequests.test.ts',
	'test/integration/realService.test.ts',
];
await jest('unit and integration tests (jest)', [
	'--testPathIgnorePatterns',
	...TIMED.map((file) => `<rootDir>/${file}`),
]);
await nodeTest('sandbox tests and contract (node:test)', 'sandbox/test/*.test.mjs');

for (const install of await Promise.all(installs)) {
	// Counts only when it fails (then each test file tries the install again itself).
	console.log(`\n=== ${install.name} installed in the background: exit ${install.code}`);
	if (install.code !== 0) {
		console.log(readFileSync(install.log, 'utf8').slice(-4000));
		failed += 1;
	}
	steps.push({
		name: `install ${install.name} (in the background from the start)`,
		code: install.code,
		seconds: install.seconds,
		passed: 0,
		failed: install.code === 0 ? 0 : 1,
	});
}

await jest('the jest tests that time themselves', ['--runTestsByPath', ...TIMED]);

// The package built above, packed and installed once for every test that installs it in n8n (e2e/, e2e/queue/): each
// copies this install instead of building, packing and installing it again (about 14 s per test file).
/** @type {Record<string, string>} */
const packed = {};
if (!args.has('--skip-e2e') || args.has('--queue')) {
	const folder = join(work, 'package');
	const code = await step('pack and install the package for the tests in n8n', process.execPath, [
		'scripts/install-package.mjs',
		'--for-tests',
		folder,
	]);
	// Should it fail, each test file builds and packs for itself (and reports what fails).
	if (code === 0) packed[PACKED_ENV] = folder;
}

// The end-to-end files that take longest start first. Each took, three files at a time (2026-11-29, seconds on 2.41.1
// and 1.123.81): loginRoutes 393 and 306, money 176 and 187, n8n 179 and 177, realService 145 and 157, confidence 183
// and 113, delivery 183 and 102, demo 221 (2.41.1 only). The rest follow by name. By name alone (`node --test`'s
// order) the long files started last and ran on alone on an idle machine (676 s and 479 s for the whole suite; 659 s
// and 433 s longest first). Four of them activate triggers and then mostly wait for n8n's polls (loginRoutes, money,
// n8n, realService): they alternate with the others, so that fewer of them wait at the same time. Started together,
// the first three left the machine 15 % busy for 90 s on 2.41.1 and about 45 % for 3 minutes on 1.123.81 (cold run at
// 3c23c5c).
const E2E_FIRST = [
	'loginRoutes',
	'money',
	'confidence',
	'n8n',
	'delivery',
	'realService',
	'demo',
].map((name) => `e2e/${name}.test.mjs`);
const e2eFiles = [
	...E2E_FIRST.filter((file) => existsSync(file)),
	...readdirSync('e2e')
		.filter((name) => name.endsWith('.test.mjs'))
		.map((name) => `e2e/${name}`)
		.filter((file) => !E2E_FIRST.includes(file))
		.sort(),
];

if (!args.has('--skip-e2e')) {
	// The same suite on the current n8n and on the oldest one the package supports (scripts/n8n-version.mjs), as one
	// list: 2.41.1's files, then 1.123.81's. Three files at once, each with its own n8n, sandbox and ports: much of the
	// suite waits for n8n's polls and for n8n to start (measured on 2.41.1: 441 s three at a time, against 712 s two at
	// a time). One list, so that 1.123.81's first files fill the lanes 2.41.1's last ones leave. Run one version after
	// the other, the machine was 56 to 66 % busy for the 200 s around the change (cold run at 05e8b93). One list took
	// 955 s (cold run at 70a6392) against 584 + 391 s: within the 40 to 70 s the steps vary from run to run.
	const versionsAndFiles = [N8N_VERSION, N8N_FLOOR_VERSION].flatMap((version) => [
		`--env=N8N_VERSION=${version}`,
		...e2eFiles,
	]);
	await nodeTestInOrder(
		`end-to-end tests in a real n8n ${N8N_VERSION} and ${N8N_FLOOR_VERSION} (node:test)`,
		versionsAndFiles,
		3,
		packed,
	);
}

if (!args.has('--skip-ui')) {
	// The editor in a real browser (chromium) against the demo: fields, package list, credential tests, a run.
	await nodeTest(
		'the editor in a browser (node:test, puppeteer-core + chromium)',
		'e2e/editor/*.test.mjs',
	);
}

if (args.has('--queue')) {
	// n8n 2.41.1 in queue mode, Redis and PostgreSQL installed from Debian's packages when missing (root).
	await nodeTest(
		'queue mode: a main and two workers (node:test)',
		'e2e/queue/*.test.mjs',
		[],
		packed,
	);
}

console.log('\n=== Results');
for (const s of steps) {
	console.log(
		`${s.code === 0 ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s): ${s.passed} passed, ${s.failed} failed`,
	);
}
console.log(`Summary: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || steps.some((s) => s.code !== 0) ? 1 : 0);

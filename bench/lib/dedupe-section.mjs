// Section 8 (`--only=dedupe`): the cost of a Dedupe Key on 1,000 items, with n8n's processed-data store in memory.
// It runs the jest file bench/dedupe/dedupeCost.test.ts (the unit tests' harness, test/support/), which asserts every
// item sent and prints one "[dedupe cost]" line per run; this section keeps those lines for the report. It was a
// jest test of `npm test` (28 s of it) that only printed the figure.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

import { ROOT } from './options.mjs';

/**
 * Runs the jest file; results.dedupe = { lines, seconds } or { error }.
 * @param {any} results
 * @param {(line: string) => void} log
 */
export async function benchDedupe(results, log) {
	// jest's package exports no bin path: its file, next to the package's entry point.
	const jest = path.join(
		path.dirname(createRequire(import.meta.url).resolve('jest')),
		'..',
		'bin',
		'jest.js',
	);
	const started = Date.now();
	log('dedupe: npx jest --config bench/dedupe/jest.config.js');
	const { code, output } = await new Promise((resolve) => {
		const child = spawn(
			process.execPath,
			[jest, '--config', path.join(ROOT, 'bench/dedupe/jest.config.js'), '--colors=false'],
			{ cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let text = '';
		child.stdout.on('data', (chunk) => (text += chunk));
		child.stderr.on('data', (chunk) => (text += chunk));
		child.on('exit', (exitCode) => resolve({ code: exitCode ?? 1, output: text }));
	});
	const lines = [...output.matchAll(/\[dedupe cost\] (.+)/g)].map((match) => match[1].trim());
	if (code !== 0 || lines.length === 0) {
		results.dedupe = { error: `jest exited ${code}:\n${output.slice(-3000)}` };
		return;
	}
	results.dedupe = { lines, seconds: Math.round((Date.now() - started) / 1000) };
	for (const line of lines) log(`dedupe: ${line}`);
}

/**
 * The section's lines of the report.
 * @param {any} d results.dedupe
 */
export function reportDedupe(d) {
	if (!d) return [];
	if (d.error) return [`**8. Dedupe Key: failed** — ${d.error.split('\n')[0]}`, ''];
	return [
		'**8. Dedupe Key: the cost on 1,000 items** (jest, `npx jest --config bench/dedupe/jest.config.js`: the unit ' +
			"tests' harness, n8n's processed-data store in memory with MD5 per value as n8n; the service's answers are " +
			'immediate; every item asserted sent).',
		'',
		...d.lines.map((/** @type {string} */ line) => `- ${line}`),
		'',
	];
}

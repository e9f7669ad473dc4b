#!/usr/bin/env node
// Runs node:test files in the order given, a few at a time, and reports as `node --test` does: spec on stdout, TAP in
// a file (a "# pass N" and "# fail N" summary per file). `node --test` sorts its files by name; this keeps our order.
//
//   node scripts/run-tests-in-order.mjs --concurrency=3 --tap=out.tap a.test.mjs --env=N8N_VERSION=1.123.81 a.test.mjs
//
// An --env=NAME=VALUE sets a variable for the files after it, so one list can run the same file under two settings.
// scripts/test.mjs runs the end-to-end files through it, on both n8n versions in one list, the longest first: a file
// that mostly waits for n8n's polls then overlaps others, instead of running alone while the machine idles.
// Each file's spec output is printed whole when the file ends, so that files running at once do not mix their lines.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { parseArgs } from 'node:util';

const { values, tokens } = parseArgs({
	options: {
		concurrency: { type: 'string', default: '1' },
		tap: { type: 'string' },
		env: { type: 'string', multiple: true },
	},
	allowPositionals: true,
	tokens: true,
});

/** @type {Array<{ file: string, env: Record<string, string> }>} */
const jobs = [];
/** @type {Record<string, string>} */
let env = {};
for (const token of tokens) {
	if (token.kind === 'option' && token.name === 'env') {
		const [name, ...value] = String(token.value).split('=');
		env = { ...env, [name]: value.join('=') };
	} else if (token.kind === 'positional') {
		jobs.push({ file: path.resolve(token.value), env });
	}
}
if (jobs.length === 0) {
	console.error(
		'usage: run-tests-in-order.mjs [--concurrency=N] [--tap=FILE] [--env=NAME=VALUE] FILE...',
	);
	process.exit(2);
}
if (values.tap) writeFileSync(values.tap, '');

/**
 * The whole output of a reporter over a run's events.
 * @param {import('node:stream').Readable} stream
 * @param {any} reporter
 * @returns {Promise<string>}
 */
function collect(stream, reporter) {
	return new Promise((resolve, reject) => {
		let text = '';
		stream
			.compose(reporter)
			.on('data', (/** @type {string} */ chunk) => (text += chunk))
			.on('end', () => resolve(text))
			.on('error', reject);
	});
}

/** @param {{ file: string, env: Record<string, string> }} job */
async function runJob(job) {
	const started = Date.now();
	const stream = run({ files: [job.file], env: { ...process.env, ...job.env } });
	stream.on('test:fail', () => {
		process.exitCode = 1;
	});
	const [specText, tapText] = await Promise.all([collect(stream, spec), collect(stream, tap)]);
	const settings = Object.entries(job.env).map(([name, value]) => `${name}=${value}`);
	const seconds = ((Date.now() - started) / 1000).toFixed(0);
	const title = `${path.relative(process.cwd(), job.file)}${settings.length ? ` (${settings.join(' ')})` : ''}`;
	process.stdout.write(`\n─── ${title}: ${seconds} s\n${specText}`);
	if (values.tap) appendFileSync(values.tap, tapText);
}

// `concurrency` lanes, each taking the next file of the list when its last one ends.
let next = 0;
await Promise.all(
	Array.from({ length: Math.max(1, Number(values.concurrency)) }, async () => {
		while (next < jobs.length) await runJob(jobs[next++]);
	}),
);

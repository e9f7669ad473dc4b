#!/usr/bin/env node
// Runs node:test files in the order given, a few at a time, and reports as `node --test` does: spec on stdout, TAP in
// a file (with its "# pass N" and "# fail N" summary). `node --test` sorts its files by name; this keeps our order.
//
//   node scripts/run-tests-in-order.mjs --concurrency=3 --tap=out.tap a.test.mjs b.test.mjs ...
//
// scripts/test.mjs runs the end-to-end files through it, the longest first: a long file that mostly waits for n8n's
// polls then overlaps the short ones, instead of running alone at the end while the machine idles.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
	options: {
		concurrency: { type: 'string', default: '1' },
		tap: { type: 'string' },
	},
	allowPositionals: true,
});
if (positionals.length === 0) {
	console.error('usage: run-tests-in-order.mjs [--concurrency=N] [--tap=FILE] FILE...');
	process.exit(2);
}

const stream = run({
	files: positionals.map((file) => path.resolve(file)),
	concurrency: Number(values.concurrency),
});
stream.on('test:fail', () => {
	process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
if (values.tap) stream.compose(tap).pipe(createWriteStream(values.tap));

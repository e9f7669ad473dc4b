// Entry point for `node --test sandbox/test/`. Since Node 21 the test runner treats its arguments as file
// patterns, so a directory argument is loaded as a module, which resolves to this index: it imports every
// `*.test.mjs` file beside it, in one process. When a glob run picks this file up on its own
// (`node --test` without arguments), it does nothing, so no test runs twice.
'use strict';
const { readdirSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');

const ranAsDirectory = process.argv[1] !== undefined && resolve(process.argv[1]) === __dirname;
if (ranAsDirectory) {
	const files = readdirSync(__dirname)
		.filter((f) => f.endsWith('.test.mjs'))
		.sort();
	(async () => {
		for (const f of files) await import(pathToFileURL(join(__dirname, f)).href);
	})().catch((err) => {
		console.error(err);
		process.exitCode = 1;
	});
}

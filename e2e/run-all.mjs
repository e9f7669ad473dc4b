// Entry point of `node --test e2e/` (see package.json here): loads every *.test.mjs of this folder into one test
// process. Node 24's test runner runs a directory argument as a module rather than searching it for test files.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const file of readdirSync(here)
	.filter((name) => name.endsWith('.test.mjs'))
	.sort()) {
	await import(pathToFileURL(path.join(here, file)).href);
}

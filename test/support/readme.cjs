// The README's text and the example files, for the test that checks the README against the code (plain CommonJS:
// the strict lint of .ts files bans file-system access).
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

exports.readme = () => readFileSync(path.join(root, 'README.md'), 'utf8');

/** The example workflows the demo imports: every .json file of examples/ (scripts/examples.mjs). */
exports.exampleFiles = () =>
	readdirSync(path.join(root, 'examples'))
		.filter((name) => name.endsWith('.json'))
		.sort();

/** Each example workflow, parsed: `{ file, workflow }`. */
exports.examples = () =>
	exports.exampleFiles().map((file) => ({
		file,
		workflow: JSON.parse(readFileSync(path.join(root, 'examples', file), 'utf8')),
	}));

/** A page of docs/, e.g. `real-servers.md`. */
exports.doc = (name) => readFileSync(path.join(root, 'docs', name), 'utf8');

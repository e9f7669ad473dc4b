// The package's TypeScript sources under nodes/, as text, for the test of the house rules (plain CommonJS: the strict
// lint of .ts files bans file-system access).
const { readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

function sourceFiles(dir) {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		if (statSync(full).isDirectory()) return sourceFiles(full);
		return name.endsWith('.ts') ? [full] : [];
	});
}

/** Every .ts file below nodes/: its path from the repository's root, and its lines. */
exports.nodesSources = () =>
	sourceFiles(path.join(root, 'nodes')).map((full) => ({
		name: path.relative(root, full),
		lines: readFileSync(full, 'utf8').split('\n'),
	}));

// CONTRIBUTING.md and the files it names, for the test that checks the guide against the code (plain CommonJS: the
// strict lint of .ts files bans file-system access and child processes).
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const packageDir = path.join(root, 'nodes', 'SmsPlatform');

exports.guide = () => readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');

/** Whether git ignores a path: an output a run writes (bench/results/), named as where to find it. */
function ignored(full) {
	try {
		execFileSync('git', ['check-ignore', '-q', full], { cwd: root });
		return true;
	} catch {
		return false;
	}
}

let tracked;

/**
 * A file as the guide names it, resolved: from the repository's root, from the package's folder, or (a name without
 * a folder) any file git tracks of that name; undefined when none exists.
 */
exports.resolve = (name) => {
	for (const base of [root, packageDir]) {
		const full = path.join(base, name);
		if (existsSync(full) || ignored(full)) return full;
	}
	if (name.includes('/')) return undefined;
	tracked ??= execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
	const found = tracked.find((file) => path.basename(file) === name);
	return found === undefined ? undefined : path.join(root, found);
};

/** A file's text (a path resolve gave). */
exports.text = (full) => readFileSync(full, 'utf8');

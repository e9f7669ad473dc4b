#!/usr/bin/env node
// Fails when the project's own modules import each other in a circle (type-only imports count: a circle is a
// knot a reader must untie, whether or not it survives compilation): the package's TypeScript (nodes/,
// credentials/) and the tooling's JavaScript (sandbox/, scripts/, bench/, e2e/: import, export … from, require).
// Run by scripts/test.mjs.
//
//   node scripts/check-imports.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} dir @param {RegExp} ext @returns {string[]} */
function sourceFiles(dir, ext) {
	if (!existsSync(dir)) return [];
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		if (name === 'node_modules' || name === 'results') return [];
		if (statSync(full).isDirectory()) return sourceFiles(full, ext);
		return ext.test(name) ? [full] : [];
	});
}

/** The project files a module imports (relative specifiers only; `export … from` counts too). */
/** @param {string} file @returns {string[]} */
function importsOf(file) {
	const text = readFileSync(file, 'utf8');
	/** @type {string[]} */
	const found = [];
	for (const match of text.matchAll(/(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*)'(\.[^']*)'/g)) {
		const base = path.resolve(path.dirname(file), match[1]);
		const target = [base, `${base}.ts`, path.join(base, 'index.ts')].find(
			(f) => existsSync(f) && statSync(f).isFile(),
		);
		// A file that names itself (a usage line in its header) is no circle.
		if (target && target !== file) found.push(target);
	}
	return found;
}

const files = [
	...['nodes', 'credentials'].flatMap((dir) => sourceFiles(path.join(root, dir), /\.ts$/)),
	...['sandbox', 'scripts', 'bench', 'e2e'].flatMap((dir) =>
		sourceFiles(path.join(root, dir), /\.(mjs|cjs|js)$/),
	),
];
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Depth-first search; a module met again while it is on the stack closes a circle. */
/** @type {string[][]} */
const circles = [];
/** @type {Map<string, 'open' | 'done'>} */
const state = new Map();
/** @param {string} file @param {string[]} stack */
function visit(file, stack) {
	state.set(file, 'open');
	for (const next of graph.get(file) ?? []) {
		if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
		else if (!state.has(next)) visit(next, [...stack, next]);
	}
	state.set(file, 'done');
}
for (const file of files) if (!state.has(file)) visit(file, [file]);

const rel = (/** @type {string} */ f) => path.relative(root, f);
if (circles.length) {
	console.error(`Import circles (${circles.length}):`);
	for (const circle of circles) console.error(`  ${circle.map(rel).join(' → ')}`);
	process.exit(1);
}
console.log(
	`No import circle among ${files.length} modules of nodes/, credentials/, sandbox/, scripts/, bench/ and e2e/.`,
);

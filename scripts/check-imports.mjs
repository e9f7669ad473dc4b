#!/usr/bin/env node
// Fails when the package's own modules import each other in a circle (type-only imports count: a circle is a
// knot a reader must untie, whether or not it survives compilation). Run by scripts/test.mjs.
//
//   node scripts/check-imports.mjs            checks nodes/ and credentials/
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} dir @returns {string[]} */
function tsFiles(dir) {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		if (statSync(full).isDirectory()) return tsFiles(full);
		return name.endsWith('.ts') ? [full] : [];
	});
}

/** The project files a module imports (relative specifiers only; `export … from` counts too). */
/** @param {string} file @returns {string[]} */
function importsOf(file) {
	const text = readFileSync(file, 'utf8');
	/** @type {string[]} */
	const found = [];
	for (const match of text.matchAll(/\bfrom\s+'(\.[^']*)'/g)) {
		const base = path.resolve(path.dirname(file), match[1]);
		const target = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => existsSync(f));
		if (target) found.push(target);
	}
	return found;
}

const files = ['nodes', 'credentials'].flatMap((dir) => tsFiles(path.join(root, dir)));
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
console.log(`No import circle among ${files.length} modules of nodes/ and credentials/.`);

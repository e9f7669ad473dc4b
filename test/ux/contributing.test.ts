/**
 * CONTRIBUTING.md points at files and symbols, not at line numbers: every file it names exists, and every symbol it
 * names as `file:symbol` is declared in that file. A rename that leaves the guide behind fails here.
 */
import { guide, resolve, text } from '../support/contributing.cjs';

const written = guide();

/** Every file name in the guide (a path or a name with an extension; not a glob, not a placeholder, not a URL). */
const FILE = /(?<![\w./<>*@:-])[\w][\w./-]*\.(?:ts|mjs|cjs|json|md|yml|sh)\b(?![\w/-])/g;
const files = [...new Set(written.match(FILE) ?? [])];

/** Every `file:symbol` in the guide. */
const SYMBOL = /`([\w./-]+\.(?:ts|mjs)):([A-Za-z_]\w*)`/g;
const symbols = [...written.matchAll(SYMBOL)].map((match) => ({
	file: match[1],
	symbol: match[2],
}));

it('names no line numbers', () => {
	expect(written.match(/\.(?:ts|mjs):\d+/g) ?? []).toEqual([]);
});

it('names files that exist', () => {
	expect(files.length).toBeGreaterThan(50);
	expect(files.filter((name) => resolve(name) === undefined)).toEqual([]);
});

it('names symbols that exist in the files it names (a declaration, a method or a property)', () => {
	expect(symbols.length).toBeGreaterThan(40);
	const missing = symbols.filter(({ file, symbol }) => {
		const full = resolve(file);
		if (!full) return true;
		const declared = new RegExp(
			`(?:function\\*?|class|const|let|interface|type|enum)\\s+${symbol}\\b|^\\s*(?:async\\s+|static\\s+|private\\s+|readonly\\s+)*${symbol}\\s*[(:<=]`,
			'm',
		);
		return !declared.test(text(full));
	});
	expect(missing).toEqual([]);
});

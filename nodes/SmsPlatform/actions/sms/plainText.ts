/**
 * Text the service's messaging route takes: plain ASCII only (it refuses any other character with 400
 * INVALID_CHARACTERS). What the node checks before sending, and the plain forms it can put in instead (Options →
 * Replace Special Characters).
 */

/** Characters with a plain form that is not their accent-free letter. */
const PLAIN_FORMS: Record<string, string> = {
	'‘': "'",
	'’': "'",
	'‚': "'",
	'‛': "'",
	'′': "'",
	'‹': "'",
	'›': "'",
	'“': '"',
	'”': '"',
	'„': '"',
	'‟': '"',
	'″': '"',
	'«': '"',
	'»': '"',
	'‐': '-',
	'‑': '-',
	'‒': '-',
	'–': '-',
	'—': '-',
	'―': '-',
	'−': '-',
	'…': '...',
	'•': '*',
	'\u00a0': ' ',
	'\u2009': ' ',
	'\u202f': ' ',
	ß: 'ss',
	æ: 'ae',
	Æ: 'AE',
	œ: 'oe',
	Œ: 'OE',
	ø: 'o',
	Ø: 'O',
	đ: 'd',
	Đ: 'D',
	ł: 'l',
	Ł: 'L',
	ı: 'i',
};

export interface OddCharacter {
	char: string;
	/** 1-based, counting characters (an emoji is one), as the service counts them. */
	position: number;
}

/** The characters outside ASCII, with their positions. */
export function nonAscii(text: string): OddCharacter[] {
	const found: OddCharacter[] = [];
	let position = 0;
	for (const char of text) {
		position++;
		if ((char.codePointAt(0) ?? 0) > 127) found.push({ char, position });
	}
	return found;
}

/**
 * The text with each character that has a plain form replaced by it (é → e, ’ → ', – → -), others kept; and how many
 * were replaced.
 */
export function toPlain(text: string): { text: string; replaced: number } {
	let out = '';
	let replaced = 0;
	for (const char of text) {
		let plain = char;
		if ((char.codePointAt(0) ?? 0) > 127) {
			// An accented letter: the letter without its combining marks, when that is ASCII.
			const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
			plain = PLAIN_FORMS[char] ?? (/^[\x20-\x7e]+$/.test(bare) ? bare : char);
		}
		if (plain !== char) replaced++;
		out += plain;
	}
	return { text: out, replaced };
}

/** "'’' at position 5, 'é' at position 12 and 3 more": the first five, as the service lists them. */
export function describeCharacters(found: OddCharacter[]): string {
	const shown = found.slice(0, 5).map(({ char, position }) => `'${char}' at position ${position}`);
	const more = found.length > 5 ? ` and ${found.length - 5} more` : '';
	return `${shown.join(', ')}${more}`;
}

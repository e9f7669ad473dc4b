/**
 * SMS parts after GSM 03.38 (3GPP TS 23.038): what a message costs before the bill says so.
 *
 * A message that uses only the GSM-7 alphabet is sent in septets: 160 in one part; a longer one is split into parts
 * of 153 (each part loses 7 septets to the concatenation header). A character of the extension table costs two
 * septets (the escape and the character). Any other character makes the whole message UCS-2: 70 UTF-16 code units
 * in one part, 67 a part when longer; a character outside the Basic Multilingual Plane (an emoji) is two units.
 *
 * Phones never cut a character in two across parts: an escape and its extension character, or the two halves of a
 * surrogate pair, go to the next part together. So a part may hold 152 septets or 66 units, and a long message
 * can need one part more than its length divided by 153 (or 67) suggests. That is what the networks bill.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsParts {
	encoding: SmsEncoding;
	/** How many SMS the message is sent as (0 for empty text: nothing is sent). */
	parts: number;
	/** Characters (Unicode code points) in the text. */
	characters: number;
	/** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
	units: number;
}

/**
 * The GSM 03.38 default alphabet, in code order 0x00 to 0x7F. Position 0x1B is the escape to the extension table,
 * not a character: it is kept here (as U+001B) only so that every other character sits at its code.
 */
export const GSM7_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ' +
	' !"#¤%&\'()*+,-./0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
	'¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: form feed, ^ { } \ [ ~ ] | and €; each costs two septets. */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const SINGLE_PART = { 'GSM-7': 160, 'UCS-2': 70 } as const;
const PER_PART = { 'GSM-7': 153, 'UCS-2': 67 } as const;

const BASIC = new Set(Array.from(GSM7_BASIC).filter((c) => c !== '\u001b'));
const EXTENSION = new Set(Array.from(GSM7_EXTENSION));

/** Septets one character takes in GSM-7, or 0 when it has no GSM-7 form. */
function septets(char: string): number {
	if (BASIC.has(char)) return 1;
	if (EXTENSION.has(char)) return 2;
	return 0;
}

/**
 * Counts the parts a text is sent as. Empty text is 0 parts (GSM-7, 0 characters): there is nothing to send, and
 * the Send operation refuses an empty message before any request.
 */
export function smsParts(text: string): SmsParts {
	// Code points, so that an emoji stays one character of two UTF-16 units.
	const chars = Array.from(text);
	let gsm = true;
	for (const c of chars) {
		if (septets(c) === 0) {
			gsm = false;
			break;
		}
	}
	const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
	const sizes = chars.map((c) => (gsm ? septets(c) : c.length));
	const units = sizes.reduce((sum, n) => sum + n, 0);
	let parts: number;
	if (units === 0) parts = 0;
	else if (units <= SINGLE_PART[encoding]) parts = 1;
	else {
		// Fill parts in order; a character that does not fit whole starts the next part.
		const size = PER_PART[encoding];
		parts = 1;
		let used = 0;
		for (const n of sizes) {
			if (used + n > size) {
				parts++;
				used = 0;
			}
			used += n;
		}
	}
	return { encoding, parts, characters: chars.length, units };
}

// SMS parts as the service bills them (GSM 03.38). Written apart from the node's helper on purpose, from the
// Unicode consortium's GSM0338 mapping (code → code point) instead of a character string: the sandbox is the service,
// so its count is an independent check of the node's estimate.

/**
 * Unicode code points of the GSM 03.38 default alphabet, GSM codes 0x00 to 0x7F. 0x1B is the escape to the
 * extension table (no character: -1).
 */
// prettier-ignore
const BASIC_CODE_POINTS = [
	// 0x00
	0x40, 0xa3, 0x24, 0xa5, 0xe8, 0xe9, 0xf9, 0xec, 0xf2, 0xc7, 0x0a, 0xd8, 0xf8, 0x0d, 0xc5, 0xe5,
	// 0x10
	0x394, 0x5f, 0x3a6, 0x393, 0x39b, 0x3a9, 0x3a0, 0x3a8, 0x3a3, 0x398, 0x39e, -1, 0xc6, 0xe6, 0xdf, 0xc9,
	// 0x20: as ASCII except 0x24, the currency sign ¤
	0x20, 0x21, 0x22, 0x23, 0xa4, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
	// 0x30: digits and : ; < = > ?
	0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
	// 0x40: ¡, A to Z, Ä Ö Ñ Ü §
	0xa1, ...range(0x41, 0x5a), 0xc4, 0xd6, 0xd1, 0xdc, 0xa7,
	// 0x60: ¿, a to z, ä ö ñ ü à
	0xbf, ...range(0x61, 0x7a), 0xe4, 0xf6, 0xf1, 0xfc, 0xe0,
];

/** Code points of the extension table (escape + code): FF ^ { } \ [ ~ ] | €. */
const EXTENSION_CODE_POINTS = [0x0c, 0x5e, 0x7b, 0x7d, 0x5c, 0x5b, 0x7e, 0x5d, 0x7c, 0x20ac];

/**
 * @param {number} from
 * @param {number} to inclusive
 */
function range(from, to) {
	return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

if (BASIC_CODE_POINTS.length !== 128) throw new Error('GSM 03.38 table: 128 codes expected');

/** code point → septets (1 basic, 2 extension) */
const SEPTETS = new Map();
for (const cp of BASIC_CODE_POINTS) if (cp >= 0) SEPTETS.set(cp, 1);
for (const cp of EXTENSION_CODE_POINTS) SEPTETS.set(cp, 2);

/**
 * How many SMS a text is sent (and billed) as: GSM-7 160 septets in one part, 153 a part when longer (an extension
 * character is 2 septets); otherwise UCS-2, 70 UTF-16 units in one part, 67 a part. A character never straddles two
 * parts (neither an escape sequence nor a surrogate pair). Empty text: 0 parts (the API refuses it anyway).
 * @param {string} text
 * @returns {{encoding: 'GSM-7'|'UCS-2', parts: number, units: number}}
 */
export function smsParts(text) {
	/** @type {number[]} */
	const septets = [];
	let gsm = true;
	for (const ch of text) {
		const n = SEPTETS.get(/** @type {number} */ (ch.codePointAt(0)));
		if (n === undefined) {
			gsm = false;
			break;
		}
		septets.push(n);
	}
	/** @type {number[]} */
	const sizes = gsm ? septets : [];
	if (!gsm) for (const ch of text) sizes.push(ch.length);
	const units = sizes.reduce((a, b) => a + b, 0);
	const [single, multi] = gsm ? [160, 153] : [70, 67];
	let parts = 0;
	if (units > 0 && units <= single) parts = 1;
	else if (units > single) {
		let room = 0;
		for (const n of sizes) {
			if (n > room) {
				parts++;
				room = multi;
			}
			room -= n;
		}
	}
	return { encoding: gsm ? 'GSM-7' : 'UCS-2', parts, units };
}

// The sandbox's own GSM 03.38 part count (what it bills): the same edge cases as the node's helper, counted by a
// separate implementation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { smsParts } from '../smsParts.mjs';

const a = (/** @type {number} */ n) => 'a'.repeat(n);
const u = (/** @type {number} */ n) => 'ж'.repeat(n);
/** GSM 03.38 codes 0x00 to 0x7F without 0x1B (the escape), written out. */
const BASIC_PRINTABLE =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

describe('smsParts (sandbox)', () => {
	/** @type {Array<[string, string, 'GSM-7'|'UCS-2', number, number]>} name, text, encoding, parts, units */
	const cases = [
		['empty', '', 'GSM-7', 0, 0],
		['160 GSM-7', a(160), 'GSM-7', 1, 160],
		['161 GSM-7', a(161), 'GSM-7', 2, 161],
		['306 GSM-7', a(306), 'GSM-7', 2, 306],
		['307 GSM-7', a(307), 'GSM-7', 3, 307],
		['70 UCS-2', u(70), 'UCS-2', 1, 70],
		['71 UCS-2', u(71), 'UCS-2', 2, 71],
		['134 UCS-2', u(134), 'UCS-2', 2, 134],
		['135 UCS-2', u(135), 'UCS-2', 3, 135],
		['159 + €', `${a(159)}€`, 'GSM-7', 2, 161],
		['158 + €', `${a(158)}€`, 'GSM-7', 1, 160],
		['every extension character twice', '\f^{}\\[~]|€', 'GSM-7', 1, 20],
		['152 + € + 152: the € is not cut', `${a(152)}€${a(152)}`, 'GSM-7', 3, 306],
		['an emoji', '😀', 'UCS-2', 1, 2],
		['69 + emoji', `${a(69)}😀`, 'UCS-2', 2, 71],
		['66 + emoji + 66: the pair is not cut', `${a(66)}😀${a(66)}`, 'UCS-2', 3, 134],
		['new lines', 'Habari\nYour code: 1234\r\nAsante', 'GSM-7', 1, 30],
		['the whole basic table but the escape', BASIC_PRINTABLE, 'GSM-7', 1, 127],
		['a backtick', 'a`b', 'UCS-2', 1, 3],
		['a lower-case ç', 'ça', 'UCS-2', 1, 2],
		['a typographic apostrophe', 'Don’t', 'UCS-2', 1, 5],
	];
	for (const [name, text, encoding, parts, units] of cases) {
		test(name, () => assert.deepEqual(smsParts(text), { encoding, parts, units }));
	}
});

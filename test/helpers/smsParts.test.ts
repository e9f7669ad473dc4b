/**
 * SMS parts (GSM 03.38): GSM-7 is 160 septets in one part and 153 a part when longer, the extension
 * characters count two; any other character makes the message UCS-2: 70 UTF-16 units, 67 a part. A character is
 * never cut across parts (an extension character's escape, an emoji's surrogate pair).
 */
import {
	GSM7_BASIC,
	GSM7_EXTENSION,
	smsParts,
	type SmsParts,
} from '../../nodes/SmsPlatform/helpers/telecom';

const a = (n: number) => 'a'.repeat(n);
const u = (n: number) => 'ж'.repeat(n); // Cyrillic: one UTF-16 unit, not GSM-7
const gsm = (parts: number, characters: number, units = characters): SmsParts => ({
	encoding: 'GSM-7',
	parts,
	characters,
	units,
});
const ucs = (parts: number, characters: number, units = characters): SmsParts => ({
	encoding: 'UCS-2',
	parts,
	characters,
	units,
});

describe('smsParts', () => {
	it.each<[string, string, SmsParts]>([
		['empty text: nothing to send', '', gsm(0, 0)],
		['one character', 'a', gsm(1, 1)],
		['160 GSM-7 characters: one part', a(160), gsm(1, 160)],
		['161 GSM-7 characters: two parts', a(161), gsm(2, 161)],
		['306 GSM-7 characters: two parts of 153', a(306), gsm(2, 306)],
		['307 GSM-7 characters: three parts', a(307), gsm(3, 307)],
		['459 GSM-7 characters: three parts', a(459), gsm(3, 459)],
		['460 GSM-7 characters: four parts', a(460), gsm(4, 460)],
		['70 UCS-2 characters: one part', u(70), ucs(1, 70)],
		['71 UCS-2 characters: two parts', u(71), ucs(2, 71)],
		['134 UCS-2 characters: two parts of 67', u(134), ucs(2, 134)],
		['135 UCS-2 characters: three parts', u(135), ucs(3, 135)],
		['159 characters and €: 161 septets, two parts', `${a(159)}€`, gsm(2, 160, 161)],
		['158 characters and €: 160 septets, one part', `${a(158)}€`, gsm(1, 159, 160)],
		['80 extension characters: 160 septets, one part', '{}'.repeat(40), gsm(1, 80, 160)],
		['81 extension characters: 162 septets, two parts', `${'{}'.repeat(40)}|`, gsm(2, 81, 162)],
		[
			'an extension character is not cut across parts: 152 + € + 152 is 306 septets but three parts',
			`${a(152)}€${a(152)}`,
			gsm(3, 305, 306),
		],
		[
			'153 + € + 151: the € starts part two, which it fills',
			`${a(153)}€${a(151)}`,
			gsm(2, 305, 306),
		],
		['form feed is an extension character', `${a(159)}\f`, gsm(2, 160, 161)],
		['an emoji alone: UCS-2, one character of two units', '😀', ucs(1, 1, 2)],
		['69 GSM-7 characters and an emoji: 71 units, two parts', `${a(69)}😀`, ucs(2, 70, 71)],
		['68 GSM-7 characters and an emoji: 70 units, one part', `${a(68)}😀`, ucs(1, 69, 70)],
		[
			'an emoji is not cut across parts: 66 + 😀 + 66 is 134 units but three parts',
			`${a(66)}😀${a(66)}`,
			ucs(3, 133, 134),
		],
		[
			'an emoji in a 160-character text makes it UCS-2: three parts',
			`${a(159)}😀`,
			ucs(3, 160, 161),
		],
		['in UCS-2 an extension character is one unit', `€${u(69)}`, ucs(1, 70, 70)],
		['new lines count one septet each (LF, CR)', 'Line 1\nLine 2\r\nLine 3', gsm(1, 21)],
		['160 characters with new lines: one part', `${a(79)}\n${a(80)}`, gsm(1, 160)],
	])('%s', (_name, text, expected) => {
		expect(smsParts(text)).toEqual(expected);
	});

	it('Swahili and English text in the Latin alphabet is GSM-7', () => {
		const text =
			'Habari Juma! Malipo yako ya TZS 24,000 yamepokelewa. Asante sana. ' +
			'Your payment of TZS 24,000 was received: 1,050 SMS added (valid 60 days). Karibu tena!';
		expect(text).toHaveLength(152);
		expect(smsParts(text)).toEqual(gsm(1, 152));
		expect(smsParts(`${text} Kwaheri`)).toEqual(gsm(1, 160));
		expect(smsParts(`${text} Kwaheri!`)).toEqual(gsm(2, 161));
	});

	it('a typographic apostrophe or dash makes a text UCS-2 (a common surprise)', () => {
		expect(smsParts("Don't").encoding).toBe('GSM-7');
		expect(smsParts('Don’t')).toEqual(ucs(1, 5));
		expect(smsParts('Saa 2–3 usiku')).toEqual(ucs(1, 13));
		expect(smsParts(`Don’t ${a(100)}`)).toEqual(ucs(2, 106));
	});

	it('the basic table has 128 positions; every character but the escape is one septet', () => {
		expect(GSM7_BASIC).toHaveLength(128);
		// Spot checks of positions that differ from ASCII (GSM 03.38 table 6.2.1).
		expect(GSM7_BASIC.indexOf('@')).toBe(0x00);
		expect(GSM7_BASIC.indexOf('$')).toBe(0x02);
		expect(GSM7_BASIC.indexOf('Ç')).toBe(0x09);
		expect(GSM7_BASIC.indexOf('\n')).toBe(0x0a);
		expect(GSM7_BASIC.indexOf('\r')).toBe(0x0d);
		expect(GSM7_BASIC.indexOf('Δ')).toBe(0x10);
		expect(GSM7_BASIC.indexOf('\u001b')).toBe(0x1b);
		expect(GSM7_BASIC.indexOf('É')).toBe(0x1f);
		expect(GSM7_BASIC.indexOf('¤')).toBe(0x24);
		expect(GSM7_BASIC.indexOf('¡')).toBe(0x40);
		expect(GSM7_BASIC.indexOf('§')).toBe(0x5f);
		expect(GSM7_BASIC.indexOf('¿')).toBe(0x60);
		expect(GSM7_BASIC.indexOf('à')).toBe(0x7f);
		const printable = GSM7_BASIC.replace('\u001b', '');
		expect(smsParts(printable)).toEqual(gsm(1, 127));
		expect(smsParts('@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà')).toEqual(gsm(1, 42));
	});

	it('the extension table: ^ { } \\ [ ~ ] | € and form feed, two septets each', () => {
		expect(Array.from(GSM7_EXTENSION)).toEqual([
			'\f',
			'^',
			'{',
			'}',
			'\\',
			'[',
			'~',
			']',
			'|',
			'€',
		]);
		for (const c of GSM7_EXTENSION) expect(smsParts(c)).toEqual(gsm(1, 1, 2));
	});

	it.each([
		['the escape itself', '\u001b'],
		['a backtick', '`'],
		['a lower-case c cedilla', 'ç'],
		['an accented a', 'á'],
		['a tab', '\t'],
		['a non-breaking space', '\u00a0'],
		['an Arabic letter', 'ب'],
	])('%s is not GSM-7', (_name, char) => {
		expect(smsParts(`Hello ${char}`).encoding).toBe('UCS-2');
	});
});

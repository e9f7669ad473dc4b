/**
 * Phone numbers: E.164 is `+` then 7 to 15 digits, the first not 0; spaces, dashes, dots and
 * parentheses are stripped; with a default country code a local `0…` number gets the code and a bare `<code>…`
 * number gets its `+`; anything else is refused with the reason. Recipients split on commas, semicolons and new lines.
 */

import {
	E164,
	normalizePhone,
	parseCountryCode,
	parseRecipients,
	splitRecipients,
} from '../../nodes/SmsPlatform/helpers/telecom';
import { NUMBERING_PLANS } from '../../nodes/SmsPlatform/helpers/numberingPlan';

type Expected = { ok: true; value: string } | { ok: false; reason: string };

const ok = (value: string): Expected => ({ ok: true, value });
const refused = (reason: string): Expected => ({ ok: false, reason });

const LOCAL_WITHOUT_CODE =
	'a local number: set "Default Country Code" in the options, or write it in E.164 (+255...)';
const NOT_E164 = 'not in E.164 format: start with + and the country code, e.g. +255712345678';
const BAD_CHARACTERS =
	'a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses';
const PLUS_IN_MIDDLE = 'the + may only stand at the start';
const NEITHER_255 =
	'not E.164 and neither a local number starting with 0 nor a number starting with the country code 255';

describe('normalizePhone', () => {
	it.each<[string, unknown, string | undefined, Expected]>([
		// valid E.164
		['E.164 (Tanzania)', '+255712345678', undefined, ok('+255712345678')],
		['E.164 (US)', '+14155550123', undefined, ok('+14155550123')],
		['E.164, shortest (7 digits)', '+1234567', undefined, ok('+1234567')],
		['E.164, longest (15 digits)', '+123456789012345', undefined, ok('+123456789012345')],
		['E.164 with a country code set', '+447911123456', '255', ok('+447911123456')],
		['surrounding whitespace', '  +255712345678\t', undefined, ok('+255712345678')],
		// local and bare numbers
		['local, no default country code', '0712 345 678', undefined, refused(LOCAL_WITHOUT_CODE)],
		['local, default country code 255', '0712 345 678', '255', ok('+255712345678')],
		['local, country code 1', '0415 555 0123', '1', ok('+14155550123')],
		['bare with the code 255', '255712345678', '255', ok('+255712345678')],
		['bare without a default country code', '255712345678', undefined, refused(NOT_E164)],
		['neither local nor bare', '712345678', '255', refused(NEITHER_255)],
		['bare code too short to be a number', '2557', '255', refused(NEITHER_255)],
		[
			'local number too short',
			'0712',
			'255',
			refused('a number in Tanzania (+255) has 9 digits after the country code, this one has 3'),
		],
		// separators
		['spaces', '+255 712 345 678', undefined, ok('+255712345678')],
		['dashes', '+255-712-345-678', undefined, ok('+255712345678')],
		['dots', '+255.712.345.678', undefined, ok('+255712345678')],
		['parentheses', '+255 (712) 345-678', undefined, ok('+255712345678')],
		['a local number with parentheses and dots', '(0712) 345.678', '255', ok('+255712345678')],
		['a non-breaking space', '+255\u00a0712\u00a0345\u00a0678', undefined, ok('+255712345678')],
		// refused
		['letters', '+255712ABC678', undefined, refused(BAD_CHARACTERS)],
		['text', 'not-a-number', undefined, refused(BAD_CHARACTERS)],
		['a slash', '+255/712345678', undefined, refused(BAD_CHARACTERS)],
		[
			'too short',
			'+123456',
			undefined,
			refused('too short for an E.164 number (6 digits, at least 7)'),
		],
		[
			'too long',
			'+1234567890123456',
			undefined,
			refused('too long for an E.164 number (16 digits, at most 15)'),
		],
		[
			'leading 00',
			'00255712345678',
			undefined,
			refused('write the international prefix 00 as +, e.g. +255712345678'),
		],
		[
			'leading 00 with a country code set',
			'00255712345678',
			'255',
			refused('write the international prefix 00 as +, e.g. +255712345678'),
		],
		[
			'leading +0',
			'+0255712345678',
			undefined,
			refused('after the + comes the country code, which never starts with 0'),
		],
		['a + in the middle', '255+712345678', undefined, refused(PLUS_IN_MIDDLE)],
		['two pluses', '++255712345678', undefined, refused(PLUS_IN_MIDDLE)],
		['a lone +', '+', undefined, refused('too short for an E.164 number (0 digits, at least 7)')],
		['empty', '', undefined, refused('the phone number is empty')],
		['only spaces', '   ', undefined, refused('the phone number is empty')],
		// other types
		['a number type, with code 255', 255712345678, '255', ok('+255712345678')],
		['a number type, without a code', 255712345678, undefined, refused(NOT_E164)],
		[
			'an object',
			{ phone: '+255712345678' },
			undefined,
			refused('expected a phone number, got an object'),
		],
		['a list', ['+255712345678'], undefined, refused('expected a phone number, got a list')],
		['null', null, undefined, refused('expected a phone number, got null')],
		[
			'undefined',
			undefined,
			undefined,
			refused('expected a phone number, got nothing (undefined)'),
		],
		['a boolean', true, undefined, refused('expected a phone number, got a boolean')],
	])('%s: %j (code %s)', (_label, input, countryCode, expected) => {
		expect(normalizePhone(input, countryCode)).toEqual(expected);
	});

	it('every accepted value is E.164', () => {
		for (const input of ['+255712345678', '0712 345 678', '255712345678', '(0712) 345.678']) {
			const result = normalizePhone(input, '255');
			expect(result.ok).toBe(true);
			expect(result.value).toMatch(E164);
		}
	});

	it('the E.164 pattern itself', () => {
		expect(E164.test('+1234567')).toBe(true);
		expect(E164.test('+123456789012345')).toBe(true);
		expect(E164.test('+123456')).toBe(false);
		expect(E164.test('+1234567890123456')).toBe(false);
		expect(E164.test('+0234567')).toBe(false);
		expect(E164.test('1234567')).toBe(false);
	});
});

describe('parseCountryCode', () => {
	it.each<[unknown, { ok: boolean; value?: string; reason?: string }]>([
		['255', { ok: true, value: '255' }],
		['+255', { ok: true, value: '255' }],
		['00255', { ok: true, value: '255' }],
		[' 1 ', { ok: true, value: '1' }],
		[255, { ok: true, value: '255' }],
		['', { ok: true, value: undefined }],
		[undefined, { ok: true, value: undefined }],
		[null, { ok: true, value: undefined }],
		[
			'0255',
			{ ok: false, reason: '"0255" is not a country calling code (1 to 3 digits, e.g. 255)' },
		],
		[
			'2555',
			{ ok: false, reason: '"2555" is not a country calling code (1 to 3 digits, e.g. 255)' },
		],
		['TZ', { ok: false, reason: '"TZ" is not a country calling code (1 to 3 digits, e.g. 255)' }],
		['+', { ok: true, value: undefined }],
	])('%j', (input, expected) => {
		expect(parseCountryCode(input)).toEqual(expected);
	});
});

describe('splitRecipients and parseRecipients', () => {
	const A = '+255712345678';
	const B = '+255713000111';
	const C = '+255714000222';
	const D = '+255715000333';

	it.each<[string, unknown, string[]]>([
		['commas', `${A}, ${B},${C}`, [A, B, C]],
		['semicolons', `${A};${B}; ${C}`, [A, B, C]],
		['new lines', `${A}\n${B}\r\n${C}\n`, [A, B, C]],
		['mixed separators and blanks', `${A},,\n ;${B};\n\n${C}, ${D}`, [A, B, C, D]],
		['an array', [A, B], [A, B]],
		['an array of separated strings', [`${A}, ${B}`, C], [A, B, C]],
		['a nested array', [[A], [[B, C]], D], [A, B, C, D]],
		['a single number', A, [A]],
	])('splits %s', (_label, input, expected) => {
		expect(splitRecipients(input)).toEqual(expected);
		expect(parseRecipients(input)).toEqual({
			recipients: expected,
			duplicates: [],
			invalid: [],
			rewritten: [],
		});
	});

	it('gives nothing for empty input', () => {
		expect(parseRecipients('')).toEqual({
			recipients: [],
			duplicates: [],
			invalid: [],
			rewritten: [],
		});
		expect(parseRecipients(' , ;\n')).toEqual({
			recipients: [],
			duplicates: [],
			invalid: [],
			rewritten: [],
		});
		expect(parseRecipients(undefined)).toEqual({
			recipients: [],
			duplicates: [],
			invalid: [],
			rewritten: [],
		});
		expect(parseRecipients([])).toEqual({
			recipients: [],
			duplicates: [],
			invalid: [],
			rewritten: [],
		});
	});

	it('keeps a number given more than once (in any spelling) once, in first-seen order, and lists it in duplicates', () => {
		const result = parseRecipients(
			`${A}, ${B}, 0712 345 678, +255 712-345-678, ${C}, 255713000111, ${B}`,
			'255',
		);
		expect(result).toEqual({
			recipients: [A, B, C],
			duplicates: [A, B],
			invalid: [],
			rewritten: [],
		});
	});

	it('normalises every entry with the default country code', () => {
		expect(parseRecipients(['0712345678', 255713000111, '+255 714 000 222'], '255')).toEqual({
			recipients: [A, B, C],
			duplicates: [],
			invalid: [],
			rewritten: [],
		});
	});

	it('lists each invalid entry with its value and reason, and still reads the valid ones', () => {
		const result = parseRecipients([
			A,
			'not-a-number',
			{ phone: B },
			'0712345678',
			'00255713000111',
		]);
		expect(result).toEqual({
			recipients: [A],
			duplicates: [],
			invalid: [
				{ value: 'not-a-number', reason: BAD_CHARACTERS },
				{ value: '{"phone":"+255713000111"}', reason: 'expected a phone number, got an object' },
				{ value: '0712345678', reason: LOCAL_WITHOUT_CODE },
				{
					value: '00255713000111',
					reason: 'write the international prefix 00 as +, e.g. +255713000111',
				},
			],
			rewritten: [],
		});
	});
});

describe('numbers by the numbering plan (numberingPlan.ts)', () => {
	const rewritten = (value: string) => ({ ok: true, value, rewritten: true });

	it.each<[string, string | undefined, unknown]>([
		// A trunk 0 after the country code of a country in the table is dropped, and said.
		['+255 0712 345 678', undefined, rewritten('+255712345678')],
		['+254 0722 000 614', undefined, rewritten('+254722000614')],
		['+2550712345678', undefined, rewritten('+255712345678')],
		['+255 (0)712 345 678', undefined, rewritten('+255712345678')],
		['2550712345678', '255', rewritten('+255712345678')],
		// Elsewhere only a 0 in parentheses is a trunk 0: Italy's numbers start with 0.
		['+44 (0)20 7946 0958', undefined, rewritten('+442079460958')],
		['+39 06 6982 0000', undefined, { ok: true, value: '+390669820000' }],
		// Lengths by the plans.
		['+256 772 123 456', undefined, { ok: true, value: '+256772123456' }],
		['+257 79 123 456', undefined, { ok: true, value: '+25779123456' }],
		['+265 1 789 123', undefined, { ok: true, value: '+2651789123' }],
		['+265 991 234 567', undefined, { ok: true, value: '+265991234567' }],
		['+258 21 123 456', undefined, { ok: true, value: '+25821123456' }],
		['+258 82 123 4567', undefined, { ok: true, value: '+258821234567' }],
		['0712 345 678', '255', { ok: true, value: '+255712345678' }],
	])('%s (code %s)', (input, countryCode, expected) => {
		expect(normalizePhone(input, countryCode)).toEqual(expected);
	});

	it.each<[string, string | undefined, string]>([
		[
			'+255 712 345 67',
			undefined,
			'a number in Tanzania (+255) has 9 digits after the country code, this one has 8',
		],
		[
			'+255 712 345 6789',
			undefined,
			'a number in Tanzania (+255) has 9 digits after the country code, this one has 10',
		],
		[
			'+257 791 234 567',
			undefined,
			'a number in Burundi (+257) has 8 digits after the country code, this one has 9',
		],
		[
			'+265 99 123 456',
			undefined,
			'a number in Malawi (+265) has 7 or 9 digits after the country code, this one has 8',
		],
		[
			'+255 00712 345 678',
			undefined,
			'a number in Tanzania (+255) has 9 digits after the country code, the first not 0',
		],
		[
			'071234567',
			'255',
			'a number in Tanzania (+255) has 9 digits after the country code, this one has 8',
		],
	])('%s fails naming the digits expected', (input, countryCode, reason) => {
		expect(normalizePhone(input, countryCode)).toEqual({ ok: false, reason });
	});

	it('the recipients say which numbers were rewritten, as given and as sent', () => {
		expect(parseRecipients('+255 0712 345 678, +254 0722 000 614, +255713000111')).toEqual({
			recipients: ['+255712345678', '+254722000614', '+255713000111'],
			duplicates: [],
			invalid: [],
			rewritten: [
				{ given: '+255 0712 345 678', sent: '+255712345678' },
				{ given: '+254 0722 000 614', sent: '+254722000614' },
			],
		});
	});

	it('every country of the table is checked', () => {
		for (const plan of NUMBERING_PLANS) {
			const short = `+${plan.code}${'7'.repeat(Math.min(...plan.lengths) - 1)}`;
			expect(normalizePhone(short).ok).toBe(false);
			const right = `+${plan.code}${'7'.repeat(plan.lengths[0])}`;
			expect(normalizePhone(right)).toEqual({ ok: true, value: right });
		}
	});
});

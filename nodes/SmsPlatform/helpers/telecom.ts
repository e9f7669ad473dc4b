import { byNumberingPlan, withoutMarkedTrunkZero } from './numberingPlan';
import { describeType } from './parameters';

/**
 * The two telecom standards an SMS is measured by: E.164 for the numbers it goes to (ITU-T: normalising, checking and
 * splitting the recipients) and GSM 03.38 for the parts it is sent as (3GPP: what a message costs).
 */

/** E.164: a plus, then 7 to 15 digits, the first not 0. */
export const E164 = /^\+[1-9]\d{6,14}$/;

export interface PhoneResult {
	ok: boolean;
	/** The E.164 number, when ok. */
	value?: string;
	/** Why the input is not a usable number, when not ok. */
	reason?: string;
	/** A trunk 0 written after the country code was dropped (numberingPlan.ts): the number sent is not the one given. */
	rewritten?: boolean;
}

/** Validates and returns a default country code given as `255`, `+255` or `00255`. */
export function parseCountryCode(raw: unknown): { ok: boolean; value?: string; reason?: string } {
	if (raw === undefined || raw === null) return { ok: true, value: undefined };
	const text = String(raw)
		.trim()
		.replace(/^(\+|00)/, '');
	if (text === '') return { ok: true, value: undefined };
	if (!/^[1-9]\d{0,2}$/.test(text)) {
		return {
			ok: false,
			reason: `"${String(raw)}" is not a country calling code (1 to 3 digits, e.g. 255)`,
		};
	}
	return { ok: true, value: text };
}

/**
 * Normalises one phone number to E.164: strips spaces, dashes, dots and parentheses; with a default country code,
 * a local `0XXXXXXXXX` becomes `+<code>XXXXXXXXX` and a bare `<code>XXXXXXXXX` gets its `+`. The number is then read
 * by its country's numbering plan (numberingPlan.ts: a trunk 0 after the country code dropped, the length checked
 * where the table knows it). Anything else that is not E.164 is refused with the reason.
 */
export function normalizePhone(raw: unknown, countryCode?: string): PhoneResult {
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		return { ok: false, reason: `expected a phone number, got ${describeType(raw)}` };
	}
	const original = String(raw).trim();
	if (original === '') return { ok: false, reason: 'the phone number is empty' };
	const marked = withoutMarkedTrunkZero(original);
	const compact = marked.text.replace(/[\s\-.()\u00a0]/g, '');
	if (/[^+\d]/.test(compact)) {
		return {
			ok: false,
			reason:
				'a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses',
		};
	}
	if (compact.lastIndexOf('+') > 0)
		return { ok: false, reason: 'the + may only stand at the start' };
	const candidate = internationalForm(compact, countryCode);
	if (!candidate.ok || !candidate.value) return candidate;
	const read = byNumberingPlan(candidate.value);
	if (!read.ok) return read;
	if (!E164.test(read.value)) return e164Refusal(read.value, candidate.local);
	const rewritten = marked.dropped || read.trunkZeroDropped;
	return rewritten ? { ok: true, value: read.value, rewritten } : { ok: true, value: read.value };
}

/** A number's `+` form before any check (E.164 or a numbering plan), or why it has none. */
function internationalForm(
	compact: string,
	countryCode?: string,
): PhoneResult & { local?: boolean } {
	if (compact.startsWith('+')) {
		if (compact[1] === '0')
			return { ok: false, reason: 'after the + comes the country code, which never starts with 0' };
		return { ok: true, value: compact };
	}
	if (compact.startsWith('00')) {
		return {
			ok: false,
			reason: `write the international prefix 00 as +, e.g. +${compact.slice(2)}`,
		};
	}
	if (countryCode) {
		if (compact.startsWith('0'))
			return { ok: true, value: `+${countryCode}${compact.slice(1)}`, local: true };
		if (compact.startsWith(countryCode) && compact.length > countryCode.length + 4)
			return { ok: true, value: `+${compact}` };
		return {
			ok: false,
			reason: `not E.164 and neither a local number starting with 0 nor a number starting with the country code ${countryCode}`,
		};
	}
	if (compact.startsWith('0')) {
		return {
			ok: false,
			reason:
				'a local number: set "Default Country Code" in the options, or write it in E.164 (+255...)',
		};
	}
	return {
		ok: false,
		reason: 'not in E.164 format: start with + and the country code, e.g. +255712345678',
	};
}

/** Why a `+` number is not E.164 (7 to 15 digits). */
function e164Refusal(number: string, local?: boolean): PhoneResult {
	if (local)
		return {
			ok: false,
			reason: `local number gives ${number}, which is not a valid E.164 number`,
		};
	const digits = number.length - 1;
	return {
		ok: false,
		reason:
			digits < 7
				? `too short for an E.164 number (${digits} digits, at least 7)`
				: `too long for an E.164 number (${digits} digits, at most 15)`,
	};
}

export interface RecipientList {
	/** E.164 numbers in the order given, each once. */
	recipients: string[];
	/** Numbers given more than once (after normalisation), each listed once. */
	duplicates: string[];
	/** Entries that are not usable numbers. */
	invalid: Array<{ value: string; reason: string }>;
	/** Numbers whose trunk 0 was dropped: as given, and as sent. */
	rewritten: Array<{ given: string; sent: string }>;
}

/** Splits the Recipients field: a comma-, semicolon- or newline-separated string, or a list from an expression. */
export function splitRecipients(input: unknown): unknown[] {
	if (input === undefined || input === null) return [];
	if (Array.isArray(input))
		return input.flatMap((entry) =>
			Array.isArray(entry)
				? splitRecipients(entry)
				: typeof entry === 'string'
					? splitRecipients(entry)
					: [entry],
		);
	if (typeof input === 'string') {
		return input
			.split(/[,;\n\r]+/)
			.map((part) => part.trim())
			.filter((part) => part !== '');
	}
	return [input];
}

export function parseRecipients(input: unknown, countryCode?: string): RecipientList {
	const recipients: string[] = [];
	const seen = new Set<string>();
	const duplicates = new Set<string>();
	const invalid: Array<{ value: string; reason: string }> = [];
	const rewritten: Array<{ given: string; sent: string }> = [];
	for (const entry of splitRecipients(input)) {
		const result = normalizePhone(entry, countryCode);
		if (!result.ok || !result.value) {
			invalid.push({
				value: typeof entry === 'object' ? JSON.stringify(entry) : String(entry),
				reason: result.reason ?? 'invalid',
			});
			continue;
		}
		if (result.rewritten) rewritten.push({ given: String(entry).trim(), sent: result.value });
		if (seen.has(result.value)) {
			duplicates.add(result.value);
			continue;
		}
		seen.add(result.value);
		recipients.push(result.value);
	}
	return { recipients, duplicates: [...duplicates], invalid, rewritten };
}

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

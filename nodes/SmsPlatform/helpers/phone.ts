/** E.164: a plus, then 7 to 15 digits, the first not 0. */
export const E164 = /^\+[1-9]\d{6,14}$/;

export interface PhoneResult {
	ok: boolean;
	/** The E.164 number, when ok. */
	value?: string;
	/** Why the input is not a usable number, when not ok. */
	reason?: string;
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
 * a local `0XXXXXXXXX` becomes `+<code>XXXXXXXXX` and a bare `<code>XXXXXXXXX` gets its `+`. Anything else that is
 * not E.164 is refused with the reason.
 */
export function normalizePhone(raw: unknown, countryCode?: string): PhoneResult {
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		return { ok: false, reason: `expected a phone number, got ${describeType(raw)}` };
	}
	const original = String(raw).trim();
	if (original === '') return { ok: false, reason: 'the phone number is empty' };
	const compact = original.replace(/[\s\-.()\u00a0]/g, '');
	if (/[^+\d]/.test(compact)) {
		return {
			ok: false,
			reason:
				'a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses',
		};
	}
	if (compact.lastIndexOf('+') > 0)
		return { ok: false, reason: 'the + may only stand at the start' };
	if (compact.startsWith('+')) {
		if (E164.test(compact)) return { ok: true, value: compact };
		const digits = compact.length - 1;
		if (compact[1] === '0')
			return { ok: false, reason: 'after the + comes the country code, which never starts with 0' };
		return {
			ok: false,
			reason:
				digits < 7
					? `too short for an E.164 number (${digits} digits, at least 7)`
					: `too long for an E.164 number (${digits} digits, at most 15)`,
		};
	}
	if (compact.startsWith('00')) {
		return {
			ok: false,
			reason: `write the international prefix 00 as +, e.g. +${compact.slice(2)}`,
		};
	}
	if (countryCode) {
		if (compact.startsWith('0')) {
			const candidate = `+${countryCode}${compact.slice(1)}`;
			if (E164.test(candidate)) return { ok: true, value: candidate };
			return {
				ok: false,
				reason: `local number gives ${candidate}, which is not a valid E.164 number`,
			};
		}
		if (compact.startsWith(countryCode)) {
			const candidate = `+${compact}`;
			if (E164.test(candidate) && compact.length > countryCode.length + 4)
				return { ok: true, value: candidate };
		}
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

/**
 * A phone number as the payment's buyer may type it (local `0712 345 678` or international `+255 712 345 678`): the
 * service takes it as typed and normalises it itself (the API reference shows a local number there).
 */
export function looksLikePhone(text: string): boolean {
	return /^\+?[\d\s\-.()]{6,20}$/.test(text);
}

export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing (undefined)';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return 'text';
	return `a ${typeof value}`;
}

export interface RecipientList {
	/** E.164 numbers in the order given, each once. */
	recipients: string[];
	/** Numbers given more than once (after normalisation), each listed once. */
	duplicates: string[];
	/** Entries that are not usable numbers. */
	invalid: Array<{ value: string; reason: string }>;
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
	for (const entry of splitRecipients(input)) {
		const result = normalizePhone(entry, countryCode);
		if (!result.ok || !result.value) {
			invalid.push({
				value: typeof entry === 'object' ? JSON.stringify(entry) : String(entry),
				reason: result.reason ?? 'invalid',
			});
			continue;
		}
		if (seen.has(result.value)) {
			duplicates.add(result.value);
			continue;
		}
		seen.add(result.value);
		recipients.push(result.value);
	}
	return { recipients, duplicates: [...duplicates], invalid };
}

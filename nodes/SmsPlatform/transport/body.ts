/**
 * Reading an answer: its body as JSON, an HTML page or text that is neither (one parser, one HTML rule), the service's
 * own words in it whatever shape its error body has, and its headers.
 */

export type ParsedBody =
	| { kind: 'json'; value: unknown }
	| { kind: 'html'; value: string }
	| { kind: 'invalid'; value: string };

/** The one place a body is parsed: JSON, an HTML page, or text that is neither. */
export function parseBody(raw: unknown): ParsedBody {
	if (typeof raw !== 'string') return { kind: 'json', value: raw ?? {} };
	const text = raw.trim();
	if (text === '') return { kind: 'json', value: {} };
	try {
		return { kind: 'json', value: JSON.parse(text) as unknown };
	} catch {
		if (looksLikeHtml(text)) return { kind: 'html', value: text };
		return { kind: 'invalid', value: text };
	}
}

/** The one rule for an HTML page (a proxy's error page, a website instead of the API). */
function looksLikeHtml(text: string): boolean {
	return /^\s*</.test(text) || /<\/(html|body|h1|title)>/i.test(text);
}

const MAX_TEXT = 300;

function clip(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT)}…` : flat;
}

function htmlText(text: string): string {
	const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
	const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text)?.[1];
	const picked = (title ?? h1 ?? '').replace(/<[^>]+>/g, ' ');
	return clip(picked) || 'the service answered with an HTML page instead of JSON';
}

const NO_MATCH = /No [\w .-]{1,80}? matches the given query\.?/i;

/** Django's "No <Thing> matches the given query.": a not-found that some servers answer with a 500. */
export function saysNoMatch(raw: unknown, words?: RegExp): boolean {
	const text = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
	return NO_MATCH.test(text) || (words?.test(text) ?? false);
}

// ---- The service's own words ----

/** What the service said, read from whatever body shape it used. */
export interface ServerWords {
	message: string;
	code?: string;
	details?: unknown;
}

function stringify(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (Array.isArray(value)) return value.map(stringify).filter(Boolean).join('; ');
	if (typeof value === 'object') {
		const record = value as Record<string, unknown>;
		for (const key of ['message', 'error', 'detail', 'msg']) {
			if (typeof record[key] === 'string') return record[key] as string;
		}
		return fieldErrors(record) ?? JSON.stringify(value);
	}
	return String(value);
}

/** DRF-style `{ "field": ["msg", ...] }` → "field: msg; other: msg". */
function fieldErrors(record: Record<string, unknown>): string | undefined {
	const parts: string[] = [];
	for (const [field, value] of Object.entries(record)) {
		if (
			Array.isArray(value) &&
			value.every((v) => typeof v === 'string' || typeof v === 'object')
		) {
			const text = value.map(stringify).filter(Boolean).join(', ');
			if (text) parts.push(field === 'non_field_errors' ? text : `${field}: ${text}`);
		} else if (typeof value === 'string' && field !== 'code' && field !== 'status') {
			parts.push(`${field}: ${value}`);
		}
	}
	return parts.length ? parts.join('; ') : undefined;
}

/**
 * Parses every error body shape seen in the wild: `{error, code, details}` (documented), `{detail}`, `{message}`,
 * `{success: false, message, error_code}`, DRF field dicts, plain text and HTML pages.
 */
export function readServerWords(body: unknown): ServerWords | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	if (typeof body === 'string') {
		const trimmed = body.trim();
		if (!trimmed) return undefined;
		const parsed = parseBody(trimmed);
		if (parsed.kind === 'json' && parsed.value && typeof parsed.value === 'object') {
			return readServerWords(parsed.value);
		}
		return { message: parsed.kind === 'html' ? htmlText(trimmed) : clip(trimmed) };
	}
	if (Array.isArray(body)) {
		const text = stringify(body);
		return text ? { message: clip(text) } : undefined;
	}
	if (typeof body !== 'object') return { message: clip(String(body)) };
	const record = body as Record<string, unknown>;
	const code = [record.code, record.error_code, record.errorCode].find(
		(value) => typeof value === 'string' || typeof value === 'number',
	);
	let message: string | undefined;
	if (typeof record.error === 'string') message = record.error;
	else if (record.error && typeof record.error === 'object') message = stringify(record.error);
	if (!message && typeof record.detail === 'string') message = record.detail;
	if (!message && typeof record.message === 'string') message = record.message;
	if (!message && typeof record.msg === 'string') message = record.msg;
	if (!message && Array.isArray(record.errors)) message = stringify(record.errors);
	const details = record.details ?? record.errors;
	// `{error: "...", details: {field: [..]}}`: add the field messages when they say more.
	if (message && details && typeof details === 'object' && !Array.isArray(details)) {
		const fields = fieldErrors(details as Record<string, unknown>);
		if (fields && !message.includes(fields)) message = `${message} (${fields})`;
	}
	if (!message) message = fieldErrors(record);
	if (!message) return undefined;
	return {
		message: clip(message),
		code: code === undefined ? undefined : String(code),
		details: record.details,
	};
}

/** An answer's headers by lower-case name, each one text (a repeated header's values joined). */
export function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (!headers || typeof headers !== 'object') return out;
	for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
		if (value === undefined || value === null) continue;
		out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return out;
}

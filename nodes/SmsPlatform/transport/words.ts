/**
 * The service's own words in an answer, whatever shape its error body has (JSON of several kinds, an HTML page, plain
 * text): what errors quote to the user. Read only when something went wrong.
 */

/** The one rule for an HTML page (a proxy's error page, a website instead of the API). */
export function looksLikeHtml(text: string): boolean {
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

function jsonIn(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

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
		// A body handed over as text (readAnswer.ts parses the answers it reads; an error's body may come unparsed).
		const json = jsonIn(trimmed);
		if (json && typeof json === 'object') return readServerWords(json);
		return { message: looksLikeHtml(trimmed) ? htmlText(trimmed) : clip(trimmed) };
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

import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** What the service said, read from whatever body shape it used. */
export interface ServerWords {
	message: string;
	code?: string;
	details?: unknown;
}

const MAX_TEXT = 300;

function clip(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT)}…` : flat;
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

function looksLikeHtml(text: string): boolean {
	return (
		/^\s*<(!doctype|html|head|body|\?xml)/i.test(text) || /<\/(html|body|h1|title)>/i.test(text)
	);
}

function htmlText(text: string): string {
	const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
	const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text)?.[1];
	const picked = (title ?? h1 ?? '').replace(/<[^>]+>/g, ' ');
	return clip(picked) || 'the service answered with an HTML page instead of JSON';
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
		try {
			const parsed = JSON.parse(trimmed) as unknown;
			if (parsed && typeof parsed === 'object') return readServerWords(parsed);
		} catch {
			// not JSON: plain text or HTML
		}
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

const STATUS_TEXT: Record<number, string> = {
	400: 'Bad request',
	401: 'Authentication failed',
	402: 'Payment required',
	403: 'Forbidden',
	404: 'Not found',
	405: 'Method not allowed',
	409: 'Conflict',
	422: 'Unprocessable request',
	429: 'Too many requests',
	500: 'Internal server error',
	502: 'Bad gateway',
	503: 'Service unavailable',
	504: 'Gateway timeout',
};

/** What to do about it, by status. */
export function adviceFor(status: number | undefined, context: { isSend?: boolean } = {}): string {
	if (status === 400 || status === 422) {
		return 'The service refused the request as invalid: check the fields named in the message.';
	}
	if (status === 401) {
		return 'Check the credential: the API key may be wrong, revoked or sent in the wrong header, or the e-mail and password no longer log in.';
	}
	if (status === 402)
		return 'The account has too few credits: buy an SMS package or top up the balance.';
	if (status === 403) {
		return 'The credential is valid but lacks permission for this operation (e.g. partner operations need a partner API key).';
	}
	if (status === 404) {
		return 'The id does not exist on the service (or belongs to another account): check the value, and the Base URL of the credential.';
	}
	if (status === 429) {
		return 'The service’s rate limit (1000 requests an hour) is used up: wait for it to reset, raise "Max Rate-Limit Wait", or send fewer requests (e.g. with "Combine Items").';
	}
	if (status !== undefined && status >= 500) {
		return context.isSend
			? 'The service had trouble. The message may or may not have been accepted: it was not re-sent automatically, to avoid a duplicate SMS. Check the message log or balance before sending again.'
			: 'The service had trouble and the request was retried without success. Try again later.';
	}
	return 'Check the request and try again.';
}

export function statusText(status: number): string {
	return STATUS_TEXT[status] ?? (status >= 500 ? 'Server error' : 'Request failed');
}

export interface ApiErrorInput {
	status?: number;
	body?: unknown;
	method: string;
	path: string;
	itemIndex?: number;
	isSend?: boolean;
	/** Overrides the message read from the body (e.g. network failures). */
	message?: string;
	description?: string;
	/** A request that is not safe to repeat failed after it may have reached the service (5xx, time-out, dropped). */
	mayHaveBeenAccepted?: boolean;
}

/** Builds the error a user sees: the server's own words and the HTTP status, with what to do about it. */
export function buildApiError(node: INode, input: ApiErrorInput): NodeApiError {
	const words = readServerWords(input.body);
	const status = input.status;
	const base = input.message ?? words?.message ?? (status ? statusText(status) : 'Request failed');
	const message = status ? `${base} [HTTP ${status}]` : base;
	const extra: string[] = [];
	if (words?.code) extra.push(`Error code: ${words.code}.`);
	extra.push(`Request: ${input.method} ${input.path}.`);
	const description = `${input.description ?? adviceFor(status, { isSend: input.isSend })} ${extra.join(' ')}`;
	const error = new NodeApiError(
		node,
		{ message, description, httpCode: status ? String(status) : undefined } as JsonObject,
		{ itemIndex: input.itemIndex, httpCode: status ? String(status) : undefined },
	);
	// NodeApiError rewrites messages that contain common error codes: keep exactly ours.
	error.message = message;
	error.description = description;
	if (words?.code) error.context.errorCode = words.code;
	if (words?.details !== undefined) error.context.details = words.details as JsonObject;
	if (status) error.httpCode = String(status);
	if (input.mayHaveBeenAccepted) error.context.mayHaveBeenAccepted = true;
	return error;
}

/** Whether the request behind this error may have been carried out by the service although it failed here. */
export function mayHaveBeenAccepted(error: unknown): boolean {
	return (
		(error as { context?: { mayHaveBeenAccepted?: unknown } })?.context?.mayHaveBeenAccepted ===
		true
	);
}

import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import type { RequestSettings } from './defaults';
import type { NetworkFailure } from './policy';

/**
 * Reading the service's answers and building every error the user sees. One body parser (parseBody), one rule for
 * HTML pages (looksLikeHtml), one reader of the service's own words (readServerWords); then the resource inside an
 * answer (unwrapObject, unwrapList), and every error with its advice (buildApiError and the named errors below).
 */

/** What an error needs to know of the request it is about. */
export interface RequestInfo {
	method: string;
	path: string;
	itemIndex?: number;
	/** A send: errors say that nothing was re-sent. */
	isSend?: boolean;
	/** What this endpoint says, in a 5xx, for an id that may not exist (beside "No … matches the given query"). */
	noMatchWords?: RegExp;
}

// ---- Bodies ----

type ParsedBody =
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

// ---- The resource inside an answer ----

function isPlainObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const WRAPPER_KEYS = ['data', 'transaction', 'message', 'stats', 'result'];

/** Keys of an envelope that say something about the answer, never the resource itself. */
const ENVELOPE_KEYS = new Set([
	'success',
	'status',
	'timestamp',
	'message',
	'detail',
	'code',
	'error_code',
	'errors',
	'meta',
	'links',
]);

/**
 * Single-object responses may come bare or in any envelope (`{success, data}`, `{success, analytics}`,
 * `{success, timestamp, data, message}`, `{success, transaction}`...): returns the resource itself. An envelope is an
 * object with `success` (or with one key only) whose one object-valued field, besides the envelope's own fields, is
 * the resource. `preferred` names the wrapper the endpoint documents, tried first.
 */
export function unwrapObject(body: unknown, preferred?: string): IDataObject {
	if (!isPlainObject(body)) return {};
	if (preferred && isPlainObject(body[preferred])) return body[preferred];
	const keys = Object.keys(body);
	if ('success' in body || keys.length === 1) {
		const inner = keys.filter(
			(key) => isPlainObject(body[key]) && (!ENVELOPE_KEYS.has(key) || key === 'message'),
		);
		// Only object-valued fields next to envelope fields: the one object is the resource.
		const scalarsAreEnvelope = keys.every((key) => inner.includes(key) || ENVELOPE_KEYS.has(key));
		if (inner.length === 1 && scalarsAreEnvelope) return body[inner[0]] as IDataObject;
		for (const key of WRAPPER_KEYS) {
			if (isPlainObject(body[key])) return body[key];
		}
	}
	return body;
}

const LIST_KEYS = [
	'results',
	'activities',
	'data',
	'items',
	'notifications',
	'records',
	'packages',
	'tenants',
];

/** List responses may be a page envelope, `results`, `activities`, `data`, `items` or a bare array. */
export function unwrapList(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body.filter(isPlainObject);
	if (!isPlainObject(body)) return [];
	for (const key of LIST_KEYS) {
		const value = body[key];
		if (Array.isArray(value)) return value.filter(isPlainObject);
		if (isPlainObject(value)) {
			const nested = unwrapList(value);
			if (nested.length) return nested;
		}
	}
	return [];
}

/**
 * Whether a body is a list answer at all (a bare array, or an object holding one under a list key), as opposed to an
 * empty body, an error page or an unrelated object, which `unwrapList` would read as an empty list.
 */
export function isListBody(body: unknown): boolean {
	if (Array.isArray(body)) return true;
	if (!isPlainObject(body)) return false;
	for (const key of LIST_KEYS) {
		const value = body[key];
		if (Array.isArray(value)) return true;
		if (isPlainObject(value) && isListBody(value)) return true;
	}
	return false;
}

/** Total count from a page envelope, when the service gives one. */
export function listCount(body: unknown): number | undefined {
	if (!isPlainObject(body)) return undefined;
	const count = Number(body.count ?? (isPlainObject(body.data) ? body.data.count : undefined));
	return Number.isFinite(count) ? count : undefined;
}

/** Whether a page envelope says there is a next page: `undefined` when it does not say. */
export function hasNext(body: unknown): boolean | undefined {
	if (!isPlainObject(body)) return undefined;
	if (!('next' in body)) return undefined;
	return body.next !== null && body.next !== undefined && body.next !== '';
}

export function coerceNumbers<T extends IDataObject>(record: T, paths: string[]): T {
	for (const path of paths) coercePath(record, path.split('.'));
	return record;
}

function coercePath(target: unknown, parts: string[]): void {
	if (!isPlainObject(target) || parts.length === 0) return;
	const [head, ...rest] = parts;
	if (head.endsWith('[]')) {
		const list = target[head.slice(0, -2)];
		if (Array.isArray(list)) for (const entry of list) coercePath(entry, rest);
		return;
	}
	if (rest.length) {
		coercePath(target[head], rest);
		return;
	}
	const value = target[head];
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
		target[head] = Number(value);
	}
}

// ---- Errors ----

/** What happened, in the user's terms: the title of an error from the service's HTTP status. */
const TITLES: Record<number, string> = {
	400: 'The service refused the request as invalid',
	401: 'The service did not accept the credential',
	402: 'The account has too few credits',
	403: 'The credential is not allowed to do this',
	404: 'The service has no record with this ID',
	405: 'The service does not take this request',
	409: 'The request conflicts with what the service holds',
	422: 'The service refused the request as invalid',
	429: "The service's rate limit is used up",
};

function titleFor(status: number): string {
	return (
		TITLES[status] ??
		(status >= 500 ? 'The service could not answer' : 'The service refused the request')
	);
}

/** How the credential authenticates (its `authMethod`), for advice that speaks of the mode in use. */
export type CredentialMode = 'apiKeyBearer' | 'apiKeyHeader' | 'jwt';

/** What a 401 means for the mode in use, and which setting to try next. */
function refusedCredentialAdvice(mode: CredentialMode | undefined): string {
	if (mode === 'apiKeyBearer') {
		return "The API key, sent as 'Authorization: Bearer', was not accepted. Check the key in the credential. If it is right, set 'Authentication' to 'API Key (X-API-Key)': some servers read a Bearer value as a login token. For endpoints that take only the login, use a credential with 'Email and Password'.";
	}
	if (mode === 'apiKeyHeader') {
		return "The API key, sent as 'X-API-Key', was not accepted (a server that does not read this header answers as if no credential came). Check the key in the credential. If it is right, set 'Authentication' to 'API Key (Authorization: Bearer)'. For endpoints that take only the login, use a credential with 'Email and Password'.";
	}
	if (mode === 'jwt') {
		return "The login's token was not accepted. Check the email and password in the credential; if this endpoint takes only API keys, use a credential with 'Authentication' set to an API key.";
	}
	return 'Check the credential: the API key may be wrong, revoked or sent in the wrong header, or the email and password no longer log in.';
}

/** What to do about it, by status. */
export function adviceFor(
	status: number | undefined,
	context: { isSend?: boolean; mode?: CredentialMode } = {},
): string {
	if (status === 400 || status === 422) {
		return 'Check the fields the service names, then run the node again.';
	}
	if (status === 401) return refusedCredentialAdvice(context.mode);
	if (status === 402) return 'Buy an SMS package or top up the balance, then send again.';
	if (status === 403) {
		return 'The credential is valid but lacks permission for this operation (e.g. partner operations need a partner API key).';
	}
	if (status === 404) {
		return 'Check the ID (it may belong to another account) and the Base URL of the credential.';
	}
	if (status === 429) {
		return "The service allows 1000 requests an hour: wait for the limit to reset, raise 'Max Rate-Limit Wait' in 'Request Options', or send fewer requests (e.g. with 'Combine Items').";
	}
	if (status !== undefined && status >= 500) {
		return context.isSend
			? 'The message may or may not have been accepted: it was not re-sent automatically, to avoid a duplicate SMS. Check the message log or balance before sending again.'
			: 'The request was tried again without success. Try again later.';
	}
	return 'Check the request and try again.';
}

export interface ApiErrorInput {
	status?: number;
	body?: unknown;
	method: string;
	path: string;
	itemIndex?: number;
	isSend?: boolean;
	/** The credential's mode, for the advice on a 401. */
	mode?: CredentialMode;
	/** The title, when the status alone does not say what happened (e.g. network failures). */
	message?: string;
	/** What to do, when the status's advice does not fit. */
	description?: string;
	/** A request that is not safe to repeat failed after it may have reached the service (5xx, time-out, dropped). */
	mayHaveBeenAccepted?: boolean;
}

/**
 * Builds the error a user sees: a short title of what happened in the user's terms; in the description the
 * service's own words with the HTTP status, what to do about it, and the request.
 */
export function buildApiError(node: INode, input: ApiErrorInput): NodeApiError {
	const words = readServerWords(input.body);
	const status = input.status;
	const message =
		input.message ??
		(status ? titleFor(status) : (words?.message ?? 'The request did not go through'));
	const parts: string[] = [];
	const code = words?.code ? `, code ${words.code}` : '';
	if (words?.message)
		parts.push(`The service said: "${words.message}" (HTTP ${status ?? '-'}${code}).`);
	else if (status) parts.push(`The service answered HTTP ${status}.`);
	parts.push(input.description ?? adviceFor(status, { isSend: input.isSend, mode: input.mode }));
	parts.push(`Request: ${input.method} ${input.path}.`);
	const description = parts.join(' ');
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

/**
 * A 404 for a path the service does not have (an HTML "Not Found" page, or the words "Not found: GET /path"), as
 * opposed to a 404 for an id that does not exist (a JSON body such as `{"detail": "Not found."}`).
 */
function isNoSuchEndpoint(body: ParsedBody, req: RequestInfo): boolean {
	if (body.kind === 'html') return true;
	const words = readServerWords(body.value)?.message ?? '';
	return new RegExp(`^Not found: ${req.method} /`, 'i').test(words);
}

/** The value of a final answer, or the error it stands for. `idempotent`: the request could not do anything twice. */
export function readAnswer(
	node: INode,
	req: RequestInfo & { mode?: CredentialMode },
	status: number,
	raw: unknown,
	idempotent: boolean,
): unknown {
	const body = parseBody(raw);
	const where = { method: req.method, path: req.path, itemIndex: req.itemIndex, mode: req.mode };
	if (status >= 500 && !saysNoMatch(raw) && saysNoMatch(raw, req.noMatchWords)) {
		// Words this endpoint answers for an unknown id and for its own failures alike: the id may not exist.
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			message: 'The service could not read the record with this ID: the ID may not exist',
			description: `It gives this answer for an ID that does not exist (or belongs to another user), so the request was not tried again. Check the ID; if it is right, the service failed on its side.`,
		});
	}
	if (status >= 500 && saysNoMatch(raw)) {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			message: titleFor(404),
			description: `It answers this way for an ID that does not exist (or belongs to another account), so the request was not tried again. Check the ID.`,
		});
	}
	if (status === 404 && isNoSuchEndpoint(body, req)) {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			message: `The service has no such endpoint: ${req.method} ${req.path}`,
			description:
				'Check the Base URL in the credential, or the service may not offer this operation. (An ID that does not exist is answered differently.)',
		});
	}
	if (status < 200 || status >= 300) {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			isSend: req.isSend,
			mayHaveBeenAccepted: !idempotent && status >= 500,
		});
	}
	if (body.kind === 'html') {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			mayHaveBeenAccepted: !idempotent,
			message: 'The service answered with a web page instead of data',
			description:
				'The Base URL probably points at a website or proxy rather than the API: check it in the credential.',
		});
	}
	if (body.kind === 'invalid') {
		throw buildApiError(node, {
			...where,
			status,
			mayHaveBeenAccepted: !idempotent,
			message: "The service's answer is not valid JSON",
			description: `It answered: ${String(body.value).slice(0, 120)}. ${
				req.isSend
					? 'The request may have been processed; it was not repeated. Check the message log before sending again.'
					: 'The service or a proxy in front of it gave a broken answer. Try again later.'
			}`,
		});
	}
	const value = body.value;
	if (
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		(value as IDataObject).success === false
	) {
		throw buildApiError(node, {
			...where,
			status,
			body: value,
			isSend: req.isSend,
			message: 'The service says the request did not go through',
			description:
				"It answered with 'success: false'. Check the fields it names, then run the node again.",
		});
	}
	return value;
}

/** No answer at all: what failed, and whether the request may have reached the service. */
export function networkError(
	node: INode,
	req: RequestInfo,
	failure: NetworkFailure,
	context: { baseUrl: string; attempts: number; idempotent: boolean; settings: RequestSettings },
): NodeApiError {
	const { neverConnected, timedOut, code } = failure;
	const what = neverConnected
		? `Could not connect to the SMS Platform service at ${context.baseUrl}`
		: timedOut
			? `The SMS Platform service did not answer within ${Math.round(context.settings.timeoutMs / 1000)} s`
			: `The connection to the SMS Platform service broke off${code ? '' : ` (${failure.message})`}`;
	const advice = neverConnected
		? 'Check the Base URL in the credential and that the service is reachable from n8n.'
		: req.isSend || !context.idempotent
			? 'The service may have accepted the request before the connection broke off, so it was NOT repeated automatically (a repeated send would cost a duplicate SMS). Check the message log, balance or list before trying again.'
			: `The request was tried ${context.attempts} times. Check that the service is up, or raise the timeout in Request Options.`;
	return buildApiError(node, {
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		message: `${what}${code ? ` (${code})` : ''}`,
		description: advice,
		mayHaveBeenAccepted: !context.idempotent && !neverConnected,
	});
}

/** The rate limit resets later than the request may wait. */
export function tooLongWaitError(
	node: INode,
	req: RequestInfo,
	waitMs: number,
	maxMs: number,
): NodeApiError {
	return buildApiError(node, {
		status: 429,
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		message: `The service's rate limit is used up and resets in ${Math.ceil(waitMs / 1000)} s, longer than the maximum wait of ${Math.round(maxMs / 1000)} s`,
		description:
			'Nothing was sent for this request. Raise "Max Rate-Limit Wait" in the node\'s Request Options, run the workflow later, or use fewer requests (e.g. "Combine Items" when sending).',
	});
}

/**
 * A 401 for a credential that is fine: a token its login had just issued (JWT), or an API key the service's API-key
 * endpoint accepts. The endpoint does not take this kind of credential.
 */
export function refusedCredentialError(
	node: INode,
	req: RequestInfo,
	body: unknown,
	kind: 'jwt' | 'apiKey',
): NodeApiError {
	const error = buildApiError(node, {
		status: 401,
		body,
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		isSend: req.isSend,
		message:
			kind === 'jwt'
				? 'This endpoint does not accept the email and password login'
				: 'This endpoint does not accept an API key',
		description:
			kind === 'jwt'
				? "The email and password are right: the login worked, and this endpoint refused the token it had just issued. Use an SMS Platform credential with 'Authentication' set to an API key for this operation."
				: "The API key is right: the service's API-key endpoints accept it, and this one refused it. Use an SMS Platform credential with 'Authentication' set to 'Email and Password' for this operation.",
	});
	// Asking again will not help: callers that poll stop on it.
	error.context.credentialNotAccepted = kind;
	return error;
}

/** Whether an error says this endpoint does not take the credential's kind (retrying cannot help). */
export function credentialNotAccepted(error: unknown): boolean {
	return (
		typeof (error as { context?: { credentialNotAccepted?: unknown } })?.context
			?.credentialNotAccepted === 'string'
	);
}

/**
 * An answer that came (2xx) but does not hold what the request is for: an empty record, a field the operation exists
 * to return, a list. Outputting it would pass for a success, so it is an error that shows what came instead.
 */
export function unexpectedAnswerError(
	node: INode,
	answer: { statusCode: number; body: unknown; path: string; itemIndex?: number },
	problem: { message: string; description: string; shown?: number },
): NodeApiError {
	const shown = JSON.stringify(answer.body)?.slice(0, problem.shown ?? 200) ?? 'an empty body';
	return buildApiError(node, {
		method: 'GET',
		path: answer.path,
		itemIndex: answer.itemIndex,
		message: problem.message,
		description: `It answered (HTTP ${answer.statusCode}): ${shown}. ${problem.description}`,
	});
}

/** An error of the login (JWT mode) a request ran first: its message already says what to do. */
export function loginError(node: INode, message: string, itemIndex?: number): NodeApiError {
	return buildApiError(node, {
		method: 'POST',
		path: endpoints.logIn().path,
		itemIndex,
		message,
		description: 'Check the email, password and Base URL of the SMS Platform credential.',
	});
}

/** Why the login failed, from its HTTP status and what the service said. */
export function loginFailureMessage(
	code: unknown,
	answer: unknown,
	failureMessage: string | undefined,
): string {
	const words = readServerWords(answer)?.message;
	const said = words ? ` ("${words}")` : '';
	if (String(code) === '400' || String(code) === '401' || String(code) === '403') {
		return `The SMS Platform login did not work (HTTP ${String(code)}): the email or password was refused${said}. Check them in the credential.`;
	}
	if (code !== undefined && code !== null && String(code) !== '') {
		return `The SMS Platform login did not work (HTTP ${String(code)})${words ? `: "${words}"` : `: ${failureMessage}`}. ${String(code) === '404' ? `This service has no login at POST ${endpoints.logIn().path}: check the Base URL.` : `Check the Base URL: the login is POST ${endpoints.logIn().path} below it.`}`;
	}
	return `The SMS Platform login did not work: ${failureMessage}. Check the Base URL.`;
}

/** What is wrong with a Base URL the credential gives (see parseBaseUrl in credential.ts). */
export type BaseUrlProblem = { problem: 'notHttp' | 'queryOrFragment'; value: string };

/** The Base URL error of a node run (the panel shows it with the item). */
export function baseUrlError(
	node: INode,
	{ problem, value }: BaseUrlProblem,
	itemIndex?: number,
): NodeOperationError {
	if (problem === 'notHttp') {
		return new NodeOperationError(
			node,
			`The credential's Base URL "${value}" is not an http:// or https:// URL`,
			{
				itemIndex,
				description:
					'Open the SMS Platform credential and enter the service address with its scheme, e.g. https://api.example.com (or http://localhost:4010 for the sandbox).',
			},
		);
	}
	return new NodeOperationError(
		node,
		`The credential's Base URL "${value}" must not contain a query (?) or fragment (#)`,
		{
			itemIndex,
			description:
				'Use only the scheme, host and optional path prefix, e.g. https://api.example.com',
		},
	);
}

/** The same, as the credential modal shows it (n8n checks a field's pattern only in the node panel). */
export function baseUrlMessage({ problem, value }: BaseUrlProblem): string {
	return problem === 'notHttp'
		? `The Base URL "${value}" is not an http:// or https:// address. Enter the service's address with its scheme, e.g. https://api.example.com`
		: `The Base URL "${value}" must not contain a query (?) or fragment (#): enter only the scheme, host and optional path prefix, e.g. https://api.example.com`;
}

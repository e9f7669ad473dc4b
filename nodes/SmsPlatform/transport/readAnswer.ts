import type { IDataObject, INode } from 'n8n-workflow';

import { looksLikeHtml, readServerWords } from './words';
import {
	buildApiError,
	type CredentialMode,
	type RequestInfo,
	type ServiceError,
	noRecordTitle,
} from './errors';

/**
 * The final answer to a request: its body parsed, its value, or the error it stands for (the service's own words are
 * read in words.ts).
 */

export type ParsedBody =
	| { kind: 'json'; value: unknown }
	| { kind: 'html'; value: string }
	| { kind: 'invalid'; value: string };

/** The one place an answer is parsed: JSON, an HTML page, or text that is neither. */
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

const NO_MATCH = /No [\w .-]{1,80}? matches the given query\.?/i;

/** Django's "No <Thing> matches the given query.": a not-found that some servers answer with a 500. */
export function saysNoMatch(raw: unknown, words?: RegExp): boolean {
	const text = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
	return NO_MATCH.test(text) || (words?.test(text) ?? false);
}

/**
 * The server does not have this route: a 404 or 405 on a path that names no record, or on any path an HTML "Not
 * Found" page or the words "Not found: GET /path". A JSON 404 on a path that names a record (`{"detail": "Not
 * found."}`) is that record's: the id does not exist.
 */
function isRouteMissing(status: number, body: ParsedBody, req: RequestInfo): boolean {
	if (status !== 404 && status !== 405) return false;
	if (!req.namesRecord || body.kind === 'html') return true;
	const words = readServerWords(body.value)?.message ?? '';
	return new RegExp(`^Not found: ${req.method} /`, 'i').test(words);
}

/**
 * The real service's `400 PROVIDER_ERROR` whose words speak of a network error or a time-out between it and its SMS
 * provider ("Network error while sending SMS via Beem: Read timed out"): the provider may have sent the SMS.
 */
function providerLostTouch(body: unknown): boolean {
	const words = readServerWords(body);
	if (words?.code !== 'PROVIDER_ERROR') return false;
	const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
	const said = [words.message, record.detail, record.message].filter((v) => typeof v === 'string');
	return said.some((text) =>
		/network error|timed? ?out|connection (aborted|reset|broken)/i.test(text as string),
	);
}

/** The value of a final answer, or the error it stands for. */
export function readAnswer(
	node: INode,
	req: RequestInfo & { mode?: CredentialMode; repeated?: boolean },
	status: number,
	raw: unknown,
): unknown {
	const body = parseBody(raw);
	const idempotent = req.creates === undefined;
	const isSend = req.creates === 'sms';
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
			message: noRecordTitle(req.namesRecord),
			description: `It answers this way for an ID that does not exist (or belongs to another account), so the request was not tried again. Check the ID.`,
		});
	}
	if (isRouteMissing(status, body, req)) {
		// A route some servers lack, answered by a page or words that say only "not found" (not a 404 of its own, as
		// bulk tagging's "Some contacts not found"): this server does not offer the operation.
		const words = body.kind === 'json' ? (readServerWords(body.value)?.message ?? '') : '';
		const notOffered =
			req.notOnEveryServer === true && (words === '' || /^not found\b/i.test(words));
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			message: `The service has no such endpoint: ${req.method} ${req.path}`,
			description: notOffered
				? "Nothing was done. Some servers of this service do not have this route (the branch 'main' of its code, for one): with the right 'Base URL', this server cannot do this."
				: "Nothing was done. Check 'Base URL' in the credential, or the service may not offer this operation.",
			routeMissing: true,
			notOnEveryServer: notOffered,
		});
	}
	if (status < 200 || status >= 300) {
		const upstream = !idempotent && status === 400 && providerLostTouch(body.value);
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			creates: req.creates,
			repeated: req.repeated,
			mayHaveBeenAccepted: !idempotent && (status >= 500 || upstream),
			...(status === 404 && req.namesRecord && { message: noRecordTitle(req.namesRecord) }),
			...(upstream && {
				message: 'The SMS may have gone out: the service lost touch with its SMS provider',
				description:
					'The service handed the message on and got no answer back, so it may have been sent. It was not re-sent automatically, to avoid a duplicate SMS. Check the message log or the balance before sending again.',
			}),
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
				"The credential's 'Base URL' probably points at a website or proxy rather than the API: check it.",
		});
	}
	if (body.kind === 'invalid') {
		throw buildApiError(node, {
			...where,
			status,
			mayHaveBeenAccepted: !idempotent,
			message: "The service's answer is not valid JSON",
			description: `It answered: ${String(body.value).slice(0, 120)}. ${
				isSend
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
			creates: req.creates,
			message: 'The service says the request did not go through',
			description:
				"It answered with 'success: false'. Check the fields it names, then run the node again.",
		});
	}
	return value;
}

/**
 * An answer that came (2xx) but does not hold what the request is for: an empty record, a field the operation exists
 * to return, a list. Outputting it would pass for a success, so it is an error that shows what came instead.
 */
export function unexpectedAnswerError(
	node: INode,
	answer: { statusCode: number; body: unknown; path: string; itemIndex?: number },
	problem: { message: string; description: string; shown?: number },
): ServiceError {
	const shown = JSON.stringify(answer.body)?.slice(0, problem.shown ?? 200) ?? 'an empty body';
	return buildApiError(node, {
		method: 'GET',
		path: answer.path,
		itemIndex: answer.itemIndex,
		message: problem.message,
		description: `It answered (HTTP ${answer.statusCode}): ${shown}. ${problem.description}`,
	});
}

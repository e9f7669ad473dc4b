import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiContext } from './apiContext';
import type { RequestSettings } from './defaults';
import { buildApiError, readServerWords } from './errors';
import type { ApiRequest } from './request';
import type { NetworkFailure } from './retryDecision';

/** What an attempt's final result means for the caller: the answer's value, or an error that says what to do. */

type ParsedBody =
	| { kind: 'json'; value: unknown }
	| { kind: 'html'; value: string }
	| { kind: 'invalid'; value: string };

export function parseBody(raw: unknown): ParsedBody {
	if (typeof raw !== 'string') return { kind: 'json', value: raw ?? {} };
	const text = raw.trim();
	if (text === '') return { kind: 'json', value: {} };
	try {
		return { kind: 'json', value: JSON.parse(text) as unknown };
	} catch {
		if (/^\s*</.test(text)) return { kind: 'html', value: text };
		return { kind: 'invalid', value: text };
	}
}

const NO_MATCH = /No [\w .-]{1,80}? matches the given query\.?/i;

/** Django's "No <Thing> matches the given query.": a not-found that some servers answer with a 500. */
export function saysNoMatch(raw: unknown): boolean {
	return NO_MATCH.test(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''));
}

/**
 * A 404 for a path the service does not have (an HTML "Not Found" page, or the words "Not found: GET /path"), as
 * opposed to a 404 for an id that does not exist (a JSON body such as `{"detail": "Not found."}`).
 */
function isNoSuchEndpoint(body: ParsedBody, req: ApiRequest): boolean {
	if (body.kind === 'html') return true;
	const words = readServerWords(body.value)?.message ?? '';
	return new RegExp(`^Not found: ${req.method} /`, 'i').test(words);
}

/** The value of a final answer, or the error it stands for. `idempotent`: the request could not do anything twice. */
export function readAnswer(
	ctx: ApiContext,
	req: ApiRequest,
	status: number,
	raw: unknown,
	idempotent: boolean,
): unknown {
	const body = parseBody(raw);
	const where = { method: req.method, path: req.path, itemIndex: req.itemIndex };
	// The server's words matter only for an error: a 2xx body (a page of 100 records) is not walked for them.
	const words = () => readServerWords(body.value)?.message;
	if (status >= 500 && saysNoMatch(raw)) {
		const said = NO_MATCH.exec(words() ?? '')?.[0] ?? NO_MATCH.exec(String(raw))?.[0] ?? words();
		throw buildApiError(ctx.getNode(), {
			...where,
			status,
			body: body.value,
			message: `Not found: ${said}`,
			description: `The id does not exist on the service (or belongs to another account): the service said so with an HTTP ${status} ("No … matches the given query."), so the request was not retried. Check the value.`,
		});
	}
	if (status === 404 && isNoSuchEndpoint(body, req)) {
		throw buildApiError(ctx.getNode(), {
			...where,
			status,
			body: body.value,
			message: `This service has no such endpoint: ${req.method} ${req.path} ("${words() ?? 'Not Found'}")`,
			description:
				'This service has no such endpoint: check the Base URL, or the service may not offer this operation. (An id that does not exist is answered differently.)',
		});
	}
	if (status < 200 || status >= 300) {
		throw buildApiError(ctx.getNode(), {
			...where,
			status,
			body: body.value,
			isSend: req.isSend,
			mayHaveBeenAccepted: !idempotent && status >= 500,
		});
	}
	if (body.kind === 'html') {
		throw buildApiError(ctx.getNode(), {
			...where,
			status,
			body: body.value,
			mayHaveBeenAccepted: !idempotent,
			message: `The service answered with an HTML page instead of JSON ("${words() ?? ''}")`,
			description:
				'The Base URL probably points at a website or proxy rather than the API: check it in the credential.',
		});
	}
	if (body.kind === 'invalid') {
		throw buildApiError(ctx.getNode(), {
			...where,
			status,
			mayHaveBeenAccepted: !idempotent,
			message: `The service answered with a body that is not valid JSON: ${String(body.value).slice(0, 120)}`,
			description: req.isSend
				? 'The request may have been processed; it was not repeated. Check the message log before sending again.'
				: 'The service or a proxy in front of it returned a broken answer. Try again later.',
		});
	}
	const value = body.value;
	if (
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		(value as IDataObject).success === false
	) {
		throw buildApiError(ctx.getNode(), {
			...where,
			status,
			body: value,
			isSend: req.isSend,
			message: words() ?? 'The service reported that the request failed (success: false)',
			description: 'The service answered but reported a failure (success: false).',
		});
	}
	return value;
}

/** No answer at all: what failed, and whether the request may have reached the service. */
export function networkError(
	ctx: ApiContext,
	req: ApiRequest,
	failure: NetworkFailure,
	context: { baseUrl: string; attempts: number; idempotent: boolean; settings: RequestSettings },
): NodeApiError {
	const { neverConnected, timedOut, code } = failure;
	const what = neverConnected
		? `Could not connect to the SMS Platform service at ${context.baseUrl}`
		: timedOut
			? `The SMS Platform service did not answer within ${Math.round(context.settings.timeoutMs / 1000)} s`
			: `The connection to the SMS Platform service failed${code ? '' : ` (${failure.message})`}`;
	const advice = neverConnected
		? 'Check the Base URL in the credential and that the service is reachable from n8n.'
		: req.isSend || !context.idempotent
			? 'The service may have accepted the request before the connection failed, so it was NOT repeated automatically (a repeated send would cost a duplicate SMS). Check the message log, balance or list before trying again.'
			: `The request was tried ${context.attempts} times. Check that the service is up, or raise the timeout in Request Options.`;
	return buildApiError(ctx.getNode(), {
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
	ctx: ApiContext,
	req: ApiRequest,
	waitMs: number,
	maxMs: number,
): NodeApiError {
	return buildApiError(ctx.getNode(), {
		status: 429,
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		message: `The service's rate limit is used up and resets in ${Math.ceil(waitMs / 1000)} s, longer than the maximum wait of ${Math.round(maxMs / 1000)} s`,
		description:
			'Nothing was sent for this request. Raise "Max Rate-Limit Wait" in the node\'s Request Options, run the workflow later, or use fewer requests (e.g. "Combine Items" when sending).',
	});
}

import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { readServerWords } from './body';
import type { RequestSettings } from './defaults';
import { adviceFor, type CredentialMode, unreachableAdvice } from './advice';
import type { NetworkFailure } from './policy';

export type { CredentialMode } from './advice';

/**
 * Every error the user sees of a request: a title of what happened in the user's terms (by HTTP status), what to do
 * about it (advice.ts), and one constructor for each kind of failure.
 */

/** What an error needs to know of the request it is about. */
export interface RequestInfo {
	method: string;
	path: string;
	itemIndex?: number;
	/** What the request creates, when repeating it would create it twice (see ApiRequest.creates in request.ts). */
	creates?: 'sms' | 'record';
	/** What this endpoint says, in a 5xx, for an id that may not exist (beside "No … matches the given query"). */
	noMatchWords?: RegExp;
}

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

/**
 * What a request's error means for the code that made the request, kept beside the error (not in it: the error is what
 * the user sees). Read with `mayHaveBeenAccepted` and `credentialNotAccepted`; a copy of an error does not carry it.
 */
interface ErrorFacts {
	/** A request that is not safe to repeat failed after it may have reached the service. */
	mayHaveBeenAccepted?: true;
	/** The endpoint refused this kind of credential (the credential itself is fine). */
	credentialNotAccepted?: true;
}
const facts = new WeakMap<Error, ErrorFacts>();

function note(error: Error, fact: ErrorFacts): void {
	facts.set(error, { ...facts.get(error), ...fact });
}

function factsOf(error: unknown): ErrorFacts {
	return (error instanceof Error && facts.get(error)) || {};
}

export function titleFor(status: number): string {
	return (
		TITLES[status] ??
		(status >= 500 ? 'The service could not answer' : 'The service refused the request')
	);
}

export interface ApiErrorInput {
	status?: number;
	body?: unknown;
	method: string;
	path: string;
	itemIndex?: number;
	/** What the request creates (ApiRequest.creates), for the advice on a 5xx. */
	creates?: 'sms' | 'record';
	/** The request was sent more than once (retries), for the advice on a 5xx. */
	repeated?: boolean;
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
	parts.push(
		input.description ??
			adviceFor(status, { creates: input.creates, repeated: input.repeated, mode: input.mode }),
	);
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
	if (input.mayHaveBeenAccepted) note(error, { mayHaveBeenAccepted: true });
	return error;
}

/**
 * The service's own code for a failure (e.g. `SENDER_ID_INVALID`), which buildApiError keeps on the error for the user
 * (the error item's `errorCode`). Read only here, so no other layer knows where an error keeps it.
 */
export function serviceCodeOf(error: unknown): string | undefined {
	const code = (error as { context?: { errorCode?: unknown } } | undefined)?.context?.errorCode;
	return typeof code === 'string' ? code : undefined;
}

/** Whether the request behind this error may have been carried out by the service although it failed here. */
export function mayHaveBeenAccepted(error: unknown): boolean {
	return factsOf(error).mayHaveBeenAccepted === true;
}

/** No answer at all: what failed, and whether the request may have reached the service. */
export function networkError(
	node: INode,
	req: RequestInfo,
	failure: NetworkFailure,
	context: { baseUrl: string; attempts: number; settings: RequestSettings },
): NodeApiError {
	const { neverConnected, timedOut, code } = failure;
	const idempotent = req.creates === undefined;
	const what = neverConnected
		? `Could not connect to the SMS Platform service at ${context.baseUrl}`
		: timedOut
			? `The SMS Platform service did not answer within ${Math.round(context.settings.timeoutMs / 1000)} s`
			: `The connection to the SMS Platform service broke off${code ? '' : ` (${failure.message})`}`;
	const advice = neverConnected
		? unreachableAdvice(code)
		: !idempotent
			? 'The service may have accepted the request before the connection broke off, so it was NOT repeated automatically (a repeated send would cost a duplicate SMS). Check the message log, balance or list before trying again.'
			: `The request was tried ${context.attempts} times. Check that the service is up, or raise 'Timeout' in 'Request Options'.`;
	return buildApiError(node, {
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		message: `${what}${code ? ` (${code})` : ''}`,
		description: advice,
		mayHaveBeenAccepted: !idempotent && !neverConnected,
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
			"Nothing was sent for this request. Raise 'Max Rate-Limit Wait' in the node's 'Request Options', run the workflow later, or use fewer requests (e.g. 'Combine Items' when sending).",
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
		creates: req.creates,
		message:
			kind === 'jwt'
				? 'This endpoint does not accept the email and password login'
				: 'This endpoint does not accept an API key',
		description:
			kind === 'jwt'
				? "'Email' and 'Password' are right: the login worked, and this endpoint refused the token it had just issued. Use an SMS Platform credential with 'Authentication' set to an API key for this operation."
				: "The API key is right: the service's API-key endpoints accept it, and this one refused it. Use an SMS Platform credential with 'Authentication' set to 'Email and Password' for this operation.",
	});
	// Asking again will not help: callers that poll stop on it.
	note(error, { credentialNotAccepted: true });
	return error;
}

/** Whether an error says this endpoint does not take the credential's kind (retrying cannot help). */
export function credentialNotAccepted(error: unknown): boolean {
	return factsOf(error).credentialNotAccepted === true;
}

import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { readServerWords } from './body';
import type { RequestSettings } from './defaults';
import type { NetworkFailure } from './policy';

/**
 * Every error the user sees of a request: a title of what happened in the user's terms (by HTTP status), what to do
 * about it (by status and credential mode), and one constructor for each kind of failure.
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

export function titleFor(status: number): string {
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
		return "The login's token was not accepted. Check 'Email' and 'Password' in the credential; if this endpoint takes only API keys, use a credential with 'Authentication' set to an API key.";
	}
	return "Check the credential: the API key may be wrong, revoked or sent in the wrong header, or 'Email' and 'Password' no longer log in.";
}

/** What to do about it, by status. */
export function adviceFor(
	status: number | undefined,
	context: { creates?: 'sms' | 'record'; repeated?: boolean; mode?: CredentialMode } = {},
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
		return "Check the ID (it may belong to another account) and the credential's 'Base URL'.";
	}
	if (status === 429) {
		return "The service allows 1000 requests an hour: wait for the limit to reset, raise 'Max Rate-Limit Wait' in 'Request Options', or send fewer requests (e.g. with 'Combine Items').";
	}
	if (status !== undefined && status >= 500) {
		// Only what really happened: a request that creates something is never repeated on a 5xx.
		if (context.creates === 'sms')
			return 'The message may or may not have been accepted: it was not re-sent automatically, to avoid a duplicate SMS. Check the message log or balance before sending again.';
		if (context.creates === 'record')
			return 'The service may or may not have done it: the request was not repeated automatically, to avoid doing it twice. Check the record or list before trying again.';
		return context.repeated
			? 'The request was tried again without success. Try again later.'
			: 'Try again later.';
	}
	return 'Check the request and try again.';
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

/**
 * What to check when a connection never opened (nothing answered at the Base URL), by the network's error code:
 * said as such, instead of n8n's generic "perhaps it is offline".
 */
export function unreachableAdvice(code: string | undefined): string {
	if (code === 'ECONNREFUSED') {
		return "The host refused the connection: nothing listens on that port. Check the address and port of 'Base URL' in the credential, and that the service is running.";
	}
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		return "The host name could not be resolved. Check the spelling of 'Base URL' in the credential, and that the machine n8n runs on can resolve it (DNS).";
	}
	return "There is no network route to the host. Check 'Base URL' in the credential, and that the machine n8n runs on can reach it (network, firewall, VPN or proxy).";
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

import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { readServerWords } from './words';
import type { RequestSettings } from './defaults';
import { adviceFor, type CredentialMode, unreachableAdvice } from './advice';
import type { NetworkFailure } from './policy';
import type { RecordName } from '../endpointShape';

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
	/** Its path names one record (endpoints.ts): a JSON 404 there is that record's, not the route's. */
	namesRecord?: RecordName;
	/** Some servers lack the route (endpoints.ts): its absence is the server not offering the operation. */
	notOnEveryServer?: boolean;
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
 * The error of a request to the service: what the user sees (NodeApiError's message and description), and the facts
 * the code that made the request decides on, as typed fields of its own (read with `instanceof ServiceError`, or the
 * readers below): nothing is recovered from an error's text or context.
 */
export class ServiceError extends NodeApiError {
	/** A request that is not safe to repeat failed after it may have reached the service (5xx, time-out, dropped). */
	mayHaveBeenAccepted = false;
	/** The route refused this kind of credential (the credential itself works elsewhere): asking again cannot help. */
	credentialRefused = false;
	/** The server does not have this route (404 or 405 on a path that names no record, an HTML "not found" page). */
	routeMissing = false;
	/** A route some servers lack is missing here: this server does not offer the operation (the router names it). */
	notOffered = false;
	/** n8n itself refused to send the request (its SSRF protection): it never left n8n. */
	blockedByN8n = false;
	/** The service's own code for the failure (e.g. `SENDER_ID_INVALID`). */
	serviceCode?: string;
	/** The service's own words (its answer's message), when it gave any. */
	serviceWords?: string;
	/** What the service said, as the description's first sentence: `The service said: "…" (HTTP 404, code …).` */
	serviceSaid?: string;
	/** The request it is about: `METHOD /path`. */
	route = '';
}

/** The title of a 404 on a path that names a record: "The service has no template with the ID …". */
export function noRecordTitle(record: RecordName | undefined): string {
	if (!record) return titleFor(404);
	return record.id === undefined
		? `The service has no such ${record.kind}`
		: `The service has no ${record.kind} with the ID "${record.id}"`;
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
	/** The route is one some servers lack (endpoints.ts). */
	notOnEveryServer?: boolean;
	/** The title, when the status alone does not say what happened (e.g. network failures). */
	message?: string;
	/** What to do, when the status's advice does not fit. */
	description?: string;
	/** A request that is not safe to repeat failed after it may have reached the service (5xx, time-out, dropped). */
	mayHaveBeenAccepted?: boolean;
	/** See ServiceError. */
	routeMissing?: boolean;
	credentialRefused?: boolean;
	blockedByN8n?: boolean;
}

/**
 * Builds the error a user sees: a short title of what happened in the user's terms; in the description the
 * service's own words with the HTTP status, what to do about it, and the request.
 */
export function buildApiError(node: INode, input: ApiErrorInput): ServiceError {
	const words = readServerWords(input.body);
	const status = input.status;
	const message =
		input.message ??
		(status ? titleFor(status) : (words?.message ?? 'The request did not go through'));
	const parts: string[] = [];
	const code = words?.code ? `, code ${words.code}` : '';
	const said = words?.message
		? `The service said: "${words.message}" (HTTP ${status ?? '-'}${code}).`
		: status
			? `The service answered HTTP ${status}.`
			: undefined;
	if (said) parts.push(said);
	parts.push(
		input.description ??
			adviceFor(status, { creates: input.creates, repeated: input.repeated, mode: input.mode }),
	);
	parts.push(`Request: ${input.method} ${input.path}.`);
	const description = parts.join(' ');
	const error = new ServiceError(
		node,
		{ message, description, httpCode: status ? String(status) : undefined } as JsonObject,
		{ itemIndex: input.itemIndex, httpCode: status ? String(status) : undefined },
	);
	// NodeApiError rewrites messages that contain common error codes: keep exactly ours.
	error.message = message;
	error.description = description;
	// n8n shows the context's errorCode and details in the error panel.
	if (words?.code) error.context.errorCode = words.code;
	if (words?.details !== undefined) error.context.details = words.details as JsonObject;
	if (status) error.httpCode = String(status);
	error.serviceCode = words?.code;
	error.serviceWords = words?.message;
	error.serviceSaid = said;
	error.route = `${input.method} ${input.path}`;
	error.mayHaveBeenAccepted = input.mayHaveBeenAccepted === true;
	error.routeMissing = input.routeMissing === true;
	error.notOffered = input.routeMissing === true && input.notOnEveryServer === true;
	error.credentialRefused = input.credentialRefused === true;
	error.blockedByN8n = input.blockedByN8n === true;
	return error;
}

/** No answer at all: what failed, and whether the request may have reached the service. */
export function networkError(
	node: INode,
	req: RequestInfo,
	failure: NetworkFailure,
	context: { baseUrl: string; attempts: number; settings: RequestSettings },
): ServiceError {
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
): ServiceError {
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
): ServiceError {
	// Asking again will not help: callers that poll stop on it; a request with another route tries that one.
	return buildApiError(node, {
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
		credentialRefused: true,
	});
}

/** The request never left n8n: its SSRF protection blocked the address. Nothing was sent; asking again cannot help. */
export function blockedByN8nError(node: INode, req: RequestInfo, baseUrl: string): ServiceError {
	return buildApiError(node, {
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		message: `n8n blocked the request to ${baseUrl}: its SSRF protection does not allow this address`,
		description:
			"Nothing was sent: the request never left n8n. n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED) blocks private and local addresses. If the service really is at this address, ask the n8n administrator to allow it with N8N_SSRF_ALLOWED_HOSTNAMES (the host name) or N8N_SSRF_ALLOWED_IP_RANGES (its address range). n8n 3 also blocks 100.64.0.0/10 (carrier-grade NAT, as Tailscale uses): such an address needs allowing too.",
		blockedByN8n: true,
	});
}

/**
 * Neither route of an operation is on this server (both answered 404 or 405, or an HTML "not found" page): the
 * error names both, since either would have done.
 */
export function noRouteError(node: INode, req: RequestInfo, tried: ServiceError[]): ServiceError {
	const routes = tried.map((error) => error.route).filter(Boolean);
	return buildApiError(node, {
		status: Number(tried[0].httpCode) || undefined,
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		message: `The service has no endpoint for this operation: it has neither ${routes.join(' nor ')}`,
		description:
			"Nothing was done. Check 'Base URL' in the credential (it should be the service's address, without a path the API does not have); this server may not offer this operation.",
		routeMissing: true,
	});
}

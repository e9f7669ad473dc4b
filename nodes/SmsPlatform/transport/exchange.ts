import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import {
	buildApiError,
	coerceNumbers,
	type CredentialMode,
	loginError,
	networkError,
	parseBody,
	readAnswer,
	refusedCredentialError,
	saysNoMatch,
	tooLongWaitError,
	unexpectedAnswerError,
	unwrapObject,
} from './answers';
import {
	CREDENTIAL_TYPE,
	credentialsDecrypted,
	credentialsOf,
	isLoginFailure,
	normalizeBaseUrl,
	probeApiKey,
	scrubAnswer,
	scrubError,
	sessionOf,
	type ApiContext,
} from './credential';
import { endpoints } from '../endpoints';
import type { RequestSettings } from './defaults';
import { onRoutes, type Route } from './routes';
import {
	decide,
	networkFailure,
	noteRateHeaders,
	paceDelay,
	settingsFor,
	type Attempt,
	type Counters,
} from './policy';

/**
 * The HTTP exchange: one request to the service through n8n's request helper with the credential, repeated as the
 * policy decides (retries, one re-login, rate-limit waits), and its final answer read into a value or an error.
 */

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, from endpoints.ts (ids already encoded there). */
	path: string;
	/** The route answers slowly by design (endpoints.ts): a longer default timeout. */
	slow?: boolean;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/**
	 * `false` for requests that create something (send, create tenant, initiate payment): they are retried only when
	 * the service certainly did not process them (a 429, or a connection that never opened).
	 */
	idempotent?: boolean;
	/** A send: errors say that nothing was re-sent. */
	isSend?: boolean;
	settings?: Partial<RequestSettings>;
	/** The route of the login family, when this operation has one (see routes.ts); `path` is the documented route. */
	login?: Route;
	/** See RequestInfo.noMatchWords in answers.ts. */
	noMatchWords?: RegExp;
}

export interface ApiResponse<T = unknown> {
	body: T;
	statusCode: number;
	/** Method and path of the route that answered, when the request had two (see routes.ts). */
	route?: string;
}

type RawResponse = { body: unknown; headers: unknown; statusCode: number };

/**
 * The one door to the API: base URL, authentication, JSON, timeout, error parsing, retries and rate limits.
 * Returns the parsed body of a 2xx answer; anything else becomes a NodeApiError with the server's own words, from
 * which the credential's secrets are removed (a server or proxy may echo the Authorization header in its answer).
 */
export async function apiRequest<T = unknown>(
	ctx: ApiContext,
	req: ApiRequest,
): Promise<ApiResponse<T>> {
	return (await onRoutes(
		ctx,
		req,
		async (one) => await requestOnce<T>(ctx, one),
	)) as ApiResponse<T>;
}

/** One request on one route. */
async function requestOnce<T>(ctx: ApiContext, req: ApiRequest): Promise<ApiResponse<T>> {
	let response: ApiResponse<T>;
	try {
		response = await attemptUntilDecided<T>(ctx, req);
	} catch (caught) {
		const error =
			caught instanceof NodeApiError || caught instanceof NodeOperationError
				? caught
				: new NodeOperationError(ctx.getNode(), caught as Error, { itemIndex: req.itemIndex });
		await scrubError(ctx, error, req.itemIndex);
		throw error;
	}
	await scrubAnswer(ctx, response.body, req.itemIndex);
	return response;
}

/** The I/O loop: pace, send one attempt, and carry out what `decide` says about it. */
async function attemptUntilDecided<T>(ctx: ApiContext, req: ApiRequest): Promise<ApiResponse<T>> {
	const settings = settingsFor(req.slow, req.settings);
	const credentials = await credentialsOf(ctx, req.itemIndex);
	const baseUrl = normalizeBaseUrl(ctx, credentials.baseUrl, req.itemIndex);
	const idempotent = req.idempotent ?? req.method === 'GET';
	const session = sessionOf(ctx);
	const rate = session.rate;
	const isJwt = credentials.authMethod === 'jwt';
	const decrypted = credentialsDecrypted(ctx, credentials);
	const counters: Counters = { retries: 0, rateLimitRetries: 0, reloggedIn: false };
	let attempts = 0;

	for (;;) {
		const waitMs = paceDelay(rate, Date.now());
		if (waitMs > settings.maxRateLimitWaitMs)
			throw tooLongWaitError(ctx.getNode(), req, waitMs, settings.maxRateLimitWaitMs);
		if (waitMs > 0) {
			await sleep(waitMs + 50);
			rate.remaining = undefined;
		}

		attempts++;
		const tokenBefore = isJwt ? String(credentials.accessToken ?? '') : '';
		let response: RawResponse | undefined;
		let attempt: Attempt;
		rate.inFlight++;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				requestOptions(req, baseUrl, settings),
				{ credentialsDecrypted: decrypted },
			)) as RawResponse;
			const headers = lowerCaseHeaders(response.headers);
			noteRateHeaders(rate, headers);
			attempt = {
				status: response.statusCode,
				headers,
				// Only a 5xx may be such a not-found: a 2xx body is not searched (a page holds 100 records).
				saysNoMatch: response.statusCode >= 500 && saysNoMatch(response.body, req.noMatchWords),
			};
		} catch (error) {
			attempt = { failure: networkFailure(rethrowIfAnswered(ctx, req, error)) };
		} finally {
			rate.inFlight--;
		}

		const token = String(credentials.accessToken ?? '');
		// A token a login of this run issued: a 401 for it is not an expired token (another route may have had it first).
		if (isJwt && (tokenBefore === '' || token !== tokenBefore)) session.freshToken = token;
		const decision = decide(
			attempt,
			{
				settings,
				idempotent,
				credentialKind: isJwt ? 'jwt' : 'apiKey',
				tokenWasFresh: tokenBefore === '' || token === session.freshToken,
				isKeyEndpoint: req.path === endpoints.balance().documented.path,
				nowMs: Date.now(),
			},
			counters,
		);
		switch (decision.action) {
			case 'retry':
				counters[decision.counter]++;
				if (decision.counter === 'rateLimitRetries') rate.remaining = undefined;
				await sleep(decision.afterMs);
				continue;
			case 'relogin':
				counters.reloggedIn = true;
				// An empty expirable token makes n8n run preAuthentication (the login) before the next request.
				credentials.accessToken = '';
				continue;
			case 'waitTooLong':
				throw tooLongWaitError(ctx.getNode(), req, decision.waitMs, settings.maxRateLimitWaitMs);
			case 'failNetwork':
				throw networkError(ctx.getNode(), req, (attempt as { failure: never }).failure, {
					baseUrl,
					attempts,
					idempotent,
					settings,
				});
			case 'failTokenRefused':
				throw refusedCredentialError(ctx.getNode(), req, parseBody(response?.body).value, 'jwt');
			case 'checkApiKey':
				session.apiKeyWorks ??= await probeApiKey(ctx, baseUrl, decrypted, settings);
				if (session.apiKeyWorks)
					throw refusedCredentialError(
						ctx.getNode(),
						req,
						parseBody(response?.body).value,
						'apiKey',
					);
				break;
			case 'read':
				break;
		}
		const status = (response as RawResponse).statusCode;
		return {
			body: readAnswer(
				ctx.getNode(),
				{ ...req, mode: credentials.authMethod as CredentialMode },
				status,
				response?.body,
				idempotent,
			) as T,
			statusCode: status,
		};
	}
}

function requestOptions(
	req: ApiRequest,
	baseUrl: string,
	settings: RequestSettings,
): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: req.method,
		url: `${baseUrl}${req.path}`,
		headers: { Accept: 'application/json' },
		json: true,
		timeout: settings.timeoutMs,
		returnFullResponse: true,
		// Every answer comes back to the loop: a 401 is handled there (one re-login at most), not by n8n's own retry.
		ignoreHttpStatusErrors: true,
	};
	if (req.qs && Object.keys(req.qs).length) options.qs = req.qs;
	if (req.body !== undefined) {
		options.body = req.body;
		(options.headers as IDataObject)['Content-Type'] = 'application/json';
	}
	return options;
}

/**
 * Errors thrown by the request helper that are not a network failure: the credential's own (the JWT login failed),
 * n8n's, or an HTTP error it threw itself (only on its re-login path). Returns the network failure otherwise.
 */
function rethrowIfAnswered(ctx: ApiContext, req: ApiRequest, error: unknown): unknown {
	if (error instanceof NodeOperationError) {
		throw new NodeOperationError(ctx.getNode(), error, { itemIndex: req.itemIndex });
	}
	const apiError = error as NodeApiError;
	const httpStatus = Number(apiError.httpCode);
	if (Number.isInteger(httpStatus) && httpStatus >= 100) {
		throw buildApiError(ctx.getNode(), {
			status: httpStatus,
			body: apiError.context?.data ?? apiError.description ?? apiError.message,
			method: req.method,
			path: req.path,
			itemIndex: req.itemIndex,
			isSend: req.isSend,
		});
	}
	const login = isLoginFailure(error);
	if (login) throw loginError(ctx.getNode(), login, req.itemIndex);
	return error;
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (!headers || typeof headers !== 'object') return out;
	for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
		if (value === undefined || value === null) continue;
		out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return out;
}

/** What a GET of one resource must give: the wrapper the endpoint documents, its number fields, its key fields. */
export interface RecordRequest {
	path: string;
	/** The route answers slowly by design (endpoints.ts): a longer default timeout. */
	slow?: boolean;
	qs?: IDataObject;
	itemIndex?: number;
	settings?: Partial<RequestSettings>;
	/** Wrapper key the endpoint documents (`message`, `transaction`...), tried first. */
	wrapper?: string;
	/** Fields documented as numbers (some servers send them as strings). */
	numbers?: string[];
	/** Documented fields the answer must have (the resource is useless without them). */
	required?: string[];
	/** The login family's route (see routes.ts). */
	login?: Route;
	/** See RequestInfo.noMatchWords. */
	noMatchWords?: RegExp;
}

/**
 * GET one resource: the answer unwrapped to the resource, its numbers read as numbers. An answer that is empty, or
 * lacks a field the operation exists to return, is an error naming the item, the field and what came instead: an
 * empty output item would pass for a success.
 */
export async function getRecord(ctx: ApiContext, req: RecordRequest): Promise<IDataObject> {
	const response = await apiRequest(ctx, {
		method: 'GET',
		path: req.path,
		slow: req.slow,
		qs: req.qs,
		itemIndex: req.itemIndex,
		settings: req.settings,
		login: req.login,
		noMatchWords: req.noMatchWords,
	});
	const record = unwrapObject(response.body, req.wrapper);
	const empty = Object.keys(record).length === 0;
	const missing = empty
		? undefined
		: (req.required ?? []).find((field) => record[field] === undefined || record[field] === null);
	if (empty || missing) {
		throw unexpectedAnswerError(
			ctx.getNode(),
			{ ...response, path: response.route?.split(' ')[1] ?? req.path, itemIndex: req.itemIndex },
			{
				message: missing
					? `The service's answer has no '${missing}' field`
					: "The service's answer is empty",
				description:
					'The service answered without the data this operation returns. Check the Base URL of the credential (it may point at something other than the API), or try again later.',
			},
		);
	}
	return coerceNumbers(record, req.numbers ?? []);
}

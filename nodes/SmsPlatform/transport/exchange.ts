import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import { probeApiKey } from './apiKeyProbe';
import type { RequestSettings } from './defaults';
import {
	blockedByN8nError,
	buildApiError,
	type CredentialMode,
	networkError,
	noRouteError,
	refusedCredentialError,
	type ServiceError,
	tooLongWaitError,
} from './errors';
import { isBlockedByN8n, nodeError } from './whatFailed';
import { isLoginFailure, loginError } from './login';
import { decide, networkFailure, type Attempt, type Counters } from './policy';
import { parseBody, readAnswer, saysNoMatch } from './readAnswer';
import type { ApiRequest, ApiResponse } from './request';
import { normalizeBaseUrl } from './baseUrl';
import { learnFamily, learnsFirst, mayBeGatewayNotFound } from './familyLearning';
import { answeredOn, routesFor, triesTheOther } from './routes';
import { noteRateHeaders, paceDelay } from './rateBudget';
import { scrubAnswer, scrubError } from './secrets';
import {
	CREDENTIAL_TYPE,
	credentialsDecrypted,
	credentialsOf,
	sessionOf,
	type ApiContext,
} from './session';
import { settingsOf } from './settings';

/**
 * The HTTP exchange: one request to the service through n8n's request helper with the credential, repeated as the
 * policy decides (retries, one re-login, rate-limit waits), and its final answer read into a value or an error.
 */

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
	// The routes are chosen before the exchange (routes.ts): usually one; two when the operation has a route in each
	// family, and the second is asked only when the server does not have the first or refused the credential there.
	const failed: ServiceError[] = [];
	let cannotCarry: Error | undefined;
	// A record's 404 on the first route before the run knew the server's family (routes.ts): the other route settles it.
	let undecided: ServiceError | undefined;
	let routes = await routesFor(ctx, req);
	if (learnsFirst(ctx, routes)) {
		// Its 404 could not be settled on the other route, which may keep the request waiting a minute (routes.ts).
		const missing = await learnFamily(ctx, routes[0].family, req.itemIndex, (probe) =>
			attemptUntilDecided(ctx, probe),
		);
		if (missing) failed.push(missing);
		routes = await routesFor(ctx, req);
	}
	for (const tried of routes) {
		const refusal = req.cannotCarry?.(tried.family);
		if (refusal) {
			cannotCarry ??= refusal;
			continue;
		}
		let response: ApiResponse<T>;
		try {
			response = await attemptUntilDecided<T>(ctx, tried.req);
		} catch (caught) {
			const error = nodeError(ctx.getNode(), caught, req.itemIndex);
			await scrubError(ctx, error, req.itemIndex);
			if (undecided) {
				// The other route has no such record either, or is missing: the first 404 was the record's.
				if (triesTheOther(error)) sessionOf(ctx).family = routes[0].family;
				throw undecided;
			}
			if (req.login && mayBeGatewayNotFound(ctx, routes, tried, error)) {
				// The record is asked on the other route: its answer settles whose 404 this was.
				undecided = error;
				continue;
			}
			if (!req.login || !triesTheOther(error)) throw error;
			failed.push(error);
			continue;
		}
		await scrubAnswer(ctx, response.body, req.itemIndex);
		if (undecided) {
			// The other route had the record: the first route was missing (a gateway's 404).
			undecided.routeMissing = true;
			failed.push(undecided);
		}
		return answeredOn(ctx, tried, req, response, failed);
	}
	// No route took it. What a route could not carry says most (it names the field); then a refused credential (it
	// names the credential to use); both routes missing are named together.
	if (cannotCarry) throw cannotCarry;
	const refused = failed.find((error) => error.credentialRefused);
	if (refused || failed.length === 1) throw refused ?? failed[0];
	throw noRouteError(ctx.getNode(), req, failed);
}

/** The I/O loop: pace, send one attempt, and carry out what `decide` says about it. */
async function attemptUntilDecided<T>(ctx: ApiContext, req: ApiRequest): Promise<ApiResponse<T>> {
	const settings = settingsOf(ctx, req);
	const credentials = await credentialsOf(ctx, req.itemIndex);
	const baseUrl = normalizeBaseUrl(ctx, credentials.baseUrl, req.itemIndex);
	const idempotent = req.creates === undefined;
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
			if (isBlockedByN8n(error)) throw blockedByN8nError(ctx.getNode(), req, baseUrl);
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
				isKeyEndpoint: req.path === endpoints.balance().path,
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
				{ ...req, mode: credentials.authMethod as CredentialMode, repeated: attempts > 1 },
				status,
				response?.body,
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
			creates: req.creates,
		});
	}
	const login = isLoginFailure(error);
	if (login) throw loginError(ctx.getNode(), login, req.itemIndex);
	return error;
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

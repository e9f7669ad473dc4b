import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHttpRequestHelper,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { baseUrlError, baseUrlMessage, loginFailureMessage, type BaseUrlProblem } from './answers';
import { endpoints } from '../endpoints';
import type { RequestSettings } from './defaults';
import type { RateState } from './policy';

/**
 * The credential as the transport uses it: read once per run (the session), its Base URL, the e-mail and password
 * login (JWT mode), the probe that tells a wrong API key from an endpoint that takes another kind of credential, and
 * keeping its secrets out of errors and answers.
 */

/** The n8n contexts that talk to the service: a node run, a list search, a poll. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_TYPE = 'smsPlatformApi';

/** The API-key endpoint a key is proven on (the credential test uses it too). */

// ---- The session: what one run learns ----

/**
 * What one execution context (one node run, one poll, one list search) learns while it runs: the rate-limit headers
 * last seen, and its decrypted credentials, read once instead of once a request (n8n reads them from its database
 * and resolves their expressions each time). Keyed weakly by the context, so nothing outlives the run and nothing
 * is shared between runs or workflows.
 */
export interface Session {
	rate: RateState;
	/** A promise, so requests in flight at once share one object (and so one JWT login). */
	credentials?: Promise<ICredentialDataDecryptedObject>;
	/** Whether the API key was accepted by an API-key endpoint (learnt from a probe after a 401). */
	apiKeyWorks?: boolean;
	/** The route family that answered a request with two routes this run (routes.ts): asked first from then on. */
	family?: 'documented' | 'login';
	/** The token a login of this run issued (JWT): a 401 for it means the route does not take the login. */
	freshToken?: string;
	/** The families an execution hint has named this run (routes.ts). */
	routesTold?: Set<string>;
}

const sessions = new WeakMap<object, Session>();

export function sessionOf(ctx: object): Session {
	let session = sessions.get(ctx);
	if (!session) {
		session = { rate: { inFlight: 0 } };
		sessions.set(ctx, session);
	}
	return session;
}

/**
 * The credential's data, read once per run. The same object is handed to n8n with each request, so a JWT login
 * (preAuthentication) stores its new token in it for the requests that follow.
 */
export async function credentialsOf(
	ctx: ApiContext,
	itemIndex?: number,
): Promise<ICredentialDataDecryptedObject> {
	const session = sessionOf(ctx);
	session.credentials ??= ctx.getCredentials(CREDENTIAL_TYPE, itemIndex);
	return await session.credentials;
}

/** What `httpRequestWithAuthentication` needs to use these credentials without reading them again. */
export function credentialsDecrypted(ctx: ApiContext, data: ICredentialDataDecryptedObject) {
	return {
		id: ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '',
		name: CREDENTIAL_TYPE,
		type: CREDENTIAL_TYPE,
		data,
	};
}

// ---- Base URL ----

/**
 * The credential's Base URL as the prefix of every request (scheme, host and path prefix, no trailing slash), or what
 * is wrong with it. Shared by the credential (its test and login) and the transport.
 */
export function parseBaseUrl(raw: unknown): { url: string } | BaseUrlProblem {
	const value = typeof raw === 'string' ? raw.trim() : '';
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
		return { problem: 'notHttp', value };
	}
	if (url.search || url.hash) return { problem: 'queryOrFragment', value };
	return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

export function normalizeBaseUrl(ctx: ApiContext, raw: unknown, itemIndex?: number): string {
	const parsed = parseBaseUrl(raw);
	if ('url' in parsed) return parsed.url;
	throw baseUrlError(ctx.getNode(), parsed, itemIndex);
}

/**
 * The Base URL, or an error a user sees in the credential modal: n8n checks a credential field's pattern only in
 * the node panel, so the credential test (and every request) says it here instead of "Couldn't connect".
 */
export function checkedBaseUrl(value: unknown): string {
	const parsed = parseBaseUrl(value);
	if ('url' in parsed) return parsed.url;
	throw new Error(baseUrlMessage(parsed));
}

// ---- The e-mail and password login (JWT mode) ----

/**
 * The e-mail and password login (JWT mode) the credential runs as its preAuthentication, inside n8n's request
 * helper, which wraps what it throws: the login names its errors, so the transport tells a failed login from a failed
 * request by that name.
 */
const LOGIN_FAILURE = 'SmsPlatformLoginError';

/** How every message of the login starts (see loginFailureMessage in answers.ts). */
const LOGIN_WORDS = 'The SMS Platform login ';

function loginFailure(message: string): Error {
	const error = new Error(message);
	error.name = LOGIN_FAILURE;
	return error;
}

/** The login's own message when the error (or what it wraps) is a failed login; otherwise undefined. */
export function isLoginFailure(error: unknown): string | undefined {
	let current = error as { name?: unknown; message?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (current.name === LOGIN_FAILURE) return String(current.message);
		// n8n 1.x passes on the login's message without its name: it is known by its own opening words.
		const message = typeof current.message === 'string' ? current.message : '';
		const at = message.indexOf(LOGIN_WORDS);
		if (at >= 0) return message.slice(at);
		current = current.cause as typeof current;
	}
	return undefined;
}

/** Reads the access token from the login response: servers in the wild put it in one of three places. */
export function extractAccessToken(body: unknown): string | undefined {
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			return undefined;
		}
	}
	if (!body || typeof body !== 'object') return undefined;
	const record = body as Record<string, unknown>;
	const nested = (record.tokens ?? {}) as Record<string, unknown>;
	const data = (record.data ?? {}) as Record<string, unknown>;
	for (const candidate of [record.access_token, record.access, nested.access, data.access_token]) {
		if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
	}
	return undefined;
}

/** Logs in with the credential's e-mail and password; returns the access token, or throws a named login failure. */
/** Logs in with the credential's e-mail and password; returns the access token, or throws a named login failure. */
export async function logIn(
	helpers: IHttpRequestHelper['helpers'],
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	const email = String(credentials.email ?? '').trim();
	const password = String(credentials.password ?? '');
	if (!email || !password) {
		throw loginFailure(
			'The SMS Platform login needs an email and a password: fill both in the credential',
		);
	}
	let response: unknown;
	try {
		response = await helpers.httpRequest({
			method: 'POST',
			url: `${checkedBaseUrl(credentials.baseUrl)}${endpoints.logIn().path}`,
			body: { email, password },
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			json: true,
			timeout: 30000,
		});
	} catch (error) {
		const failure = error as {
			httpCode?: string;
			message?: string;
			response?: { status?: number; data?: unknown };
		};
		const code = failure.response?.status ?? failure.httpCode;
		throw loginFailure(loginFailureMessage(code, failure.response?.data, failure.message));
	}
	const accessToken = extractAccessToken(response);
	if (!accessToken) {
		throw loginFailure(
			'SMS Platform login answered without an access token (looked for access_token, access and tokens.access)',
		);
	}
	return accessToken;
}

/** Whether the API key is accepted by the service's API-key endpoint: `undefined` when that cannot be told. */
export async function probeApiKey(
	ctx: ApiContext,
	baseUrl: string,
	credentialsDecrypted: object,
	settings: RequestSettings,
): Promise<boolean | undefined> {
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_TYPE,
			{
				method: 'GET',
				url: `${baseUrl}${endpoints.balance().documented.path}`,
				headers: { Accept: 'application/json' },
				json: true,
				timeout: settings.timeoutMs,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			},
			{ credentialsDecrypted } as never,
		)) as { statusCode: number };
		if (response.statusCode >= 200 && response.statusCode < 300) return true;
		if (response.statusCode === 401 || response.statusCode === 403) return false;
		return undefined;
	} catch {
		return undefined;
	}
}

// ---- Secrets ----

/**
 * Keeps the credential's secrets out of errors and workflow data: a server or proxy may echo the Authorization
 * header or the key in its answer.
 */

const SECRET_FIELDS = ['apiKey', 'password', 'accessToken'];
const REDACTED = '***';

/** The credential's secrets as they may appear in a text (raw, trimmed, URL-encoded), longest first. */
async function secretsOf(
	ctx: ApiContext,
	itemIndex: number | undefined,
	minLength: number,
): Promise<string[]> {
	try {
		const credentials = await credentialsOf(ctx, itemIndex);
		return SECRET_FIELDS.map((field) => credentials[field])
			.filter((value): value is string => typeof value === 'string')
			.flatMap((value) => [value, value.trim(), encodeURIComponent(value.trim())])
			.filter((value) => value.length >= minLength)
			.sort((a, b) => b.length - a.length);
	} catch {
		return [];
	}
}

function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
	return out;
}

/** Replaces every secret in the texts of an error (message, description, context, stack...) or an answer. */
function scrub(
	target: Record<string, unknown>,
	secrets: string[],
	seen: Set<object>,
	depth: number,
	maxDepth: number,
): void {
	if (seen.has(target) || depth > maxDepth) return;
	seen.add(target);
	const keys = new Set([
		...Object.keys(target),
		'message',
		'description',
		'stack',
		'messages',
		'context',
		'cause',
	]);
	for (const key of keys) {
		let value: unknown;
		try {
			value = target[key];
		} catch {
			continue;
		}
		if (typeof value === 'string') {
			const clean = redact(value, secrets);
			if (clean !== value) {
				try {
					target[key] = clean;
				} catch {
					// read-only property: nothing to do
				}
			}
		} else if (value && typeof value === 'object' && key !== 'node') {
			scrub(value as Record<string, unknown>, secrets, seen, depth + 1, maxDepth);
		}
	}
}

/** Removes the secrets (4 characters or longer) from an error before it leaves the transport. */
export async function scrubError(ctx: ApiContext, error: Error, itemIndex?: number): Promise<void> {
	const secrets = await secretsOf(ctx, itemIndex, 4);
	if (secrets.length) scrub(error as unknown as Record<string, unknown>, secrets, new Set(), 0, 6);
}

/** Removes the secrets (8 characters or longer) from an answer before it becomes workflow data. */
export async function scrubAnswer(
	ctx: ApiContext,
	body: unknown,
	itemIndex?: number,
): Promise<void> {
	if (!body || typeof body !== 'object') return;
	const secrets = await secretsOf(ctx, itemIndex, 8);
	if (!secrets.length) return;
	// One native serialisation finds out whether there is anything to remove; the walk runs only then.
	const text = JSON.stringify(body);
	if (secrets.some((secret) => text.includes(secret))) {
		scrub(body as Record<string, unknown>, secrets, new Set(), 0, 32);
	}
}

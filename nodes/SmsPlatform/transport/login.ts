import type {
	ICredentialDataDecryptedObject,
	IHttpRequestHelper,
	INode,
	NodeApiError,
} from 'n8n-workflow';

import { endpoints } from '../endpoints';
import { readServerWords } from './words';
import { unreachableAdvice } from './advice';
import { buildApiError } from './errors';
import { isBlockedByN8n } from './whatFailed';
import { checkedBaseUrl } from './baseUrl';
import { networkFailure } from './policy';

/**
 * The e-mail and password login (JWT mode) the credential runs as its preAuthentication, inside n8n's request
 * helper, which wraps what it throws: the login names its errors, so the transport tells a failed login from a failed
 * request by that name.
 */
const LOGIN_FAILURE = 'SmsPlatformLoginError';

/** How every message of the login starts (see loginFailureMessage below). */
const LOGIN_WORDS = 'The SMS Platform login ';

function loginFailure(message: string, cause?: unknown): Error {
	const error = new Error(message, cause === undefined ? undefined : { cause });
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
		// n8n's SSRF protection refused the address: said as such, and kept as the cause, so that a node's request that
		// ran this login is told apart as blocked (isBlockedByN8n), not as a failed login.
		if (isBlockedByN8n(error)) {
			throw loginFailure(
				`The SMS Platform login did not work: n8n blocked the request to ${checkedBaseUrl(credentials.baseUrl)}: its SSRF protection does not allow this address. The n8n administrator can allow it with N8N_SSRF_ALLOWED_HOSTNAMES or N8N_SSRF_ALLOWED_IP_RANGES (n8n 3 also blocks 100.64.0.0/10, as Tailscale uses).`,
				error,
			);
		}
		const network = networkFailure(error);
		if (code === undefined && network.neverConnected) {
			throw loginFailure(
				`The SMS Platform login did not work: could not connect to ${checkedBaseUrl(credentials.baseUrl)} (${network.code}). ${unreachableAdvice(network.code)}`,
			);
		}
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

/** An error of the login (JWT mode) a request ran first: its message already says what to do. */
export function loginError(node: INode, message: string, itemIndex?: number): NodeApiError {
	return buildApiError(node, {
		...endpoints.logIn(),
		itemIndex,
		message,
		description: "Check 'Email', 'Password' and 'Base URL' in the SMS Platform credential.",
	});
}

/** Why the login failed, from its HTTP status and what the service said. */
function loginFailureMessage(
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
		return `The SMS Platform login did not work (HTTP ${String(code)})${words ? `: "${words}"` : `: ${failureMessage}`}. ${String(code) === '404' ? `This service has no login at POST ${endpoints.logIn().path}: check 'Base URL'.` : `Check 'Base URL': the login is POST ${endpoints.logIn().path} below it.`}`;
	}
	return `The SMS Platform login did not work: ${failureMessage}. Check 'Base URL'.`;
}

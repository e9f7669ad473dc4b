import type { NodeApiError } from 'n8n-workflow';

import type { ApiContext } from './apiContext';
import type { RequestSettings } from './defaults';
import { buildApiError, readServerWords } from './errors';
import type { ApiRequest } from './request';
import { CREDENTIAL_TYPE } from './session';

/**
 * Servers of this kind take one kind of credential per endpoint group (API keys on the integration endpoints, the
 * login's token elsewhere). A 401 for a credential that is fine must say so, not blame the password.
 */

/** The API-key endpoint a key is proven on (the credential test uses it too). */
export const BALANCE_PATH = '/api/integration/v1/sms/balance/';

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
				url: `${baseUrl}${BALANCE_PATH}`,
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

/**
 * A 401 for a credential that is fine: a token its login had just issued (JWT), or an API key the service's API-key
 * endpoint accepts. The endpoint does not take this kind of credential.
 */
export function refusedCredentialError(
	ctx: ApiContext,
	req: ApiRequest,
	body: unknown,
	kind: 'jwt' | 'apiKey',
): NodeApiError {
	const words = readServerWords(body)?.message;
	const said = words ? ` (the service said "${words}")` : '';
	const error = buildApiError(ctx.getNode(), {
		status: 401,
		body,
		method: req.method,
		path: req.path,
		itemIndex: req.itemIndex,
		isSend: req.isSend,
		message:
			kind === 'jwt'
				? `This endpoint does not accept the e-mail and password login (JWT): it refused a token the login had just issued${said}`
				: `This endpoint does not accept an API key: the service's API-key endpoints accept this key, but this one refused it${said}`,
		description:
			kind === 'jwt'
				? 'The e-mail and password are right (the login worked). This endpoint needs another kind of credential, e.g. an API key: use an SMS Platform credential with Authentication "API Key" for this operation.'
				: 'The API key is right. This endpoint needs another kind of credential, e.g. the login token: use an SMS Platform credential with Authentication "Email and Password (JWT)" for this operation.',
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

import { CREDENTIAL_TYPE, type ApiContext } from './session';
import type { RequestSettings } from './defaults';

/**
 * After a 401 for an API key: asks the endpoint that takes API keys whether the key itself is accepted, which tells a
 * wrong key from an endpoint that takes another kind of credential.
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

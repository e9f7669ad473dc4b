import { endpoints } from '../endpoints';
import type { RequestSettings } from './defaults';
import { CREDENTIAL_TYPE, type ApiContext } from './session';

/**
 * After a 401 for an API key: asks the endpoint that takes API keys whether the key itself is accepted, which tells a
 * wrong key from an endpoint that takes another kind of credential.
 */

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
				url: `${baseUrl}${endpoints.balance().path}`,
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

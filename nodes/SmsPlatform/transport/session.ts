import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { ApiContext } from './apiContext';
import type { RateState } from './rateLimit';

export const CREDENTIAL_TYPE = 'smsPlatformApi';

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

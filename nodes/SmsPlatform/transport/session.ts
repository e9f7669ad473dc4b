import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { RequestSettings } from './defaults';

/**
 * What one run holds while it talks to the service (its Session): the credential's data, read once a run; each item's
 * Request Options; and what the run learns (the rate-limit budget, the route family that answered). What uses it is
 * beside it: secrets.ts (the credential's secrets kept out of errors and answers), settings.ts (each request's
 * settings), rateBudget.ts (the pacing and parallel slots that spend the budget).
 */

/** The n8n contexts that talk to the service: a node run, a list search, a poll. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

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
	/** The route family that answered a request with two routes this run (routes.ts): asked first from then on. */
	family?: 'documented' | 'login';
	/** The token a login of this run issued (JWT): a 401 for it means the route does not take the login. */
	freshToken?: string;
	/** The families an execution hint has named this run (routes.ts). */
	routesTold?: Set<string>;
	/** Each item's Request Options, handed over by the router before the item's operation runs (node runs only). */
	itemSettings: Map<number, Partial<RequestSettings>>;
}

const sessions = new WeakMap<object, Session>();

export function sessionOf(ctx: object): Session {
	let session = sessions.get(ctx);
	if (!session) {
		session = { rate: { inFlight: 0 }, itemSettings: new Map() };
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

/** What the last answer's rate-limit headers said, shared by the requests of one run (see sessionOf). */
export interface RateState {
	remaining?: number;
	resetAtMs?: number;
	/** Requests sent and not yet answered: they will use up budget the last answer still counted as free. */
	inFlight: number;
}

import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { RequestSettings } from './defaults';
import { settingsFor, type RateState } from './policy';

/** The credential's type name, and what one run learns while it talks to the service (its session). */

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

/** The router hands over an item's Request Options: every request made for that item uses them (see settingsOf). */
export function useRequestOptions(
	ctx: ApiContext,
	itemIndex: number,
	settings: Partial<RequestSettings>,
): void {
	sessionOf(ctx).itemSettings.set(itemIndex, settings);
}

/**
 * The settings of one request, merged in one place: the request's own, else its item's Request Options, over the
 * defaults (a slow endpoint's longer timeout included, see settingsFor).
 */
export function settingsOf(
	ctx: ApiContext,
	req: { slow?: boolean; itemIndex?: number; settings?: Partial<RequestSettings> },
): RequestSettings {
	const ofItem =
		req.itemIndex === undefined ? undefined : sessionOf(ctx).itemSettings.get(req.itemIndex);
	return settingsFor(req.slow, req.settings ?? ofItem);
}

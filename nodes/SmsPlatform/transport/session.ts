import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RequestSettings } from './defaults';
import { settingsFor, type RateState } from './policy';

/**
 * The credential as one run holds it: its type name, its data (read once a run), its Base URL (and what is said when
 * that is not one), and what the run learns while it talks to the service (its session).
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

/** What is wrong with a Base URL the credential gives (see parseBaseUrl below). */
type BaseUrlProblem = { problem: 'notHttp' | 'queryOrFragment'; value: string };

/**
 * The credential's Base URL as the prefix of every request (scheme, host and path prefix, no trailing slash), or what
 * is wrong with it, in the node panel and in the credential modal. Shared by the credential (its test and login) and
 * the transport.
 */
function parseBaseUrl(raw: unknown): { url: string } | BaseUrlProblem {
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

/** The Base URL error of a node run (the panel shows it with the item). */
function baseUrlError(
	node: INode,
	{ problem, value }: BaseUrlProblem,
	itemIndex?: number,
): NodeOperationError {
	if (problem === 'notHttp') {
		return new NodeOperationError(
			node,
			`The credential's 'Base URL' "${value}" is not an http:// or https:// URL`,
			{
				itemIndex,
				description:
					'Open the SMS Platform credential and enter the service address with its scheme, e.g. https://api.example.com (or http://localhost:4010 for the sandbox).',
			},
		);
	}
	return new NodeOperationError(
		node,
		`The credential's 'Base URL' "${value}" must not contain a query (?) or fragment (#)`,
		{
			itemIndex,
			description:
				'Use only the scheme, host and optional path prefix, e.g. https://api.example.com',
		},
	);
}

/** The same, as the credential modal shows it (n8n checks a field's pattern only in the node panel). */
function baseUrlMessage({ problem, value }: BaseUrlProblem): string {
	return problem === 'notHttp'
		? `'Base URL' "${value}" is not an http:// or https:// address. Enter the service's address with its scheme, e.g. https://api.example.com`
		: `'Base URL' "${value}" must not contain a query (?) or fragment (#): enter only the scheme, host and optional path prefix, e.g. https://api.example.com`;
}

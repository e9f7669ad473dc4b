import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { credentialNotAccepted } from './errors';
import { credentialsOf, sessionOf, type ApiContext } from './session';

/**
 * Two route families, one node (design §3). The API reference's routes (`documented`) are for API keys; the real
 * service's code takes only the login, on its messaging and billing routes (`login`). An operation that has both hands
 * the login route with its request; the request goes to the credential's own family first (or to the family that
 * answered earlier in this run) and, only when that route refused the credential's kind before doing anything (a 401
 * for a credential that works), to the other one. The answer is read in the documented shape either way.
 */

export type RouteFamily = 'documented' | 'login';

/** The login family's route of a request: its path, and its query or body where they differ from the documented one. */
export interface Route {
	path: string;
	/** The route answers slowly by design (endpoints.ts): a longer default timeout. */
	slow?: boolean;
	/** Replaces the documented request's query (page and page size are added by the list reader on both). */
	qs?: IDataObject;
	/** Replaces the documented request's body. */
	body?: IDataObject;
	/** This route's answer in the documented route's shape (`credits` → `balance`, …). */
	toDocumented?: (body: unknown) => unknown;
	/** Only this route may carry the request (the documented one would drop what it asks, e.g. a schedule time). */
	only?: boolean;
}

/** What a request needs for the choice: the documented route as the request itself, and the login route beside it. */
interface RoutedRequest {
	method: string;
	path: string;
	slow?: boolean;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	login?: Route;
}

/**
 * The family a request with both routes is sent on first: the one that answered earlier in this run, else the
 * credential's own. An operation that must know its route before sending (Send's rules) asks here.
 */
export async function firstFamily(ctx: ApiContext, itemIndex?: number): Promise<RouteFamily> {
	const session = sessionOf(ctx);
	if (session.family) return session.family;
	const credentials = await credentialsOf(ctx, itemIndex);
	return credentials.authMethod === 'jwt' ? 'login' : 'documented';
}

/**
 * Sends `req` on the route its credential takes, through `send` (one route, retries and errors included). Without a
 * login route it is `send(req)`: an API key on a documented route makes exactly the request it always made.
 */
export async function onRoutes<R extends RoutedRequest, A extends { body: unknown }>(
	ctx: ApiContext,
	req: R,
	send: (one: R) => Promise<A>,
): Promise<A & { route?: string }> {
	const login = req.login;
	if (!login) return await send(req);
	const session = sessionOf(ctx);
	const first = await firstFamily(ctx, req.itemIndex);
	const order: RouteFamily[] = login.only
		? ['login']
		: first === 'login'
			? ['login', 'documented']
			: ['documented', 'login'];
	let refused: NodeApiError | undefined;
	for (const family of order) {
		const one: R =
			family === 'login'
				? {
						...req,
						path: login.path,
						slow: login.slow,
						qs: login.qs ?? req.qs,
						body: login.body ?? req.body,
					}
				: req;
		let answer: A;
		try {
			answer = await send(one);
		} catch (caught) {
			// `send` throws only the node's own errors (see apiRequest).
			const error = caught as NodeApiError;
			// Refused before anything was done (a send included: nothing was sent): the other family may take it.
			if (!credentialNotAccepted(error)) throw error;
			refused ??= error;
			continue;
		}
		// Later requests of this run (a broadcast's batches, the next pages) go straight to the family that answered.
		session.family = family;
		const route = `${one.method} ${one.path}`;
		if (family === 'login' || refused) tellRoute(ctx, family, route, req);
		const body =
			family === 'login' && login.toDocumented ? login.toDocumented(answer.body) : answer.body;
		return { ...answer, body, route };
	}
	throw refused as NodeApiError;
}

/** An execution hint, once a run for each family: which route answered, and the documented one it stands for. */
function tellRoute(ctx: ApiContext, family: RouteFamily, route: string, req: RoutedRequest): void {
	const session = sessionOf(ctx);
	session.routesTold ??= new Set();
	if (session.routesTold.has(family) || !('addExecutionHints' in ctx)) return;
	session.routesTold.add(family);
	const message =
		family === 'login'
			? `Used the service's route for the email and password login, ${route} (the API reference's route is ${req.method} ${req.path}); the output has the documented fields.`
			: `Used the API reference's route ${route}: the service refused this credential on its other route.`;
	ctx.addExecutionHints({ message, location: 'outputPane' });
}

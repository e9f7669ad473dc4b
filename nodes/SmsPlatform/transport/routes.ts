import type { IDataObject } from 'n8n-workflow';

import type { LoginRoute, RecordName, Routed } from '../endpointShape';
import { ServiceError } from './errors';
import { CREDENTIAL_TYPE, credentialsOf, sessionOf, type ApiContext } from './session';

/**
 * Where a request goes: the route family (the Base URL is baseUrl.ts's). The server decides the family, not the credential: an operation with a route in each family
 * (endpoints.ts) is asked on one and, when that server does not have the route (a 404 or 405 on a path that names no
 * record, an HTML "not found" page) or refused the credential's kind there before doing anything (a 401 for a
 * credential that works elsewhere), on the other, once: nothing was done, a send included. The family that answered
 * is asked first for the rest of the run, so a broadcast or a Return All does not ask twice.
 *
 * Which family first, before any answer: the API reference's for an API key (the real service's code refuses keys
 * everywhere, so a key has nothing to find there), the real service's for the login. A server of the reference then
 * costs one extra request a run with the login (its 404), and the real one none; asking the reference's routes first
 * would cost the real server one (its 401 or 404) and, on the payment status, its 60-second route.
 */

export type RouteFamily = 'documented' | 'login';

/** What a request needs for the choice: the documented route as the request itself, and the login route beside it. */
export interface RoutedRequest extends Routed {
	method: string;
	slow?: boolean;
	namesRecord?: RecordName;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	loginFamilyOnly?: boolean;
}

/** One route a request may go on: its family, and the request as that route takes it. */
export interface RouteTry<R> {
	family: RouteFamily;
	req: R;
}

/**
 * The routes to try for `req`, in order, chosen before anything is sent. Without a login route it is `req` alone: an
 * API key on a documented route makes exactly the request it always made. With one, the family that answered earlier
 * in this run comes first, else the credential's (see above), and the other after it.
 */
export async function routesFor<R extends RoutedRequest>(
	ctx: ApiContext,
	req: R,
): Promise<Array<RouteTry<R>>> {
	const login = req.login;
	const onDocumented: RouteTry<R> = { family: 'documented', req };
	if (!login) return [onDocumented];
	const onLogin: RouteTry<R> = {
		family: 'login',
		req: {
			...req,
			path: login.path,
			slow: login.slow,
			namesRecord: login.namesRecord,
			qs: login.qs ?? req.qs,
			body: login.body ?? req.body,
		},
	};
	const session = sessionOf(ctx);
	const first =
		session.family ??
		((await credentialsOf(ctx, req.itemIndex)).authMethod === 'jwt' ? 'login' : 'documented');
	return first === 'login' ? [onLogin, onDocumented] : [onDocumented, onLogin];
}

/**
 * Whether the next route may take a request this route failed: the server does not have this route, or refused the
 * credential's kind on it before doing anything. Nothing was done either way.
 */
export function triesTheOther(error: unknown): error is ServiceError {
	return error instanceof ServiceError && (error.routeMissing || error.credentialRefused);
}

/**
 * What a route's answer becomes: its family is asked first for the rest of the run, a hint names the route when
 * another was tried first, and the body is read in the documented shape.
 */
export function answeredOn<R extends RoutedRequest, A extends { body: unknown }>(
	ctx: ApiContext,
	tried: RouteTry<R>,
	original: R,
	answer: A,
	failedFirst: ServiceError[],
): A & { route?: string; family?: RouteFamily } {
	// Only the service's own family has that route: a payment bought is then read on its quick route at once.
	if (original.loginFamilyOnly) sessionOf(ctx).family ??= 'login';
	if (!original.login) return answer;
	sessionOf(ctx).family = tried.family;
	const route = `${tried.req.method} ${tried.req.path}`;
	// Said only when the first route tried did not answer: a login asking its own routes first is the usual case.
	if (failedFirst.length) tellRoute(ctx, tried, original, failedFirst[0]);
	const toDocumented = tried.family === 'login' ? original.login.toDocumented : undefined;
	const body = toDocumented ? toDocumented(answer.body) : answer.body;
	return { ...answer, body, route, family: tried.family };
}

/** An execution hint, once a run for each family: which route answered, and why not the other. */
function tellRoute<R extends RoutedRequest>(
	ctx: ApiContext,
	tried: RouteTry<R>,
	original: R,
	failed: ServiceError | undefined,
): void {
	const session = sessionOf(ctx);
	session.routesTold ??= new Set();
	if (session.routesTold.has(tried.family) || !('addExecutionHints' in ctx)) return;
	session.routesTold.add(tried.family);
	const used = `${tried.req.method} ${tried.req.path}`;
	const other = tried.family === 'login' ? original.path : (original.login as LoginRoute).path;
	const why = !failed
		? ''
		: failed.routeMissing
			? ` This server does not have ${tried.req.method} ${other}.`
			: ` This server refused the credential on ${tried.req.method} ${other}.`;
	const message =
		tried.family === 'login'
			? `Used the service's own route ${used} (the API reference's is ${original.method} ${original.path}); the output has the documented fields.${why}`
			: `Used the API reference's route ${used}.${why}`;
	ctx.addExecutionHints({ message, location: 'outputPane' });
}

/** What the trigger keeps between polls: the family that answered, and the credential it answered for. */
export interface KnownFamily {
	family: RouteFamily;
	credential: string;
}

/** The credential a family was learnt with: its ID and kind (an edited credential may point at another server). */
async function credentialKey(ctx: ApiContext): Promise<string> {
	const id = ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '';
	return `${id}:${String((await credentialsOf(ctx)).authMethod)}`;
}

/**
 * A poll starts with the family the previous poll learnt, when the credential is the same: a server without the
 * credential's first family then costs its one extra request once, not at every poll.
 */
export async function startWithFamily(ctx: ApiContext, known: unknown): Promise<void> {
	const { family, credential } = (known ?? {}) as Partial<KnownFamily>;
	if (family !== 'documented' && family !== 'login') return;
	if (credential === (await credentialKey(ctx))) sessionOf(ctx).family ??= family;
}

/**
 * Whether the server may have the service's own routes: not when it answered this credential on the API reference's
 * routes (this run, or a poll before). A route only the service has (the payments' sync) is then not asked.
 */
export function mayHaveLoginRoutes(ctx: ApiContext): boolean {
	return sessionOf(ctx).family !== 'documented';
}

/**
 * The family that answered this run's requests with two routes, undefined before any did: a send goes there first, so
 * what it costs is that family's rule (Send's credits, actions/sms/prepare.ts).
 */
export function routeFamilyOf(ctx: ApiContext): RouteFamily | undefined {
	return sessionOf(ctx).family;
}

/** The family this poll learnt or kept, for the next poll (undefined when no request had two routes). */
export async function familyLearnt(ctx: ApiContext): Promise<KnownFamily | undefined> {
	const family = sessionOf(ctx).family;
	return family ? { family, credential: await credentialKey(ctx) } : undefined;
}

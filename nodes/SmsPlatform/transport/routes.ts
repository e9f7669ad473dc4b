import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialsOf, sessionOf, type ApiContext } from './session';

/**
 * Where a request goes: the credential's Base URL (checked, with what is said when it is not one), and the route
 * family. Two route families, one node. The API reference's routes (`documented`) are for API keys; the real
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

/** One route a request may go on: its family, and the request as that route takes it. */
export interface RouteTry<R> {
	family: RouteFamily;
	req: R;
}

/**
 * The routes to try for `req`, in order, chosen before anything is sent. Without a login route it is `req` alone: an
 * API key on a documented route makes exactly the request it always made. With one, the credential's family (or the
 * one that answered earlier in this run) comes first and the other after it, unless the login route is the only one.
 * The caller tries the next route only when one refused the credential's kind before doing anything (a 401 for a
 * credential that works: see credentialNotAccepted), a send included, since nothing was sent.
 */
export async function routesFor<R extends RoutedRequest>(
	ctx: ApiContext,
	req: R,
): Promise<Array<RouteTry<R>>> {
	const login = req.login;
	if (!login) return [{ family: 'documented', req }];
	const onLogin: RouteTry<R> = {
		family: 'login',
		req: {
			...req,
			path: login.path,
			slow: login.slow,
			qs: login.qs ?? req.qs,
			body: login.body ?? req.body,
		},
	};
	if (login.only) return [onLogin];
	const onDocumented: RouteTry<R> = { family: 'documented', req };
	return (await firstFamily(ctx, req.itemIndex)) === 'login'
		? [onLogin, onDocumented]
		: [onDocumented, onLogin];
}

/**
 * What a route's answer becomes: the family is kept for the rest of the run (a broadcast's batches and the next pages
 * go straight to it), a hint names the route when it is not the credential's documented one, and the body is read in
 * the documented shape. `refusedFirst`: the other family refused the credential before this one answered.
 */
export function answeredOn<R extends RoutedRequest, A extends { body: unknown }>(
	ctx: ApiContext,
	tried: RouteTry<R>,
	original: R,
	answer: A,
	refusedFirst: boolean,
): A & { route?: string } {
	if (!original.login) return answer;
	sessionOf(ctx).family = tried.family;
	const route = `${tried.req.method} ${tried.req.path}`;
	if (tried.family === 'login' || refusedFirst) tellRoute(ctx, tried.family, route, original);
	const toDocumented = tried.family === 'login' ? original.login.toDocumented : undefined;
	return { ...answer, body: toDocumented ? toDocumented(answer.body) : answer.body, route };
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

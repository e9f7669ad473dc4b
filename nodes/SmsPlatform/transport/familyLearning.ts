import { endpoints } from '../endpoints';
import { documentedOnly, type Endpoint } from '../endpointShape';
import { ServiceError } from './errors';
import type { RouteFamily, RouteTry, RoutedRequest } from './routes';
import { sessionOf, type ApiContext } from './session';

/**
 * Learning the server's route family before a 404 on a record's path is read as the record's (issue 51): until a run
 * knows which routes the server has, a 404 there may be a gateway's answer for a route the server does not have.
 */

/**
 * Whether a JSON 404 on the first route, which names a record, may be a gateway's (every unknown route answered
 * `{"error": "Not found", "code": "not_found"}`; issue 51), the run not knowing its family: the other route, asked
 * once, settles it. Never when that route may keep the request waiting (learnsFirst).
 */
export function mayBeGatewayNotFound(
	ctx: ApiContext,
	routes: Array<RouteTry<RoutedRequest>>,
	tried: RouteTry<RoutedRequest>,
	error: unknown,
): error is ServiceError {
	return (
		sessionOf(ctx).family === undefined &&
		tried === routes[0] &&
		routes[1]?.req.slow !== true &&
		tried.req.namesRecord !== undefined &&
		error instanceof ServiceError &&
		error.httpCode === '404' &&
		!error.routeMissing
	);
}

/**
 * Whether the run learns its family (learnFamily) before asking for a record: the other route may keep a request
 * waiting (the real server's 60 s payment status), so a 404 on the first could not be settled there.
 */
export function learnsFirst(ctx: ApiContext, routes: Array<RouteTry<RoutedRequest>>): boolean {
	return (
		sessionOf(ctx).family === undefined &&
		routes[0].req.namesRecord !== undefined &&
		routes[1]?.req.slow === true
	);
}

/**
 * Learns whether the server has `family`'s routes with one request on its balance route, which answers at once: the
 * family is then the run's (unless a network failure says neither). The probe's error when the server lacks it.
 */
export async function learnFamily(
	ctx: ApiContext,
	family: RouteFamily,
	itemIndex: number | undefined,
	ask: (req: Endpoint & { itemIndex?: number }) => Promise<unknown>,
): Promise<ServiceError | undefined> {
	const balance = endpoints.balance();
	const path = family === 'login' ? balance.login.path : balance.path;
	const session = sessionOf(ctx);
	try {
		// This route alone: a 404 here is the answer, not a reason to ask the other family.
		await ask({ ...documentedOnly(balance), path, itemIndex });
	} catch (error) {
		if (!(error instanceof ServiceError)) return undefined;
		if (error.routeMissing) {
			session.family = family === 'login' ? 'documented' : 'login';
			return error;
		}
		// Refused the credential there, or failed: the route is there.
		if (!error.credentialRefused && !error.httpCode) return undefined;
	}
	session.family = family;
	return undefined;
}

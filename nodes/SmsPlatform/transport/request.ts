import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { RequestSettings } from './defaults';
import type { RecordName, Routed } from '../endpointShape';
import type { RouteFamily } from './routes';

/** What one request to the service is (apiRequest in exchange.ts), and what it answers. */

/** Its path (below the base URL, ids encoded) and login route come from an endpoint of endpoints.ts, spread. */
export interface ApiRequest extends Routed {
	method: IHttpRequestMethods;
	/** The route answers slowly by design (endpoints.ts): a longer default timeout. */
	slow?: boolean;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/**
	 * Set on a request that creates something, which a repeat would create twice: `'sms'` for a send (its errors say
	 * that nothing was re-sent), `'record'` for the others (a tenant, a payment). Such a request is repeated only when
	 * the service certainly did not process it (a 429, or a connection that never opened). Unset: safe to repeat.
	 */
	creates?: 'sms' | 'record';
	settings?: Partial<RequestSettings>;
	/** Its path names one record (endpoints.ts). */
	namesRecord?: RecordName;
	/** Some servers lack the route (endpoints.ts). */
	notOnEveryServer?: boolean;
	/** Only the login family has the route (endpoints.ts): its answer is the run's family (routes.ts). */
	loginFamilyOnly?: boolean;
	/**
	 * Why a family's route cannot carry this request (Send's rules in endpoints.ts: a schedule, the text), asked before
	 * that route is: a route that cannot carry it is not asked, and its reason is the error when no route takes it.
	 */
	cannotCarry?: (family: RouteFamily) => Error | undefined;
	/** See RequestInfo.noMatchWords in errors.ts. */
	noMatchWords?: RegExp;
}

export interface ApiResponse<T = unknown> {
	body: T;
	statusCode: number;
	/** Method and path of the route that answered, when the request had two (see routes.ts). */
	route?: string;
	/** The family of that route, when the request had two. */
	family?: RouteFamily;
}

import type { IDataObject } from 'n8n-workflow';

/**
 * What an endpoint of endpoints.ts is: its route and what it declares, the login family's route beside it, and the one
 * way a request takes it (spread whole; `documentedOnly` for the documented route alone). Types only, but for
 * `documentedOnly`: endpoints.ts makes the endpoints.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A mark that exists in types only (nothing at run time); endpoints.ts alone puts it on an endpoint (`declared`). */
export declare const fromEndpoints: unique symbol;

/**
 * What every request shape of the transport takes of its endpoint: the documented route's path and, when the
 * operation has one, the login family's route beside it (transport/routes.ts). The mark makes a request be built by
 * spreading an endpoint (`...endpoints.contacts()`): a bare `{ path }` does not type, since it would drop what the
 * endpoint declares (its `listKey`, `wrapper`, `slow`, `namesRecord`, `login`). A request meant for the documented
 * route alone says so with `documentedOnly`.
 */
export interface Routed {
	readonly [fromEndpoints]: true;
	path: string;
	/** The route of the login family, when this operation has one; `path` is the documented route. */
	login?: LoginRoute;
}

export interface Endpoint extends Routed {
	method: Method;
	/** The route answers slowly by design (it waits for the payment provider): it gets a longer default timeout. */
	slow?: boolean;
	/** Where its list answer keeps the records, when not in the page envelope's `results` (or `data`, `items`). */
	listKey?: string;
	/** Where its answer keeps the one resource it returns (`{success, transaction: {...}}`), tried first. */
	wrapper?: string;
	/** Its path names one record (an id): a 404 there may mean that record does not exist, not the route. */
	namesRecord?: RecordName;
	/**
	 * Some servers of the service lack the route (the real server's branch `main`): a missing route then says that
	 * this server does not offer the operation, rather than only that the Base URL may be wrong.
	 */
	notOnEveryServer?: boolean;
	/** Only the real service's own route family has it: its answer tells the run the server's family (routes.ts). */
	loginFamilyOnly?: boolean;
}

/** The record a path names: its kind in the user's words (`template`) and its id, for "no template with the ID …". */
export interface RecordName {
	kind: string;
	/** Absent when the record is named in the body (Buy Credits' package). */
	id?: string;
}

/** The login family's route of an operation that has both, with what differs from the documented request. */
export interface LoginRoute {
	path: string;
	slow?: boolean;
	namesRecord?: RecordName;
	/** Replaces the documented request's query (page and page size are added by the list reader on both). */
	qs?: IDataObject;
	/** Replaces the documented request's body. */
	body?: IDataObject;
	/** This route's answer in the documented route's shape (`credits` → `balance`, …). */
	toDocumented?: (body: unknown) => unknown;
}

/** An operation on both route families: the documented endpoint, spread into a request, with its login route. */
export type Paired<E extends Endpoint = Endpoint> = E & {
	login: LoginRoute & Omit<E, keyof Endpoint>;
};

/** What a send route can carry: Send checks an item against each route before a request costs anything. */
export interface SendRules {
	/** It has a schedule field (`schedule_time`). */
	schedules: boolean;
	/** It takes plain ASCII text only (400 INVALID_CHARACTERS otherwise). */
	asciiOnly: boolean;
	/** Most recipients one request may carry. */
	maxRecipients: number;
}
export type SendEndpoint = Endpoint & SendRules;

/**
 * The endpoint without its login route: for a request the login family's route cannot answer as asked (it lacks the
 * records, or the request is the documented one's alone). Everything else the endpoint declares stays.
 */
export function documentedOnly<E extends Endpoint>(
	endpoint: E,
): Omit<E, 'login'> & { login?: undefined } {
	return { ...endpoint, login: undefined };
}

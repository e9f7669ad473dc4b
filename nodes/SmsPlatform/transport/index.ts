/**
 * The one door to the service, as in n8n's own nodes (Microsoft Teams v2: router → operation → transport/index.ts).
 * Operations, trigger events and the list search use only what is exported here:
 * - apiRequest: one request (credential, Base URL, retries, rate limit, errors with the service's own words);
 * - getRecord: GET one resource, unwrapped and checked; listRecords / getList: lists; readPages: the page walker;
 * - parallelSlots: several requests at once, within Parallel Requests and the rate limit.
 * Behind it, one responsibility a file:
 * - exchange.ts: the HTTP exchange, one request repeated as policy.ts decides (retries, re-login, rate-limit waits);
 * - defaults.ts: the default timeouts, retries and waits;
 * - session.ts: what one run holds (the credential's data, each item's Request Options, the rate-limit budget the
 *   service reported); secrets.ts: the credential's secrets kept out of errors and answers; settings.ts: each
 *   request's settings (its own over the defaults); rateBudget.ts: the pacing and parallel slots that spend the budget;
 * - login.ts: the e-mail and password login (JWT); apiKeyProbe.ts: tells a wrong API key from a refusing endpoint;
 * - readAnswer.ts: an answer parsed, its value or error (a 2xx without what was asked too); words.ts: the service's
 *   own words in an error body; errors.ts: every error's title and constructor; whatFailed.ts: what a caught error
 *   tells (its typed fields, not its words); advice.ts: what to do about it (by
 *   status, credential mode, repeats, network code);
 * - request.ts: what a request is; baseUrl.ts: the Base URL and its errors; routes.ts: where it goes (the two route
 *   families, documented and login, and the one try on the other);
 * - pages.ts: the page walker (order, parallel pages, each record once, the list's end; where a list sits in an
 *   answer); records.ts: what operations read (one record, a list; where a record sits in an answer, its numbers).
 */

export { apiRequest } from './exchange';
export type { ApiRequest } from './request';
export { coerceNumbers, getList, getRecord, listRecords, unwrapObject } from './records';
export { readPages, PAGE_SIZE } from './pages';
export { ServiceError } from './errors';
export {
	credentialNotAccepted,
	mayHaveBeenAccepted,
	nodeError,
	routeMissing,
	serviceCodeOf,
} from './whatFailed';
export { unexpectedAnswerError } from './readAnswer';
export { logIn } from './login';
export { CREDENTIAL_TYPE, type ApiContext } from './session';
export { parallelRequests, parallelSlots } from './rateBudget';
export { useRequestOptions } from './settings';
export { DEFAULT_SETTINGS, type RequestSettings } from './defaults';
export { checkedBaseUrl } from './baseUrl';
export {
	familyLearnt,
	mayHaveLoginRoutes,
	routeFamilyOf,
	type RouteFamily,
	startWithFamily,
} from './routes';

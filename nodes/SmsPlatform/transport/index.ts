import { sessionOf, type ApiContext } from './credential';
import type { RequestSettings } from './defaults';
import { runBounded, settingsFor } from './policy';

/**
 * The one door to the service, as in n8n's own nodes (Microsoft Teams v2: router → operation → transport/index.ts).
 * Operations, trigger events and the list search use only what is exported here:
 * - apiRequest: one request (credential, Base URL, retries, rate limit, errors with the service's own words);
 * - getRecord: GET one resource, unwrapped and checked; listRecords / getList / readPages: lists and their pages;
 * - forEachBounded: several requests at once, within Parallel Requests and the rate limit.
 * Behind it: exchange.ts (the HTTP exchange), credential.ts (session, Base URL, login, secrets), policy.ts and
 * defaults.ts (retries, pacing, settings), answers.ts (reading answers, every error), pager.ts (lists).
 */

export { apiRequest, getRecord, type ApiRequest, type RecordRequest } from './exchange';
export {
	getList,
	listRecords,
	readPages,
	PAGE_SIZE,
	type ListRequest,
	type Page,
	type PageHandler,
} from './pager';
export {
	coerceNumbers,
	credentialNotAccepted,
	hasNext,
	listCount,
	mayHaveBeenAccepted,
	unexpectedAnswerError,
	unwrapObject,
} from './answers';
export { CREDENTIAL_TYPE, checkedBaseUrl, logIn, type ApiContext } from './credential';
export type { RequestSettings } from './defaults';
export type { Route, RouteFamily } from './routes';

/**
 * Runs `task` for each entry with at most Parallel Requests (from `settings`, else the default) running at once, and
 * never more than the rate-limit budget the service last reported. See runBounded in policy.ts.
 */
export async function forEachBounded<T>(
	ctx: ApiContext,
	entries: T[],
	settings: Partial<RequestSettings>,
	task: (entry: T) => Promise<void>,
	shouldStop: () => boolean,
): Promise<number> {
	const wanted = settingsFor(false, settings).parallelRequests;
	return await runBounded(sessionOf(ctx).rate, entries, wanted, task, shouldStop);
}

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
export {
	BALANCE_PATH,
	CREDENTIAL_TYPE,
	checkedBaseUrl,
	logIn,
	type ApiContext,
} from './credential';
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
	const wanted = settingsFor('', settings).parallelRequests;
	return await runBounded(sessionOf(ctx).rate, entries, wanted, task, shouldStop);
}

/** Encodes one path segment; an id with `/`, `?`, `#` or spaces stays one segment. */
export function encodeId(value: string): string {
	// `.` and `..` (even as %2E) are dot segments: URL parsing would remove them and the request would go to another
	// endpoint (`/sms/status/../` is `/sms/`). No encoding keeps them one segment, so they are refused.
	if (isDotSegment(value))
		throw new Error(`"${value}" cannot be used as an id: it would change the request path`);
	return encodeURIComponent(value);
}

/** `.`, `..` and their percent-encoded forms, which URL parsing treats as "this" and "parent" directory. */
export function isDotSegment(value: string): boolean {
	return /^(\.|%2e){1,2}$/i.test(value);
}

import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import type { RequestSettings } from './defaults';
import { unexpectedAnswerError } from './readAnswer';
import { apiRequest } from './exchange';
import type { ApiRequest, ApiResponse } from './request';
import type { Routed } from '../endpointShape';
import { parallelBudget } from './rateBudget';
import { sessionOf, type ApiContext } from './session';
import { settingsOf } from './settings';

/** The page and page size of a list request's query, for the login route's own query. */
function pageQuery(qs: IDataObject | undefined): IDataObject {
	const out: IDataObject = {};
	if (qs?.page !== undefined) out.page = qs.page;
	if (qs?.page_size !== undefined) out.page_size = qs.page_size;
	return out;
}

/**
 * The page walker, shared by the list operations (records.ts) and the trigger's reader (events/timelineReader.ts):
 * the pages of a paged list in order (`page`, `page_size`), several at once when they are certainly needed, each
 * record once (one dedupe by id) and one rule for the list's end. What a page holds is read by the caller's
 * `readPage` when the endpoint has a shape of its own (a grouped billing history), else as a page envelope or a list.
 */

/** The most records the service gives a page. */
export const PAGE_SIZE = 100;

/** One request type for every list reader. */
export interface ListRequest extends Routed {
	/** Some servers lack the route (endpoints.ts). */
	notOnEveryServer?: boolean;
	qs?: IDataObject;
	itemIndex?: number;
	/** Stop after this many records; `undefined` returns all. Also sets the page size (at most PAGE_SIZE). */
	limit?: number;
	settings?: Partial<RequestSettings>;
	/** Safety bound against a server that never says it is done. */
	maxPages?: number;
	/**
	 * Records to output (a filter the server may have ignored, e.g. a type or "unread only"): applied in the node,
	 * before the limit counts them.
	 */
	keep?: (record: IDataObject) => boolean;
	/** Fields documented as numbers (some servers send them as strings). */
	numbers?: string[];
	/** Where the endpoint's list answer keeps its records, if not in `results` (Endpoint.listKey in endpoints.ts). */
	listKey?: string;
	/**
	 * An endpoint's own list shape: the whole list from one answer (the server ignored page, page_size and filters), or
	 * `undefined` when the answer is not of that shape.
	 */
	readPage?: (body: unknown) => IDataObject[] | undefined;
	/** What makes two records the same one, for outputting each once. Default: the record's `id`; none: never merged. */
	keyOf?: (record: IDataObject) => string | undefined;
}

export interface Page {
	number: number;
	/** The whole answer (its `count`, `next`...). */
	body: unknown;
	records: IDataObject[];
	/** The answer holds the whole list at once (see ListRequest.readPage). */
	whole: boolean;
	/**
	 * The records not on an earlier page nor earlier on this one, in order. A record added on top of a newest-first
	 * list while its pages are read shifts the pages: a record already read comes again at the top of the next page.
	 */
	fresh: IDataObject[];
	/** The list's count, from this page or else an earlier one, when the service gives one. */
	count?: number;
	/** Whether this is the list's last page (see isLastPage). */
	last: boolean;
}

/**
 * What the reader does with each page, in page order: `stop`, or how many pages after this one it certainly needs
 * (at least 1 to go on). Pages it certainly needs are asked for in parallel, up to Request Options → Parallel
 * Requests and the rate-limit budget the service last reported; a page it may not need is never asked for.
 */
export type PageHandler = (page: Page) => 'stop' | number;

export function pageSizeOf(list: ListRequest): number {
	return list.limit === undefined ? PAGE_SIZE : Math.max(1, Math.min(PAGE_SIZE, list.limit));
}

const idKey = (record: IDataObject) => (record.id === undefined ? undefined : String(record.id));

/**
 * The one rule for a list's end: an empty page; else the page's `next` says so; without `next`, the count is reached
 * (`read`: the distinct records read so far); without a count either, a page shorter than asked for.
 */
function isLastPage(body: unknown, length: number, pageSize: number, read: number, count?: number) {
	if (length === 0) return true;
	const next = hasNext(body);
	if (next !== undefined) return !next;
	if (count !== undefined) return read >= count;
	return length < pageSize;
}

/** The records of one answer, or `undefined` when it is not a list (an empty body is not an empty list). */
function recordsOf(
	list: ListRequest,
	body: unknown,
): { records: IDataObject[]; whole: boolean } | undefined {
	const whole = list.readPage?.(body);
	if (whole) return { records: whole, whole: true };
	const records = listIn(body, list.listKey);
	return records ? { records, whole: false } : undefined;
}

/** Reads the pages of a list in order; throws when a request fails or a page is not a list. */
export async function readPages(
	ctx: ApiContext,
	list: ListRequest,
	onPage: PageHandler,
): Promise<void> {
	const parallel = settingsOf(ctx, list).parallelRequests;
	const rate = sessionOf(ctx).rate;
	const keyOf = list.keyOf ?? idKey;
	const seen = new Set<string>();
	let read = 0;
	let count: number | undefined;
	const asked = new Map<number, Promise<ApiResponse>>();
	/** Pages asked for before the page in front of them was answered. */
	const askedAhead = new Set<number>();
	try {
		asked.set(1, apiRequest(ctx, pageRequest(list, 1)));
		let previousCount: number | undefined;
		for (let number = 1; ; number++) {
			let page = pageOf(ctx, list, number, await (asked.get(number) as Promise<ApiResponse>));
			asked.delete(number);
			if (askedAhead.has(number) && listCount(page.body) !== previousCount) {
				// The list changed between this page's answer and the one before it (a record added on top of a newest-first
				// list moves the others down a page). Read this page again, now: a page read earlier than the page in front
				// of it would miss the record that moved across their boundary.
				page = pageOf(ctx, list, number, await apiRequest(ctx, pageRequest(list, number)));
			}
			previousCount = listCount(page.body);
			count = previousCount ?? count;
			if (!page.whole) {
				for (const record of page.records) {
					const key = keyOf(record);
					if (key !== undefined && seen.has(key)) continue;
					if (key !== undefined) seen.add(key);
					page.fresh.push(record);
				}
				read += page.fresh.length;
				page.count = count;
				page.last = isLastPage(page.body, page.records.length, pageSizeOf(list), read, count);
			} else {
				page.fresh = page.records;
				page.last = true;
			}
			const wanted = onPage(page);
			if (wanted === 'stop' || wanted < 1) return;
			// Asked ahead only when the list has a count, which tells whether it changed while its pages were read.
			const ahead =
				previousCount === undefined ? 1 : parallelBudget(rate, Math.min(wanted, parallel));
			for (let next = number + 1; next <= number + ahead; next++) {
				if (asked.has(next)) continue;
				const request = apiRequest(ctx, pageRequest(list, next));
				// Read in order above; a page asked for ahead and then not needed must not go unhandled.
				request.catch(() => undefined);
				asked.set(next, request);
				if (next > number + 1) askedAhead.add(next);
			}
		}
	} finally {
		// Pages asked for ahead of a failure or a stop are answered before the read ends (nothing left running).
		await Promise.allSettled(asked.values());
	}
}

/** The request for one page (the login route's own query gets the same page and page size). */
function pageRequest(list: ListRequest, number: number): ApiRequest {
	return listRequest(list, { ...(list.qs ?? {}), page: number, page_size: pageSizeOf(list) });
}

/** One GET of a list: the documented query `qs`, and the login route's query with its page. */
export function listRequest(list: ListRequest, qs: IDataObject | undefined): ApiRequest {
	return {
		...list,
		method: 'GET',
		qs,
		login: list.login && {
			...list.login,
			qs: { ...(list.login.qs ?? list.qs ?? {}), ...pageQuery(qs) },
		},
	};
}

/** A page's answer read as a page; an answer that is not a list is an error. */
function pageOf(ctx: ApiContext, list: ListRequest, number: number, response: ApiResponse): Page {
	const read = listAnswer(ctx, list, response, {
		message: `The service's answer to page ${number} of ${list.path} is not a list`,
		description:
			"Expected a page envelope { count, next, previous, results: [...] } or a list; nothing was output. Check the credential's 'Base URL': it may point at something other than the API.",
	});
	return { number, body: response.body, ...read, fresh: [], last: false };
}

/** A list's answer: its records, or the error `notAList` when it is not a list. */
export function listAnswer(
	ctx: ApiContext,
	list: ListRequest,
	response: ApiResponse,
	notAList: { message: string; description: string },
): { records: IDataObject[]; whole: boolean } {
	const read = recordsOf(list, response.body);
	if (!read) {
		throw unexpectedAnswerError(
			ctx.getNode(),
			{ ...response, path: list.path, itemIndex: list.itemIndex },
			{ ...notAList, shown: 120 },
		);
	}
	return read;
}

// Where a list sits in an answer: its records, its count, whether it has a next page.

/**
 * Where any list answer may keep its records: the page envelope's `results`, or a generic wrapper. An endpoint whose
 * list has a key of its own names it (`listKey` in endpoints.ts, e.g. recent activity's `activities`): it is tried
 * first.
 */
const LIST_KEYS = ['results', 'data', 'items', 'records'];

const listKeys = (listKey?: string) => (listKey ? [listKey, ...LIST_KEYS] : LIST_KEYS);

/**
 * The records of a list answer: a bare array, or one held under a list key (a page envelope's `results`, `data`,
 * `items`, the endpoint's own key), also one level down (`{success, data: {results}}`). `undefined` when the body is
 * no list answer at all (an empty body, an error page, an unrelated object), which must not pass for an empty list.
 * Entries that are not records are dropped.
 */
export function listIn(body: unknown, listKey?: string): IDataObject[] | undefined {
	if (Array.isArray(body)) return body.filter(isPlainObject);
	if (!isPlainObject(body)) return undefined;
	let empty: IDataObject[] | undefined;
	for (const key of listKeys(listKey)) {
		const value = body[key];
		if (Array.isArray(value)) return value.filter(isPlainObject);
		if (isPlainObject(value)) {
			const nested = listIn(value, listKey);
			// An empty list inside one key does not hide records under a later one.
			if (nested?.length) return nested;
			empty ??= nested;
		}
	}
	return empty;
}

/**
 * The objects of an answer that may hold the page envelope's `count` and `next`: the answer itself, its `data`, and
 * a `pagination` object beside the list in either (`{success, data: {usage_records, pagination: {count, next}}}`).
 */
function pageInfos(body: unknown): IDataObject[] {
	if (!isPlainObject(body)) return [];
	const holders = [body, body.data].filter(isPlainObject);
	return [...holders, ...holders.map((holder) => holder.pagination)].filter(isPlainObject);
}

/** Total count from a page envelope, when the service gives one. */
export function listCount(body: unknown): number | undefined {
	for (const info of pageInfos(body)) {
		if (info.count === undefined || info.count === null) continue;
		const count = Number(info.count);
		if (Number.isFinite(count)) return count;
	}
	return undefined;
}

/** Whether a page envelope says there is a next page: `undefined` when it does not say. */
export function hasNext(body: unknown): boolean | undefined {
	const info = pageInfos(body).find((holder) => 'next' in holder);
	if (!info) return undefined;
	return info.next !== null && info.next !== undefined && info.next !== '';
}

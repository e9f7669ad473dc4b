import type { IDataObject } from 'n8n-workflow';

import {
	coerceNumbers,
	hasNext,
	isListBody,
	listCount,
	unexpectedAnswerError,
	unwrapList,
} from './answers';
import { sessionOf, type ApiContext } from './credential';
import type { RequestSettings } from './defaults';
import { apiRequest } from './exchange';
import { parallelBudget, settingsFor } from './policy';
import type { Route } from './routes';

/** The page and page size of a list request's query, for the login route's own query. */
function pageOf(qs: IDataObject | undefined): IDataObject {
	const out: IDataObject = {};
	if (qs?.page !== undefined) out.page = qs.page;
	if (qs?.page_size !== undefined) out.page_size = qs.page_size;
	return out;
}

/**
 * Reading lists: the pages of a paged list in order (`page`, `page_size`), several at once when they are certainly
 * needed, and each record once. What a page holds is read by the caller's `readPage` when the endpoint has a shape
 * of its own (a grouped billing history), else as a page envelope or a bare list.
 */

/** The most records the service gives a page. */
export const PAGE_SIZE = 100;

/** One request type for every list reader. */
export interface ListRequest {
	path: string;
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
	/**
	 * An endpoint's own list shape: the whole list from one answer (the server ignored page, page_size and filters), or
	 * `undefined` when the answer is not of that shape.
	 */
	readPage?: (body: unknown) => IDataObject[] | undefined;
	/** The login family's route (see routes.ts): its query replaces `qs`, and gets the page and page size too. */
	login?: Route;
}

export interface Page {
	number: number;
	/** The whole answer (its `count`, `next`...). */
	body: unknown;
	records: IDataObject[];
	/** The answer holds the whole list at once (see ListRequest.readPage). */
	whole: boolean;
}

/**
 * What the reader does with each page, in page order: `stop`, or how many pages after this one it certainly needs
 * (at least 1 to go on). Pages it certainly needs are asked for in parallel, up to Request Options → Parallel
 * Requests and the rate-limit budget the service last reported; a page it may not need is never asked for.
 */
export type PageHandler = (page: Page) => 'stop' | number;

function pageSizeOf(list: ListRequest): number {
	return list.limit === undefined ? PAGE_SIZE : Math.max(1, Math.min(PAGE_SIZE, list.limit));
}

/** The records of one answer, or `undefined` when it is not a list (an empty body is not an empty list). */
function recordsOf(
	list: ListRequest,
	body: unknown,
): { records: IDataObject[]; whole: boolean } | undefined {
	const whole = list.readPage?.(body);
	if (whole) return { records: whole, whole: true };
	return isListBody(body) ? { records: unwrapList(body), whole: false } : undefined;
}

/** Reads the pages of a list in order; throws when a request fails or a page is not a list. */
export async function readPages(
	ctx: ApiContext,
	list: ListRequest,
	onPage: PageHandler,
): Promise<void> {
	const parallel = settingsFor(false, list.settings).parallelRequests;
	const rate = sessionOf(ctx).rate;
	const asked = new Map<number, Promise<Page>>();
	/** Pages asked for before the page in front of them was answered. */
	const askedAhead = new Set<number>();
	const ask = (number: number, ahead: boolean) => {
		if (asked.has(number)) return;
		const page = fetchPage(ctx, list, number);
		// Read in order below; a page asked for ahead and then not needed must not go unhandled.
		page.catch(() => undefined);
		asked.set(number, page);
		if (ahead) askedAhead.add(number);
	};
	try {
		ask(1, false);
		let previousCount: number | undefined;
		for (let number = 1; ; number++) {
			let page = await (asked.get(number) as Promise<Page>);
			asked.delete(number);
			const count = listCount(page.body);
			if (askedAhead.has(number) && count !== previousCount) {
				// The list changed between this page's answer and the one before it (a record added on top of a newest-first
				// list moves the others down a page). Read this page again, now: a page read earlier than the page in front
				// of it would miss the record that moved across their boundary.
				page = await fetchPage(ctx, list, number);
			}
			previousCount = listCount(page.body);
			const wanted = onPage(page);
			if (wanted === 'stop' || wanted < 1) return;
			// Asked ahead only when the list has a count, which tells whether it changed while its pages were read.
			const ahead =
				previousCount === undefined ? 1 : parallelBudget(rate, Math.min(wanted, parallel));
			for (let next = number + 1; next <= number + ahead; next++) ask(next, next > number + 1);
		}
	} finally {
		// Pages asked for ahead of a failure or a stop are answered before the read ends (nothing left running).
		await Promise.allSettled(asked.values());
	}
}

async function fetchPage(ctx: ApiContext, list: ListRequest, number: number): Promise<Page> {
	const read = await readList(
		ctx,
		list,
		{ ...(list.qs ?? {}), page: number, page_size: pageSizeOf(list) },
		{
			message: `The service's answer to page ${number} of ${list.path} is not a list`,
			description:
				'Expected a page envelope { count, next, previous, results: [...] } or a list; nothing was output. Check the Base URL of the credential: it may point at something other than the API.',
		},
	);
	return { number, ...read };
}

/** One GET of a list's answer: its records, or the error `notAList` when it is not a list. */
async function readList(
	ctx: ApiContext,
	list: ListRequest,
	qs: IDataObject | undefined,
	notAList: { message: string; description: string },
): Promise<{ body: unknown; records: IDataObject[]; whole: boolean }> {
	const response = await apiRequest(ctx, {
		method: 'GET',
		path: list.path,
		qs,
		itemIndex: list.itemIndex,
		settings: list.settings,
		login: list.login && {
			...list.login,
			qs: { ...(list.login.qs ?? list.qs ?? {}), ...pageOf(qs) },
		},
	});
	const read = recordsOf(list, response.body);
	if (!read) {
		throw unexpectedAnswerError(
			ctx.getNode(),
			{ ...response, path: list.path, itemIndex: list.itemIndex },
			{ ...notAList, shown: 120 },
		);
	}
	return { body: response.body, ...read };
}

/**
 * The records of a list operation: asks for 100 a page when returning all (or `limit`, if smaller), follows the
 * envelope's `next`/`count`, outputs each record once, and stops as soon as `limit` records are in hand. Once the
 * first page's `count` tells how many pages there are, the rest are read in parallel (see readPages).
 */
export async function listRecords(ctx: ApiContext, req: ListRequest): Promise<IDataObject[]> {
	const limit = req.limit;
	const pageSize = pageSizeOf(req);
	const maxPages = req.maxPages ?? 100000;
	let records: IDataObject[] = [];
	let total: number | undefined;
	/** Distinct records the server listed, before `keep`. */
	let read = 0;
	const seen = new Set<string>();
	const full = () => limit !== undefined && records.length >= limit;

	await readPages(ctx, req, (page) => {
		if (page.whole) {
			// The whole list at once: the server ignored page, page_size and the filters.
			const kept = req.keep ? page.records.filter(req.keep) : page.records;
			records = limit === undefined ? kept : kept.slice(0, limit);
			return 'stop';
		}
		total = listCount(page.body) ?? total;
		const ids = page.records.map((r) => (r.id === undefined ? undefined : String(r.id)));
		// A server that ignores `page` sends the same records again: stop instead of looping.
		if (page.number > 1 && ids.length && ids.every((id) => id !== undefined && seen.has(id))) {
			return 'stop';
		}
		for (const [index, record] of page.records.entries()) {
			// A record added on top of a newest-first list while the pages are read shifts the pages: a record already
			// output comes again at the top of the next page. Output each record once.
			const id = ids[index];
			if (id !== undefined) {
				if (seen.has(id)) continue;
				seen.add(id);
			}
			read++;
			if (req.keep && !req.keep(record)) continue;
			records.push(record);
			if (full()) return 'stop';
		}
		if (page.records.length === 0 || page.number >= maxPages) return 'stop';
		const next = hasNext(page.body);
		if (next === false) return 'stop';
		if (next === undefined) {
			// No `next` in the answer: a bare array or `{count, results}`. Use the count, else a short page ends it.
			if (total !== undefined && read >= total) return 'stop';
			if (total === undefined && page.records.length < pageSize) return 'stop';
			if (Array.isArray(page.body) && page.records.length < pageSize) return 'stop';
		}
		return pagesStillNeeded(
			page.number,
			pageSize,
			maxPages,
			total,
			req.keep ? undefined : limit,
			records.length,
		);
	});
	return req.numbers ? records.map((record) => coerceNumbers(record, req.numbers ?? [])) : records;
}

/**
 * The pages after `number` that will certainly be read: those the count says exist (and the limit still needs,
 * when no filter in the node may drop records). Without a count, only the next one.
 */
function pagesStillNeeded(
	number: number,
	pageSize: number,
	maxPages: number,
	total: number | undefined,
	limit: number | undefined,
	have: number,
): number {
	if (total === undefined) return 1;
	let pages = Math.ceil(total / pageSize) - number;
	if (limit !== undefined) pages = Math.min(pages, Math.ceil((limit - have) / pageSize));
	return Math.max(1, Math.min(pages, maxPages - number));
}

/** One GET of a list that has no pages (recent activity): its records, or the error that it is not a list. */
export async function getList(
	ctx: ApiContext,
	req: ListRequest,
	expected: { noun: string; shape: string },
): Promise<IDataObject[]> {
	const read = await readList(ctx, req, req.qs, {
		message: `The service's answer is not a list of ${expected.noun}`,
		description: `Expected ${expected.shape}. Check the Base URL of the credential.`,
	});
	return read.records;
}

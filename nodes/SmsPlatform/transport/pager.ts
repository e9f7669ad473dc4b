import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './apiContext';
import type { RequestSettings } from './defaults';
import { buildApiError } from './errors';
import { allowedInFlight } from './parallel';
import { apiRequest } from './request';
import { groupedRecords, isListBody, listCount, unwrapList } from './response';
import { settingsFor } from './retryDecision';

/** The most records the service gives a page. */
export const PAGE_SIZE = 100;

export interface Page {
	number: number;
	/** The whole answer (its `count`, `next`...). */
	body: unknown;
	records: IDataObject[];
	/** The server sent the whole list at once, grouped by kind (it ignores `page`, `page_size` and filters). */
	grouped: boolean;
}

export interface PagedList {
	path: string;
	qs?: IDataObject;
	itemIndex?: number;
	pageSize?: number;
	settings?: Partial<RequestSettings>;
}

/**
 * What the reader does with each page, in page order: `stop`, or how many pages after this one it certainly needs
 * (at least 1 to go on). Pages it certainly needs are asked for in parallel, up to Request Options → Parallel
 * Requests and the rate-limit budget the service last reported; a page it may not need is never asked for.
 */
export type PageHandler = (page: Page) => 'stop' | number;

/** Reads the pages of a list (`page`, `page_size`) in order; throws when a request fails or a page is not a list. */
export async function readPages(
	ctx: ApiContext,
	list: PagedList,
	onPage: PageHandler,
): Promise<void> {
	const pageSize = list.pageSize ?? PAGE_SIZE;
	const parallel = settingsFor(list.path, list.settings).parallelRequests;
	const asked = new Map<number, Promise<Page>>();
	/** Pages asked for before the page in front of them was answered. */
	const askedAhead = new Set<number>();
	const ask = (number: number, ahead: boolean) => {
		if (asked.has(number)) return;
		const page = fetchPage(ctx, list, number, pageSize);
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
				page = await fetchPage(ctx, list, number, pageSize);
			}
			previousCount = listCount(page.body);
			const wanted = onPage(page);
			if (wanted === 'stop' || wanted < 1) return;
			// Asked ahead only when the list has a count, which tells whether it changed while its pages were read.
			const ahead =
				previousCount === undefined ? 1 : allowedInFlight(ctx, Math.min(wanted, parallel));
			for (let next = number + 1; next <= number + ahead; next++) ask(next, next > number + 1);
		}
	} finally {
		// Pages asked for ahead of a failure or a stop are answered before the read ends (nothing left running).
		await Promise.allSettled(asked.values());
	}
}

async function fetchPage(
	ctx: ApiContext,
	list: PagedList,
	number: number,
	pageSize: number,
): Promise<Page> {
	const response = await apiRequest(ctx, {
		method: 'GET',
		path: list.path,
		qs: { ...(list.qs ?? {}), page: number, page_size: pageSize },
		itemIndex: list.itemIndex,
		settings: list.settings,
	});
	const body = response.body;
	if (!isListBody(body)) {
		// An empty body or an unrelated object is not an empty list: saying "no records" would lose them silently.
		throw buildApiError(ctx.getNode(), {
			status: response.statusCode,
			method: 'GET',
			path: list.path,
			itemIndex: list.itemIndex,
			message: `The service's answer to page ${number} of ${list.path}${list.itemIndex === undefined ? '' : ` (item ${list.itemIndex})`} is not a list: ${JSON.stringify(body)?.slice(0, 120) ?? 'an empty body'}`,
			description:
				'Expected a page envelope { count, next, previous, results: [...] } or a list; nothing was output. Check the Base URL of the credential: it may point at something other than the API.',
		});
	}
	const grouped = groupedRecords(body);
	return { number, body, records: grouped ?? unwrapList(body), grouped: grouped !== undefined };
}

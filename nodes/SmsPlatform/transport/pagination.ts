import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './apiContext';
import type { RequestSettings } from './defaults';
import { PAGE_SIZE, readPages } from './pager';
import { hasNext, listCount } from './response';

export interface ListRequest {
	path: string;
	qs?: IDataObject;
	itemIndex?: number;
	/** Stop after this many records; `undefined` returns all. */
	limit?: number;
	settings?: Partial<RequestSettings>;
	/** Safety bound against a server that never says it is done. */
	maxPages?: number;
	/**
	 * Records to output (a filter the server may have ignored, e.g. a type or "unread only"): applied in the node,
	 * before the limit counts them.
	 */
	keep?: (record: IDataObject) => boolean;
}

/**
 * The records of a list operation: asks for 100 a page when returning all (or `limit`, if smaller), follows the
 * envelope's `next`/`count`, outputs each record once, and stops as soon as `limit` records are in hand. Once the
 * first page's `count` tells how many pages there are, the rest are read in parallel (see pager.ts).
 */
export async function listRecords(ctx: ApiContext, req: ListRequest): Promise<IDataObject[]> {
	const limit = req.limit;
	const pageSize = limit === undefined ? PAGE_SIZE : Math.max(1, Math.min(PAGE_SIZE, limit));
	const maxPages = req.maxPages ?? 100000;
	let records: IDataObject[] = [];
	let total: number | undefined;
	/** Distinct records the server listed, before `keep`. */
	let read = 0;
	const seen = new Set<string>();
	const full = () => limit !== undefined && records.length >= limit;

	await readPages(ctx, { ...req, pageSize }, (page) => {
		if (page.grouped) {
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
	return records;
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

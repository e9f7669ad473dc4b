import type { IDataObject } from 'n8n-workflow';

import { groupedRecords, hasNext, isListBody, listCount, unwrapList } from '../helpers/response';
import { buildApiError } from './errors';
import type { ApiContext, RequestSettings } from './request';
import { apiRequest } from './request';

export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
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

export interface PageResult {
	records: IDataObject[];
	requests: number;
	total?: number;
}

/**
 * Reads a paged list (`page`, `page_size`): asks for 100 a page when returning all (or `limit`, if smaller), follows
 * the envelope's `next`/`count`, and stops as soon as `limit` records are in hand.
 */
export async function paginate(ctx: ApiContext, req: PageRequest): Promise<PageResult> {
	const limit = req.limit;
	const pageSize =
		limit === undefined ? MAX_PAGE_SIZE : Math.max(1, Math.min(MAX_PAGE_SIZE, limit));
	const maxPages = req.maxPages ?? 100000;
	const records: IDataObject[] = [];
	let requests = 0;
	let total: number | undefined;
	/** Distinct records the server listed, before `keep`. */
	let read = 0;
	const seen = new Set<string>();
	for (let page = 1; page <= maxPages; page++) {
		const response = await apiRequest(ctx, {
			method: 'GET',
			path: req.path,
			qs: { ...(req.qs ?? {}), page, page_size: pageSize },
			itemIndex: req.itemIndex,
			settings: req.settings,
		});
		requests += response.attempts;
		if (!isListBody(response.body)) {
			// An empty body or an unrelated object is not an empty list: saying "no records" would lose them silently.
			throw buildApiError(ctx.getNode(), {
				status: response.statusCode,
				method: 'GET',
				path: req.path,
				itemIndex: req.itemIndex,
				message: `The service's answer to page ${page} of ${req.path}${req.itemIndex === undefined ? '' : ` (item ${req.itemIndex})`} is not a list: ${JSON.stringify(response.body)?.slice(0, 120) ?? 'an empty body'}`,
				description:
					'Expected a page envelope { count, next, previous, results: [...] } or a list. Check the Base URL of the credential: it may point at something other than the API.',
			});
		}
		const grouped = groupedRecords(response.body);
		if (grouped) {
			// The whole list at once, grouped by kind (the server ignored page, page_size and the filters).
			const kept = req.keep ? grouped.filter(req.keep) : grouped;
			return {
				records: limit === undefined ? kept : kept.slice(0, limit),
				requests,
				total: kept.length,
			};
		}
		const pageRecords = unwrapList(response.body);
		total = listCount(response.body) ?? total;
		// A server that ignores `page` would send the same records again: stop instead of looping.
		const ids = pageRecords.map((r) => (r.id === undefined ? undefined : String(r.id)));
		if (page > 1 && ids.length && ids.every((id) => id !== undefined && seen.has(id))) break;
		for (const [index, record] of pageRecords.entries()) {
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
			if (limit !== undefined && records.length >= limit) return { records, requests, total };
		}
		const next = hasNext(response.body);
		if (pageRecords.length === 0) break;
		if (next === false) break;
		if (next === undefined) {
			// No `next` in the answer: a bare array or `{count, results}`. Use the count, else a short page ends it.
			if (total !== undefined && read >= total) break;
			if (total === undefined && pageRecords.length < pageSize) break;
			if (Array.isArray(response.body) && pageRecords.length < pageSize) break;
		}
	}
	return { records, requests, total };
}

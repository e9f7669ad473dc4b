import type { IDataObject } from 'n8n-workflow';

import { hasNext, listCount, unwrapList } from '../helpers/response';
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
	const pageSize = limit === undefined ? MAX_PAGE_SIZE : Math.max(1, Math.min(MAX_PAGE_SIZE, limit));
	const maxPages = req.maxPages ?? 100000;
	const records: IDataObject[] = [];
	let requests = 0;
	let total: number | undefined;
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
		const pageRecords = unwrapList(response.body);
		total = listCount(response.body) ?? total;
		// A server that ignores `page` would send the same records again: stop instead of looping.
		const ids = pageRecords.map((r) => (r.id === undefined ? undefined : String(r.id)));
		if (page > 1 && ids.length && ids.every((id) => id !== undefined && seen.has(id))) break;
		for (const id of ids) if (id !== undefined) seen.add(id);
		for (const record of pageRecords) {
			records.push(record);
			if (limit !== undefined && records.length >= limit) return { records, requests, total };
		}
		const next = hasNext(response.body);
		if (pageRecords.length === 0) break;
		if (next === false) break;
		if (next === undefined) {
			// No `next` in the answer: a bare array or `{count, results}`. Use the count, else a short page ends it.
			if (total !== undefined && records.length >= total) break;
			if (total === undefined && pageRecords.length < pageSize) break;
			if (Array.isArray(response.body) && pageRecords.length < pageSize) break;
		}
	}
	return { records, requests, total };
}

import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import type { RequestSettings } from './defaults';
import { unexpectedAnswerError } from './readAnswer';
import { apiRequest } from './exchange';
import { listAnswer, listRequest, type ListRequest, pageSizeOf, readPages } from './pages';
import type { RecordName, Routed } from '../endpointShape';
import type { ApiContext } from './session';

/**
 * What operations read: one record (getRecord), the records of a paged list (listRecords) and a list without pages
 * (getList), each checked: an answer without what the operation exists to return is an error, never an empty success.
 * Also where a record sits in an answer (bare or in an envelope) and its numbers that arrive as strings; where a list
 * sits is the page walker's (pages.ts).
 */

/** What a GET of one resource must give: the wrapper the endpoint documents, its number fields, its key fields. */
export interface RecordRequest extends Routed {
	/** The route answers slowly by design (endpoints.ts): a longer default timeout. */
	slow?: boolean;
	qs?: IDataObject;
	itemIndex?: number;
	settings?: Partial<RequestSettings>;
	/** Where the endpoint's answer keeps the resource (`wrapper` in endpoints.ts), tried first. */
	wrapper?: string;
	/** Fields documented as numbers (some servers send them as strings). */
	numbers?: string[];
	/** Documented fields the answer must have (the resource is useless without them). */
	required?: string[];
	/** Its path names one record (endpoints.ts): a JSON 404 is that record's. */
	namesRecord?: RecordName;
	/** See RequestInfo.noMatchWords. */
	noMatchWords?: RegExp;
}

/**
 * GET one resource: the answer unwrapped to the resource, its numbers read as numbers. An answer that is empty, or
 * lacks a field the operation exists to return, is an error naming the item, the field and what came instead: an
 * empty output item would pass for a success.
 */
export async function getRecord(ctx: ApiContext, req: RecordRequest): Promise<IDataObject> {
	const response = await apiRequest(ctx, { ...req, method: 'GET' });
	const record = unwrapObject(response.body, req.wrapper);
	const empty = Object.keys(record).length === 0;
	const missing = empty
		? undefined
		: (req.required ?? []).find((field) => record[field] === undefined || record[field] === null);
	if (empty || missing) {
		throw unexpectedAnswerError(
			ctx.getNode(),
			{ ...response, path: response.route?.split(' ')[1] ?? req.path, itemIndex: req.itemIndex },
			{
				message: missing
					? `The service's answer has no '${missing}' field`
					: "The service's answer is empty",
				description:
					"The service answered without the data this operation returns. Check the credential's 'Base URL' (it may point at something other than the API), or try again later.",
			},
		);
	}
	return coerceNumbers(record, req.numbers ?? []);
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
	const full = () => limit !== undefined && records.length >= limit;

	await readPages(ctx, req, (page) => {
		if (page.whole) {
			// The whole list at once: the server ignored page, page_size and the filters.
			const kept = req.keep ? page.records.filter(req.keep) : page.records;
			records = limit === undefined ? kept : kept.slice(0, limit);
			return 'stop';
		}
		// A server that ignores `page` sends the same records again: stop instead of looping.
		if (page.fresh.length === 0) return 'stop';
		for (const record of page.fresh) {
			if (req.keep && !req.keep(record)) continue;
			records.push(record);
			if (full()) return 'stop';
		}
		if (page.last || page.number >= maxPages) return 'stop';
		return pagesStillNeeded(
			page.number,
			pageSize,
			maxPages,
			page.count,
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
	const response = await apiRequest(ctx, listRequest(req, req.qs));
	return listAnswer(ctx, req, response, {
		message: `The service's answer is not a list of ${expected.noun}`,
		description: `Expected ${expected.shape}. Check the credential's 'Base URL'.`,
	}).records;
}

// The record inside an answer, and its numbers.

/**
 * Generic wrappers, tried when an envelope holds several objects. An endpoint whose answer has a wrapper of its own
 * names it (`wrapper` in endpoints.ts, e.g. a payment's `transaction`): the caller passes it as `preferred`.
 */
const WRAPPER_KEYS = ['data', 'result'];

/** Keys of an envelope that say something about the answer, never the resource itself. */
const ENVELOPE_KEYS = new Set([
	'success',
	'status',
	'timestamp',
	'message',
	'detail',
	'code',
	'error_code',
	'errors',
	'meta',
	'links',
]);

/**
 * Single-object responses may come bare or in any envelope (`{success, data}`, `{success, analytics}`,
 * `{success, timestamp, data, message}`, `{success, transaction}`...): returns the resource itself. An envelope is an
 * object with `success` (or with one key only) whose one object-valued field, besides the envelope's own fields, is
 * the resource. `preferred` names the wrapper the endpoint documents, tried first.
 */
export function unwrapObject(body: unknown, preferred?: string): IDataObject {
	if (!isPlainObject(body)) return {};
	if (preferred && isPlainObject(body[preferred])) return body[preferred];
	const keys = Object.keys(body);
	if ('success' in body || keys.length === 1) {
		const inner = keys.filter(
			(key) => isPlainObject(body[key]) && (!ENVELOPE_KEYS.has(key) || key === 'message'),
		);
		// Only object-valued fields next to envelope fields: the one object is the resource.
		const scalarsAreEnvelope = keys.every((key) => inner.includes(key) || ENVELOPE_KEYS.has(key));
		if (inner.length === 1 && scalarsAreEnvelope) return body[inner[0]] as IDataObject;
		for (const key of WRAPPER_KEYS) {
			if (isPlainObject(body[key])) return body[key];
		}
	}
	return body;
}

/** Numbers that arrive as strings, at the given dotted paths (`[]` for each entry of a list), made numbers. */
export function coerceNumbers<T extends IDataObject>(record: T, paths: string[]): T {
	for (const path of paths) coercePath(record, path.split('.'));
	return record;
}

function coercePath(target: unknown, parts: string[]): void {
	if (!isPlainObject(target) || parts.length === 0) return;
	const [head, ...rest] = parts;
	if (head.endsWith('[]')) {
		const list = target[head.slice(0, -2)];
		if (Array.isArray(list)) for (const entry of list) coercePath(entry, rest);
		return;
	}
	if (rest.length) {
		coercePath(target[head], rest);
		return;
	}
	const value = target[head];
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
		target[head] = Number(value);
	}
}

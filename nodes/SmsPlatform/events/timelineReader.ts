import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Routed } from '../endpointShape';
import { PAGE_SIZE, readPages } from '../transport';

/**
 * Reading a newest-first list (payments, notifications) down to a cursor, for timeline.ts. It imports nothing from
 * timeline.ts: what it needs of an event is `ReadSpec`, declared here.
 */

/** Where the list is and how far one poll may read it. */
export interface ReadSpec extends Routed {
	qs?: IDataObject;
	/** The endpoint's own list shape, if it has one (a grouped billing history): see ListRequest.readPage. */
	readPage?: (body: unknown) => IDataObject[] | undefined;
	/**
	 * Safety bounds on one poll's reading towards the cursor: at most this many records, and at most `maxPages` pages
	 * (for a server that serves smaller pages than asked). Beyond them the oldest unread records are passed over.
	 */
	maxRecords: number;
	maxPages: number;
	/** Pages read at most in one poll to re-check watched records older than the cursor (best effort). */
	pendingPages: number;
}

/** The creation time of a record (ms): what the list is ordered by, newest first. 0 when it has none. */
export function timestampOf(record: IDataObject): number {
	const raw = record.created_at ?? record.timestamp ?? record.createdAt;
	const ms = typeof raw === 'string' ? Date.parse(raw) : typeof raw === 'number' ? raw : NaN;
	return Number.isNaN(ms) ? 0 : ms;
}

export function idOf(record: IDataObject): string {
	return String(record.id ?? record.transaction_id ?? JSON.stringify(record));
}

export interface ReadPlan {
	/**
	 * Read until a page holds a record created before this (service time, ms). `null`: to the end of the list (no cursor
	 * yet). `undefined`: the first page only.
	 */
	cursor?: number | null;
	/**
	 * Best effort: read on until a record created before this, given the newest creation time seen (re-checks of
	 * watched records).
	 */
	pendingFrom?: (newest: number) => number | undefined;
}

export interface ReadResult {
	records: IDataObject[];
	/** Whether the cursor (or the end of the list) was reached; `false` when the bounds cut the reading short. */
	complete: boolean;
	pages: number;
}

/**
 * Pages to ask for ahead: when the list is read to its end (no cursor yet), every page its count announces is
 * needed, so they are read in parallel. Towards a cursor, one page at a time: how many pages lie above the cursor is
 * unknown, and pages asked for on a guess cost requests (in the benchmark's 1,000,000-event simulation, reading ahead
 * by the time span still to cover took 47.7 requests per 1,000 events instead of 39.8), which are the scarce resource
 * of a trigger, its latency is not.
 */
function pagesAhead(spec: ReadSpec, page: number, count: number | undefined, read: number): number {
	const left = Math.min(
		spec.maxPages - page,
		Math.ceil((spec.maxRecords - read) / PAGE_SIZE),
		count === undefined ? 1 : Math.ceil(count / PAGE_SIZE) - page,
	);
	return Math.max(1, left);
}

/** Reads pages, newest first, as the plan says. Throws (and so changes nothing) when any request fails. */
export async function readTimeline(
	ctx: IPollFunctions,
	spec: ReadSpec,
	plan: ReadPlan,
): Promise<ReadResult> {
	const records: IDataObject[] = [];
	let newest = -Infinity;
	let result: ReadResult = { records, complete: true, pages: 0 };
	const list = { ...spec, keyOf: idOf };
	await readPages(ctx, list, (page) => {
		result = { records, complete: true, pages: page.number };
		if (page.whole) {
			// The whole history at once, grouped by kind (page and filters ignored): every record is here, newest first.
			result.records = page.records;
			return 'stop';
		}
		// Records that moved down a page while we read (new ones arrived on top) come once: the walker keeps them out
		// of `fresh`. A page with nothing new (an empty one, or a server that ignores `page`) ends the list.
		records.push(...page.fresh);
		if (page.fresh.length === 0) return 'stop';
		let oldest = Infinity;
		for (const record of page.records) {
			const ts = timestampOf(record);
			oldest = Math.min(oldest, ts);
			newest = Math.max(newest, ts);
		}
		if (page.last) return 'stop';
		const cursorReached =
			plan.cursor === undefined || (plan.cursor !== null && oldest < plan.cursor);
		const pendingFrom = plan.pendingFrom?.(newest);
		const pendingReached =
			pendingFrom === undefined || oldest < pendingFrom || page.number >= spec.pendingPages;
		if (cursorReached && pendingReached) return 'stop';
		if (!cursorReached && (page.number >= spec.maxPages || records.length >= spec.maxRecords)) {
			result.complete = false;
			return 'stop';
		}
		// Only a read to the end of the list (no cursor yet) knows which pages it needs: all of them.
		if (plan.cursor !== null) return 1;
		return pagesAhead(spec, page.number, page.count, records.length);
	});
	return result;
}

import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { PAGE_SIZE, readPages } from '../transport/pager';
import { hasNext, listCount } from '../transport/response';

/**
 * The cursor over a newest-first list (billing records, notifications), in the service's own time: `since` is the
 * timestamp of the newest record processed; `atSince` the ids processed with exactly that timestamp (records may
 * share it); `pending` records seen in progress that may still complete. Plain JSON, as n8n stores static data.
 */
export interface TimelineState {
	since: string | null;
	atSince: string[];
	pending: Record<string, string>;
}

export type Verdict = 'emit' | 'pending' | 'skip';

export interface TimelineSpec {
	path: string;
	qs?: IDataObject;
	/** What a record not processed before means. */
	classify(record: IDataObject): Verdict;
	/** Records that match the event at all (the server may ignore a filter): others are passed over. */
	matches?(record: IDataObject): boolean;
	/** At most this many items a poll; the rest come next poll. */
	maxEmit: number;
	/** In-progress records older than this (service time, before the cursor) are forgotten. */
	pendingLookbackMs: number;
	/** Upper bound on remembered in-progress records. */
	maxPending: number;
	/**
	 * Safety bounds on one poll's reading towards the cursor: at most this many records, and at most `maxPages` pages
	 * (for a server that serves smaller pages than asked). Beyond them the oldest unread records are passed over.
	 */
	maxRecords: number;
	maxPages: number;
	/** Pages read at most in one poll to re-check in-progress records older than the cursor (best effort). */
	pendingPages: number;
}

export interface PollOutcome {
	emit: IDataObject[];
	state: TimelineState;
}

/**
 * Upper bound on the ids remembered at the boundary timestamp. Should more records share one timestamp, that second is
 * finished in the same poll (beyond the emit budget if need be) and the cursor moves just past it: a record arriving
 * later with that same timestamp would then be missed, but the state stays bounded and nothing is emitted twice.
 */
export const MAX_BOUNDARY_IDS = 500;

export function timestampOf(record: IDataObject): number {
	const raw = record.created_at ?? record.timestamp ?? record.createdAt;
	const ms = typeof raw === 'string' ? Date.parse(raw) : typeof raw === 'number' ? raw : NaN;
	return Number.isNaN(ms) ? 0 : ms;
}

function idOf(record: IDataObject): string {
	return String(record.id ?? record.transaction_id ?? JSON.stringify(record));
}

function verdictOf(spec: TimelineSpec, record: IDataObject): Verdict {
	if (spec.matches && !spec.matches(record)) return 'skip';
	return spec.classify(record);
}

interface ReadPlan {
	/**
	 * Read until a page holds a record older than this (service time, ms). `null`: to the end of the list (no cursor
	 * yet). `undefined`: the first page only.
	 */
	cursor?: number | null;
	/** Best effort: read on until a record older than this, given the newest timestamp seen (pending re-checks). */
	pendingFrom?: (newest: number) => number | undefined;
}

interface ReadResult {
	records: IDataObject[];
	/** Whether the cursor (or the end of the list) was reached; `false` when the bounds cut the reading short. */
	complete: boolean;
	pages: number;
}

function listEnded(body: unknown, pageLength: number, totalRead: number): boolean {
	const next = hasNext(body);
	if (next !== undefined) return !next;
	const count = listCount(body);
	if (count !== undefined) return totalRead >= count;
	return pageLength < PAGE_SIZE;
}

/**
 * Pages to ask for ahead while a backlog is read towards the cursor: as many as the time the first pages covered
 * suggests the rest will take (never more than the list's count or the bounds leave), so a backlog of several pages
 * is read in parallel while a poll that needs one page asks for one.
 */
function pagesAhead(
	spec: TimelineSpec,
	page: number,
	cursor: number | null,
	newest: number,
	oldest: number,
	count: number | undefined,
	read: number,
): number {
	const left = Math.min(
		spec.maxPages - page,
		Math.ceil((spec.maxRecords - read) / PAGE_SIZE),
		count === undefined ? Infinity : Math.ceil(count / PAGE_SIZE) - page,
	);
	if (cursor === null) return Math.max(1, left);
	const perPage = (newest - oldest) / page;
	const estimate = perPage > 0 ? Math.ceil((oldest - cursor) / perPage) : 1;
	return Math.max(1, Math.min(left, estimate));
}

/** Reads pages, newest first, as the plan says. Throws (and so changes nothing) when any request fails. */
async function readTimeline(
	ctx: IPollFunctions,
	spec: TimelineSpec,
	plan: ReadPlan,
): Promise<ReadResult> {
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	let newest = -Infinity;
	let result: ReadResult = { records, complete: true, pages: 0 };
	await readPages(ctx, { path: spec.path, qs: spec.qs }, (page) => {
		result = { records, complete: true, pages: page.number };
		if (page.grouped) {
			// The whole history at once, grouped by kind (page and filters ignored): every record is here, newest first.
			result.records = page.records;
			return 'stop';
		}
		// Records that moved down a page while we read (new ones arrived on top) come once.
		const fresh = page.records.filter((record) => !seen.has(idOf(record)));
		for (const record of fresh) {
			seen.add(idOf(record));
			records.push(record);
		}
		// An empty page, or one with nothing new (a server that ignores `page`), ends the list.
		if (fresh.length === 0) return 'stop';
		let oldest = Infinity;
		for (const record of page.records) {
			const ts = timestampOf(record);
			oldest = Math.min(oldest, ts);
			newest = Math.max(newest, ts);
		}
		if (listEnded(page.body, page.records.length, records.length)) return 'stop';
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
		if (cursorReached) return 1; // only the pending re-checks go on: one page at a time
		const cursor = plan.cursor as number | null;
		return pagesAhead(
			spec,
			page.number,
			cursor,
			newest,
			oldest,
			listCount(page.body),
			records.length,
		);
	});
	return result;
}

/** Forget in-progress records too old to matter (service time), and cap their number. */
function boundPending(
	pending: Record<string, string>,
	newest: number,
	spec: TimelineSpec,
): Record<string, string> {
	const horizon = newest - spec.pendingLookbackMs;
	const kept = Object.entries(pending)
		.filter(([, t]) => !Number.isFinite(horizon) || Date.parse(t) >= horizon)
		.sort((a, b) => Date.parse(b[1]) - Date.parse(a[1]) || (a[0] < b[0] ? -1 : 1))
		.slice(0, spec.maxPending);
	return Object.fromEntries(kept);
}

function cursorState(
	sinceValue: number,
	boundary: Set<string>,
	pending: Record<string, string>,
	spec: TimelineSpec,
) {
	if (!Number.isFinite(sinceValue))
		return { since: null, atSince: [], pending: boundPending(pending, sinceValue, spec) };
	if (boundary.size > MAX_BOUNDARY_IDS) {
		return {
			since: new Date(sinceValue + 1).toISOString(),
			atSince: [],
			pending: boundPending(pending, sinceValue, spec),
		};
	}
	return {
		since: new Date(sinceValue).toISOString(),
		atSince: [...boundary],
		pending: boundPending(pending, sinceValue, spec),
	};
}

/**
 * The first activation: remember where the list stands, emit nothing. In-progress records are remembered too (up to
 * the lookback, within `pendingPages` pages), so one that completes later still fires.
 */
export async function baseline(ctx: IPollFunctions, spec: TimelineSpec): Promise<PollOutcome> {
	const { records } = await readTimeline(ctx, spec, {
		pendingFrom:
			spec.pendingLookbackMs > 0 ? (newest) => newest - spec.pendingLookbackMs : undefined,
	});
	const newest = records.reduce((max, record) => Math.max(max, timestampOf(record)), -Infinity);
	const boundary = new Set(records.filter((record) => timestampOf(record) === newest).map(idOf));
	const pending: Record<string, string> = {};
	for (const record of records) {
		if (verdictOf(spec, record) === 'pending')
			pending[idOf(record)] = new Date(timestampOf(record)).toISOString();
	}
	return { emit: [], state: cursorState(newest, boundary, pending, spec) };
}

/**
 * One poll: every record newer than the cursor (or at it, with an id not yet processed) is classified; remembered
 * in-progress records are re-checked. Emits oldest first, at most `maxEmit`; the cursor moves only over records
 * processed in this poll, so the rest come next poll.
 */
export async function pollTimeline(
	ctx: IPollFunctions,
	spec: TimelineSpec,
	previous: TimelineState,
): Promise<PollOutcome> {
	const parsedSince = previous.since === null ? NaN : Date.parse(previous.since);
	const sinceMs = Number.isNaN(parsedSince) ? null : parsedSince;
	const previousPending = previous.pending ?? {};
	const pendingTimes = Object.values(previousPending)
		.map((t) => Date.parse(t))
		.filter((t) => !Number.isNaN(t));
	const oldestPending = pendingTimes.length ? Math.min(...pendingTimes) : undefined;
	const { records, complete, pages } = await readTimeline(ctx, spec, {
		cursor: sinceMs,
		pendingFrom: oldestPending === undefined ? undefined : () => oldestPending,
	});
	if (!complete) {
		ctx.logger.warn(
			`SMS Platform Trigger: ${records.length} records in ${pages} pages arrived since the last check without reaching it; older ones were passed over`,
		);
	}

	const atSince = new Set(sinceMs === null ? [] : (previous.atSince ?? []));
	const pending: Record<string, string> = { ...previousPending };
	// Oldest first; records with the same timestamp in a stable order by id (the service's order among them may vary).
	const ordered = records
		.map((record) => ({ record, id: idOf(record), ts: timestampOf(record) }))
		.sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

	const emit: IDataObject[] = [];
	let sinceValue = sinceMs ?? -Infinity;
	let boundary = new Set(atSince);
	for (const { record, id, ts } of ordered) {
		const isNew = sinceMs === null || ts > sinceMs || (ts === sinceMs && !atSince.has(id));
		if (isNew) {
			const verdict = verdictOf(spec, record);
			// The budget is spent: this record and all newer ones wait for the next poll. Not inside a second that already
			// holds too many ids to remember, though: that second is finished first, so the cursor can move past it.
			const overfull = ts === sinceValue && boundary.size >= MAX_BOUNDARY_IDS;
			if (verdict === 'emit' && emit.length >= spec.maxEmit && !overfull) break;
			if (verdict === 'emit') emit.push(record);
			else if (verdict === 'pending') pending[id] = new Date(ts).toISOString();
			// The cursor advances over this record.
			if (ts > sinceValue) {
				sinceValue = ts;
				boundary = new Set();
			}
			boundary.add(id);
		} else if (id in pending) {
			const verdict = verdictOf(spec, record);
			if (verdict === 'emit') {
				if (emit.length >= spec.maxEmit) continue;
				emit.push(record);
				delete pending[id];
			} else if (verdict === 'skip') {
				delete pending[id];
			}
		}
	}

	return { emit, state: cursorState(sinceValue, boundary, pending, spec) };
}

/** Manual mode ("Fetch Test Event"): the most recent matching record, state untouched. */
export async function latest(
	ctx: IPollFunctions,
	spec: TimelineSpec,
	wanted: (record: IDataObject) => boolean,
): Promise<IDataObject | undefined> {
	const { records } = await readTimeline(ctx, spec, {});
	return records
		.filter((record) => (!spec.matches || spec.matches(record)) && wanted(record))
		.sort((a, b) => timestampOf(b) - timestampOf(a))[0];
}

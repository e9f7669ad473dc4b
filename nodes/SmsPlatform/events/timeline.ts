import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { idOf, readTimeline, timestampOf } from './timelineReader';

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
	/** The endpoint's own list shape, if it has one (a grouped billing history): see ListRequest.readPage. */
	readPage?: (body: unknown) => IDataObject[] | undefined;
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

function verdictOf(spec: TimelineSpec, record: IDataObject): Verdict {
	if (spec.matches && !spec.matches(record)) return 'skip';
	return spec.classify(record);
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

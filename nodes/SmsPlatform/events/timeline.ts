import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ReadSpec } from './timelineReader';
import { idOf, readTimeline, timestampOf } from './timelineReader';

/**
 * The cursor over a newest-first list (billing records, notifications), in the service's own time: `since` is the
 * event time (see `TimelineSpec.timeOf`) of the newest record processed; `atSince` the ids processed with exactly that
 * time (records may share it); `pending` the records being watched (seen in progress, they may still complete), by
 * key, with their creation time; `done` the keys last emitted or found already done at activation, oldest first (only
 * for events that remember them); `checked` the watched record `beforeRead` looked at last. Plain JSON, as n8n stores
 * static data.
 */
export interface TimelineState {
	since: string | null;
	atSince: string[];
	pending: Record<string, string>;
	done?: string[];
	checked?: string;
}

export type Verdict = 'emit' | 'pending' | 'skip';

export interface TimelineSpec extends ReadSpec {
	/** What a record not processed before means. */
	classify(record: IDataObject): Verdict;
	/** Records that match the event at all (the server may ignore a filter): others are passed over. */
	matches?(record: IDataObject): boolean;
	/**
	 * When the record's event happened (ms), if not at its creation: e.g. a payment's completion. Its event time is
	 * the later of the two; it orders the emitted items and moves the cursor.
	 */
	changedAt?(record: IDataObject): number | undefined;
	/** What one occurrence is, if not one record: watched and remembered records go by it. Default: the record id. */
	keyOf?(record: IDataObject): string;
	/** At most this many items a poll; the rest come next poll. */
	maxEmit: number;
	/** Watched records created longer than this before the cursor (service time) are let go. */
	pendingLookbackMs: number;
	/** Upper bound on watched records: the oldest are let go first. */
	maxPending: number;
	/**
	 * How many keys of done records (emitted, or already done at activation) are remembered, the latest (0: none, and
	 * no `done` in the state). A record whose event time moves after it was done (a later `updated_at`), or a second
	 * record of the same occurrence, then does not fire (again).
	 */
	maxRemembered: number;
}

/**
 * Upper bound on the ids remembered at the boundary timestamp. Should more records share one timestamp, that second is
 * finished in the same poll (beyond the emit budget if need be) and the cursor moves just past it: a record arriving
 * later with that same timestamp would then be missed, but the state stays bounded and nothing is emitted twice.
 */
export const MAX_BOUNDARY_IDS = 500;

/** The record's event time (ms): its creation, or its change when the spec reads one and it is later. */
export function eventTimeOf(spec: TimelineSpec, record: IDataObject): number {
	const created = timestampOf(record);
	const changed = spec.changedAt?.(record);
	return changed === undefined ? created : Math.max(created, changed);
}

function keyOf(spec: TimelineSpec, record: IDataObject): string {
	return spec.keyOf ? spec.keyOf(record) : idOf(record);
}

function verdictOf(spec: TimelineSpec, record: IDataObject): Verdict {
	if (spec.matches && !spec.matches(record)) return 'skip';
	return spec.classify(record);
}

/** Let watched records go: those created too long before the cursor (service time), then the oldest over the cap. */
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
	done: Set<string>,
	spec: TimelineSpec,
): TimelineState {
	const state: TimelineState = {
		since: null,
		atSince: [],
		pending: boundPending(pending, sinceValue, spec),
	};
	if (Number.isFinite(sinceValue)) {
		if (boundary.size > MAX_BOUNDARY_IDS) {
			state.since = new Date(sinceValue + 1).toISOString();
		} else {
			state.since = new Date(sinceValue).toISOString();
			state.atSince = [...boundary];
		}
	}
	// The most recent keys (a Set keeps insertion order: oldest first).
	if (spec.maxRemembered > 0) state.done = [...done].slice(-spec.maxRemembered);
	return state;
}

/**
 * The state after the first activation's read: where the list stands, nothing emitted. In-progress records are
 * watched (up to the lookback, within `pendingPages` pages), so one that completes later still fires.
 */
function baseline(spec: TimelineSpec, records: IDataObject[]): TimelineState {
	const newest = records.reduce(
		(max, record) => Math.max(max, eventTimeOf(spec, record)),
		-Infinity,
	);
	const boundary = new Set(
		records.filter((record) => eventTimeOf(spec, record) === newest).map(idOf),
	);
	// Done already: history. Remembered (the latest), so that a later `updated_at` does not pass it off as new; and a
	// payment shown in two records (initiation and completion) that has completed is not watched.
	const done = new Set(
		records
			.filter((record) => verdictOf(spec, record) === 'emit')
			.sort((a, b) => eventTimeOf(spec, a) - eventTimeOf(spec, b))
			.map((record) => keyOf(spec, record)),
	);
	const pending: Record<string, string> = {};
	for (const record of records) {
		const key = keyOf(spec, record);
		if (verdictOf(spec, record) === 'pending' && !done.has(key))
			pending[key] = new Date(timestampOf(record)).toISOString();
	}
	return cursorState(newest, boundary, pending, done, spec);
}

/** What makes a timeline event (triggerEvent.ts): its list for the node's settings, and the item a record becomes. */
export interface TimelineSource {
	spec: (settings: IDataObject, maxEvents: number) => TimelineSpec;
	toItem: (record: IDataObject) => IDataObject;
	/**
	 * Called before a poll reads the list while records are watched (seen in progress), with their keys and the one it
	 * looked at last poll: a service that records an outcome only when asked is asked here, once a poll (Payment
	 * Completed). It names the watched records that will never be done (they are let go) and the one it looked at.
	 */
	beforeRead?: (
		ctx: IPollFunctions,
		watched: string[],
		lastChecked: string | undefined,
	) => Promise<{ letGo: string[]; checked?: string }>;
}

export const DEFAULT_MAX_EVENTS = 100;
export function maxEventsOf(ctx: IPollFunctions): number {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return Number(options.maxEvents ?? DEFAULT_MAX_EVENTS) || DEFAULT_MAX_EVENTS;
}

/**
 * A timeline event's poll (its `poll`, called on the event). The first one sets the baseline. Later ones classify
 * every record whose event time is after the cursor (or at it, with an id not yet processed) and re-check watched
 * records. They emit in event-time order, at most `maxEmit`; the cursor moves only over records processed in this
 * poll, so the rest come next poll.
 */
export async function pollTimeline(
	this: TimelineSource,
	ctx: IPollFunctions,
	settings: IDataObject,
	state: IDataObject | undefined,
): Promise<{ items: IDataObject[]; state: IDataObject }> {
	const spec = this.spec(settings, maxEventsOf(ctx));
	if (!state) {
		const { records } = await readTimeline(ctx, spec, {
			pendingFrom:
				spec.pendingLookbackMs > 0 ? (newest) => newest - spec.pendingLookbackMs : undefined,
		});
		return { items: [], state: baseline(spec, records) as unknown as IDataObject };
	}
	const previous = state as unknown as TimelineState;
	const parsedSince = previous.since === null ? NaN : Date.parse(previous.since);
	const sinceMs = Number.isNaN(parsedSince) ? null : parsedSince;
	const done = new Set(previous.done ?? []);
	const previousPending = { ...previous.pending };
	let checked = previous.checked;
	if (this.beforeRead && Object.keys(previousPending).length) {
		const before = await this.beforeRead(ctx, Object.keys(previousPending), checked);
		// Never done: not watched, nor watched again should its record change.
		for (const key of before.letGo) {
			delete previousPending[key];
			if (spec.maxRemembered > 0) done.add(key);
		}
		checked = before.checked ?? checked;
	}
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
	const remember = (key: string) => {
		if (spec.maxRemembered === 0) return;
		done.delete(key);
		done.add(key);
	};
	// Oldest first; records with the same time in a stable order by id (the service's order among them may vary).
	const ordered = records
		.map((record) => ({
			record,
			id: idOf(record),
			key: keyOf(spec, record),
			ts: eventTimeOf(spec, record),
			created: timestampOf(record),
		}))
		.sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

	const emit: IDataObject[] = [];
	let sinceValue = sinceMs ?? -Infinity;
	let boundary = new Set(atSince);
	for (const { record, id, key, ts, created } of ordered) {
		const isNew = sinceMs === null || ts > sinceMs || (ts === sinceMs && !atSince.has(id));
		const watched = key in pending ? key : undefined;
		let verdict = isNew || watched !== undefined ? verdictOf(spec, record) : 'skip';
		// Done already: its time moved since (a later `updated_at`), or it is a second record of the same payment. Nor
		// does it need watching, whichever of its records is still in progress.
		if (verdict !== 'skip' && done.has(key)) verdict = 'skip';
		if (isNew) {
			// The budget is spent: this record and all newer ones wait for the next poll. Not inside a second that already
			// holds too many ids to remember, though: that second is finished first, so the cursor can move past it.
			const overfull = ts === sinceValue && boundary.size >= MAX_BOUNDARY_IDS;
			if (verdict === 'emit' && emit.length >= spec.maxEmit && !overfull) break;
			// The cursor advances over this record.
			if (ts > sinceValue) {
				sinceValue = ts;
				boundary = new Set();
			}
			boundary.add(id);
		} else if (watched === undefined) {
			continue;
		} else if (verdict === 'emit' && emit.length >= spec.maxEmit) {
			// Still watched: it fires at the next poll.
			continue;
		}
		if (watched !== undefined) delete pending[watched];
		if (verdict === 'emit') {
			emit.push(record);
			remember(key);
		} else if (verdict === 'pending') {
			pending[key] = new Date(created).toISOString();
		}
	}

	const next = cursorState(sinceValue, boundary, pending, done, spec);
	if (checked !== undefined) next.checked = checked;
	return { items: emit.map(this.toItem), state: next as unknown as IDataObject };
}

import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { hasNext, unwrapList } from '../helpers/response';
import { apiRequest } from '../transport/request';

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
	/** Records that match the event at all (the server may ignore a filter). */
	matches?(record: IDataObject): boolean;
	/** At most this many items a poll; the rest come next poll. */
	maxEmit: number;
	/** In-progress records older than this (service time) are forgotten. */
	pendingLookbackMs: number;
	/** Upper bound on remembered in-progress records. */
	maxPending: number;
	/** Safety bound on pages read in one poll. */
	maxPages: number;
}

export interface PollOutcome {
	emit: IDataObject[];
	state: TimelineState;
	requests: number;
}

const PAGE_SIZE = 100;

export function timestampOf(record: IDataObject): number {
	const raw = record.created_at ?? record.timestamp ?? record.createdAt;
	const ms = typeof raw === 'string' ? Date.parse(raw) : typeof raw === 'number' ? raw : NaN;
	return Number.isNaN(ms) ? 0 : ms;
}

function idOf(record: IDataObject): string {
	return String(record.id ?? record.transaction_id ?? JSON.stringify(record));
}

/** Reads pages, newest first, until `stopBefore` (service time) is passed or the list ends. */
async function readUntil(
	ctx: IPollFunctions,
	spec: TimelineSpec,
	stopBefore: number | undefined,
	maxPages: number,
): Promise<{ records: IDataObject[]; requests: number }> {
	const records: IDataObject[] = [];
	let requests = 0;
	for (let page = 1; page <= maxPages; page++) {
		const response = await apiRequest(ctx, {
			method: 'GET',
			path: spec.path,
			qs: { ...(spec.qs ?? {}), page, page_size: PAGE_SIZE },
		});
		requests += response.attempts;
		const pageRecords = unwrapList(response.body);
		records.push(...pageRecords);
		if (pageRecords.length === 0 || stopBefore === undefined) break;
		if (pageRecords.some((record) => timestampOf(record) < stopBefore)) break;
		const next = hasNext(response.body);
		if (next === false || (next === undefined && pageRecords.length < PAGE_SIZE)) break;
	}
	return { records: spec.matches ? records.filter(spec.matches) : records, requests };
}

/** The first activation: remember where the list stands, emit nothing. */
export async function baseline(ctx: IPollFunctions, spec: TimelineSpec): Promise<PollOutcome> {
	const { records, requests } = await readUntil(ctx, spec, undefined, 1);
	const newest = records.reduce((max, record) => Math.max(max, timestampOf(record)), 0);
	const state: TimelineState = { since: null, atSince: [], pending: {} };
	if (records.length) {
		state.since = new Date(newest).toISOString();
		state.atSince = records.filter((record) => timestampOf(record) === newest).map(idOf);
		for (const record of records) {
			if (spec.classify(record) === 'pending') state.pending[idOf(record)] = new Date(timestampOf(record)).toISOString();
		}
	}
	return { emit: [], state, requests };
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
	const sinceMs = previous.since === null ? -Infinity : Date.parse(previous.since);
	const pendingTimes = Object.values(previous.pending).map((t) => Date.parse(t));
	const stopBefore = Math.min(sinceMs, ...pendingTimes);
	const { records, requests } = await readUntil(
		ctx,
		spec,
		Number.isFinite(stopBefore) ? stopBefore : undefined,
		spec.maxPages,
	);

	const atSince = new Set(previous.atSince);
	const pending: Record<string, string> = { ...previous.pending };
	// Oldest first; records with the same timestamp keep a stable order by id.
	const ordered = [...new Map(records.map((r) => [idOf(r), r])).values()].sort(
		(a, b) => timestampOf(a) - timestampOf(b) || idOf(a).localeCompare(idOf(b)),
	);

	const emit: IDataObject[] = [];
	let since = previous.since;
	let sinceValue = sinceMs;
	let boundary = new Set(atSince);
	for (const record of ordered) {
		const id = idOf(record);
		const ts = timestampOf(record);
		const isNew = ts > sinceMs || (ts === sinceMs && !atSince.has(id));
		if (isNew) {
			const verdict = spec.classify(record);
			if (verdict === 'emit' && emit.length >= spec.maxEmit) break;
			if (verdict === 'emit') emit.push(record);
			else if (verdict === 'pending') pending[id] = new Date(ts).toISOString();
			// The cursor advances over this record.
			if (ts > sinceValue) {
				sinceValue = ts;
				since = new Date(ts).toISOString();
				boundary = new Set();
			}
			boundary.add(id);
		} else if (id in pending) {
			const verdict = spec.classify(record);
			if (verdict === 'emit') {
				if (emit.length >= spec.maxEmit) continue;
				emit.push(record);
				delete pending[id];
			} else if (verdict === 'skip') {
				delete pending[id];
			}
		}
	}

	// Keep the state bounded: forget in-progress records too old to matter, and cap their number.
	const horizon = sinceValue - spec.pendingLookbackMs;
	const kept = Object.entries(pending)
		.filter(([, t]) => !Number.isFinite(horizon) || Date.parse(t) >= horizon)
		.sort((a, b) => Date.parse(b[1]) - Date.parse(a[1]))
		.slice(0, spec.maxPending);
	return {
		emit,
		state: { since, atSince: [...boundary].slice(-1000), pending: Object.fromEntries(kept) },
		requests,
	};
}

/** Manual mode ("Fetch Test Event"): the most recent matching record, state untouched. */
export async function latest(
	ctx: IPollFunctions,
	spec: TimelineSpec,
	wanted: (record: IDataObject) => boolean,
): Promise<IDataObject | undefined> {
	const { records } = await readUntil(ctx, spec, undefined, 1);
	return records
		.filter(wanted)
		.sort((a, b) => timestampOf(b) - timestampOf(a))[0];
}

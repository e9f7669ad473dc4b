import type { RequestSettings } from './defaults';
import { parseResetHeader } from './policy';
import { sessionOf, type ApiContext, type RateState } from './session';
import { settingsOf } from './settings';

/**
 * The rate-limit budget the service reports (X-RateLimit-* headers, kept in the run's Session), and what spends it: the
 * pacing before a request, and the parallel slots of several requests at once.
 */

export function noteRateHeaders(state: RateState, headers: Record<string, string>): void {
	const remaining = headers['x-ratelimit-remaining'];
	if (remaining !== undefined && remaining.trim() !== '' && Number.isFinite(Number(remaining))) {
		state.remaining = Number(remaining);
		state.resetAtMs = parseResetHeader(headers['x-ratelimit-reset'], Date.now());
	}
}

/**
 * How long to wait before the next request: when the budget the last answer reported is used up (by that answer
 * or by requests in flight since), until the reset, instead of earning a 429. 0 when a request may go now.
 */
export function paceDelay(state: RateState, nowMs: number): number {
	if (state.remaining === undefined || state.resetAtMs === undefined) return 0;
	if (state.remaining - state.inFlight > 0) return 0;
	return Math.max(0, state.resetAtMs - nowMs);
}

/**
 * How many requests may be in flight at once: at most `wanted`, and never more than the budget the service last
 * reported (no headers: `wanted`). At least 1, so work goes on and pacing decides when.
 */
export function parallelBudget(state: RateState, wanted: number): number {
	if (state.remaining === undefined) return Math.max(1, wanted);
	return Math.max(1, Math.min(wanted, state.remaining));
}

/**
 * Requests in flight at once: at most `wanted`, and never more than the rate-limit budget the service last reported.
 * The first runs alone: its answer brings the budget (and a JWT login happens once, not once a request). The caller
 * starts each request itself once `free()` resolves and hands its promise to `add` (which must not reject), so the
 * request's own function is called by the caller, not by this class; `allDone()` waits for all.
 */
export class Slots {
	private readonly running = new Set<Promise<void>>();
	private first: Promise<void> | undefined;

	constructor(
		private readonly rate: RateState,
		private readonly wanted: number,
	) {}

	async free(): Promise<void> {
		if (this.first) await this.first;
		while (this.running.size >= parallelBudget(this.rate, this.wanted))
			await Promise.race(this.running);
	}

	add(run: Promise<void>): void {
		const tracked: Promise<void> = run.finally(() => this.running.delete(tracked));
		this.first ??= tracked;
		this.running.add(tracked);
	}

	async allDone(): Promise<void> {
		await Promise.all(this.running);
	}
}

/**
 * Room for several requests at once: at most Parallel Requests (from `settings`, else the default), and never more than
 * the rate-limit budget the service last reported. See Slots above.
 */
export function parallelSlots(ctx: ApiContext, settings: Partial<RequestSettings>): Slots {
	return new Slots(sessionOf(ctx).rate, parallelRequests(ctx, settings));
}

/** Parallel Requests (from `settings`, else the default). */
export function parallelRequests(ctx: ApiContext, settings: Partial<RequestSettings>): number {
	return settingsOf(ctx, { settings }).parallelRequests;
}

import { parseResetHeader } from './retryDecision';

/** What the last answer's rate-limit headers said, shared by the requests of one run (see session.ts). */
export interface RateState {
	remaining?: number;
	resetAtMs?: number;
	/** Requests sent and not yet answered: they will use up budget the last answer still counted as free. */
	inFlight: number;
}

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

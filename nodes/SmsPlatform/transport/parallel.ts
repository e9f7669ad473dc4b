import type { ApiContext } from './apiContext';
import { parallelBudget } from './rateLimit';
import { sessionOf } from './session';

/** How many requests may be in flight now: at most `wanted`, never more than the rate-limit budget left. */
export function allowedInFlight(ctx: ApiContext, wanted: number): number {
	return parallelBudget(sessionOf(ctx).rate, wanted);
}

/**
 * Runs `task` for each entry, in order of start, with at most `wanted` (and the rate-limit budget) running at once.
 * The first runs alone: its answer brings the rate-limit budget (and a JWT login happens once, not once a task).
 * Once `shouldStop()` says so, no further task starts; those running are awaited. `task` must not throw.
 * Returns how many entries were started.
 */
export async function forEachBounded<T>(
	ctx: ApiContext,
	entries: T[],
	wanted: number,
	task: (entry: T) => Promise<void>,
	shouldStop: () => boolean,
): Promise<number> {
	const running = new Set<Promise<void>>();
	let started = 0;
	while (started < entries.length && !shouldStop()) {
		const width = started === 0 ? 1 : allowedInFlight(ctx, wanted);
		if (running.size >= width) {
			await Promise.race(running);
			continue;
		}
		const run: Promise<void> = task(entries[started++]).finally(() => running.delete(run));
		running.add(run);
		if (started === 1) await run;
	}
	await Promise.all(running);
	return started;
}

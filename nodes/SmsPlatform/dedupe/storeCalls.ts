import { sleep } from 'n8n-workflow';

import { dedupeWindow } from './window';

/** Calls to n8n's processed-data store (keyStore.ts): one at a time per node, one retry, timed. */

/**
 * Store calls of one node, one at a time in this process: the store's read-then-write would otherwise let two
 * executions (or two parallel requests of one) both take a key, or drop each other's records. Holds only the
 * promise of the last call, removed when it is done; nothing about the keys.
 */
const tails = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(lane: string, task: () => Promise<T>): Promise<T> {
	const before = tails.get(lane) ?? Promise.resolve();
	const run = before.then(task, task);
	const tail = run.catch(() => undefined);
	tails.set(lane, tail);
	try {
		return await run;
	} finally {
		if (tails.get(lane) === tail) tails.delete(lane);
	}
}

/**
 * One more try after a failed store call: the first write of a node's row is an insert, and two processes
 * inserting at once make one fail on the row's primary key. A second failure is thrown.
 */
export async function withRetry<T>(call: () => Promise<T>): Promise<T> {
	try {
		return await call();
	} catch {
		await sleep(100);
		return await call();
	}
}

/** How long a run's store calls took (ms), for n8n's log: the window rests on them staying short. */
export class CallTimes {
	private readonly times: number[] = [];
	private logged = 0;

	constructor(private readonly warn: (message: string) => void) {}

	/** Runs a store call (with its one retry) and records how long it took. */
	async timed<T>(call: () => Promise<T>): Promise<T> {
		const start = performance.now();
		try {
			return await withRetry(call);
		} finally {
			const ms = Math.round(performance.now() - start);
			this.times.push(ms);
			if (ms > dedupeWindow.slowCallMs)
				this.warn(
					`Dedupe Key: a call to n8n's database took ${ms} ms; the window (${dedupeWindow.ms} ms) assumes every such call takes less, or a concurrent write may drop a key's record`,
				);
		}
	}

	/** The durations not reported yet, comma-separated (empty when none). */
	unreported(): string {
		const fresh = this.times.slice(this.logged);
		this.logged = this.times.length;
		return fresh.join(',');
	}
}

import { sleep } from 'n8n-workflow';

/** Calls to n8n's processed-data store (helpers/dedupe.ts): one at a time per node, one retry. */

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

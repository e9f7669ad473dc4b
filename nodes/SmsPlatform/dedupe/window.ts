import { sleep } from 'n8n-workflow';

/**
 * The window (ms) a claim waits before its keys may go out: Options → Dedupe Key Wait, its default DEDUPE_WAIT_SECONDS
 * (fields.ts declares the option from it). n8n's store reads a node's row and writes it back whole, without a lock: a
 * call of another process that read the row before our write and writes after it drops what we added. If every store call
 * takes less than this window between its read and its write, a started entry found present by a call made this long
 * after the entry's last write stays: every later write comes from a read that saw it (see decideOwners below).
 * Measured in the queue test (docs/queue-mode.md): median under 30 ms, p99 under 0.5 s, the longest 4.0 s (20
 * executions starting at once on a worker of a loaded 2-core machine): 10 s leaves a margin. `slowCallMs`: a call that
 * takes longer is logged as a warning. An object so that the unit tests can shorten the window.
 */
export const DEDUPE_WAIT_SECONDS = 10;
export const DEDUPE_WINDOW_MS = DEDUPE_WAIT_SECONDS * 1000;
export const dedupeWindow = { ms: DEDUPE_WINDOW_MS, slowCallMs: 1_000 };

/**
 * Deciding a claim (keyStore.ts) between runs in different n8n processes, over n8n's processed-data store.
 *
 * The store reads a node's row and writes it back whole, without a lock: a write keeps what its read saw, adds its
 * own values and drops what others added in between. A claim writes two entries per key in one call: `s:<key>`
 * (started, shared by every run of the key) and an owner entry only this run writes. Then, per round: wait the
 * window after the last write that added them, and check (a check records, so it writes them again):
 * - both present → the run owns the key (`won`);
 * - the owner entry gone, `s:<key>` present → another run wrote `s:<key>` over ours (`lost`: it may be sending);
 * - otherwise a concurrent write dropped them: the check wrote them again, another round.
 *
 * Why (assumption: every store call, of any process, takes less than the window from its read to its write):
 * the owner entry found present at a check made a window after its last write stayed there since that write (no
 * one else adds it). Every write that lands after the check comes from a read less than a window before, so after
 * that write: it saw the owner entry and `s:<key>` and keeps them. So a won key's `s:<key>` stays (a crash right
 * after sending cannot lose it), and no other run can win the key: its owner entry would have to survive a write
 * of ours from a read that did not see it. Two runs that both found the key new wrote their entries from reads that
 * saw neither: the later write dropped the other's owner entry, so one run wins and the other loses.
 */
export interface OwnerChecks {
	/** The window of this run (ms): Options → Dedupe Key Wait, else DEDUPE_WINDOW_MS. */
	windowMs: number;
	/** The run's two entries of a key: started, owner. */
	entries(key: string): [string, string];
	/** When (performance.now) the last call that added the entry returned; 0 if none did. */
	addedAt(value: string): number;
	/** A store call that records `values`: the ones it found present, and when it started (it read after). */
	check(values: string[]): Promise<{ processed: Set<string>; at: number }>;
}

export async function decideOwners(keys: string[], rounds: number, calls: OwnerChecks) {
	const won: string[] = [];
	const lost: string[] = [];
	let open = keys;
	const due = (key: string) => Math.max(...calls.entries(key).map((v) => calls.addedAt(v)));
	for (let round = 0; round < rounds && open.length; round++) {
		// A loop: a timer may fire a fraction of a millisecond early.
		for (let wait = 1; wait > 0; ) {
			wait = Math.max(...open.map(due)) + calls.windowMs - performance.now();
			if (wait > 0) await sleep(Math.ceil(wait));
		}
		const found = await calls.check(open.flatMap((key) => calls.entries(key)));
		for (const key of open) {
			const [started, owner] = calls.entries(key).map((value) => found.processed.has(value));
			if (started && owner && due(key) + calls.windowMs <= found.at) won.push(key);
			else if (started && !owner) lost.push(key);
		}
		open = open.filter((key) => !won.includes(key) && !lost.includes(key));
	}
	return { won, lost, open };
}

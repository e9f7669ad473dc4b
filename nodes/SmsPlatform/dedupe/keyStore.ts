import type { IExecuteFunctions } from 'n8n-workflow';
import { randomString } from 'n8n-workflow';

import { storeHelpers, type StoreHelpers } from './openStore';
import { decideOwners } from './window';
import { CallTimes, oneAtATime } from './storeCalls';

/**
 * Dedupe Key: each key goes out once, across executions, retries and crashed workers.
 *
 * The keys live in n8n's processed-data store, the one behind n8n's Remove Duplicates node
 * (`this.helpers.checkProcessedAndRecord` and `removeProcessed`). n8n keeps it in its database: in queue mode the
 * shared PostgreSQL, so a key outlives the worker that recorded it.
 *
 * A key has three states, kept as two entries in the store:
 * - not in the store: never started (or forgotten, see MAX_ENTRIES) → the caller may send;
 * - `s:<key>` (started) only: recorded before the request that carries it; its answer never came → `unknown`;
 * - `s:<key>` and `d:<key>` (done): the service accepted it → `alreadySent`.
 *
 * Scope: per node (n8n keys it by the node's ID, so renaming the node keeps its keys; a copy starts with none). The
 * store's `workflow` scope is shared with the workflow's Remove Duplicates nodes, which would prune or erase our keys.
 *
 * What the store guarantees (n8n 2.41.1 and 1.123.81 alike; see docs/queue-mode.md): a node's keys are one row, read
 * and written back whole by each call, without a lock. Two calls at the same moment can both find a key new, and the
 * later write drops what the other added in between (a lost update); it keeps what it read. So:
 * - within an n8n process, the store calls of a node run one at a time (storeCalls.ts);
 * - a key is claimed only once the run owns it: its started entry and an owner entry of the run, found present a
 *   window after they were written (window.ts). Assuming every store call takes less than the
 *   window, a claimed key's entry stays even if the worker dies right after, and two runs never both claim a key;
 * - a sent key's entries are written again by every call of the run (re-assertion) until a call made a window after
 *   they were last added finds them: by the same argument they stay from then on. Whatever a concurrent write of
 *   another process dropped before is back at the next call;
 * - at the end of the run a last call must find all the entries it still re-asserts present.
 * Not covered: store calls slower than the window; two runs retrying one unknown key at once (docs/queue-mode.md). */

/** Entries the node keeps in its row: a key takes one (started) or two (sent), so the last 4,999 keys are kept. */
export const MAX_ENTRIES = 10_000;
/** The keys a node surely remembers: a key is dropped only after this many later keys were started. */
export const KEYS_REMEMBERED = Math.floor((MAX_ENTRIES - 1) / 2);

/**
 * Keys the service accepted are recorded as sent by the run's next store call (`confirmSoon`): the next claim's, the
 * run's last, or one queued at most this often (ms), since a store call per send would cost more than the send on a
 * fast service. Until then a crash leaves them unknown, within the two claims a crash can leave unknown anyway.
 */
export const CONFIRM_EVERY_MS = 200;
/** Store calls that may find a run's entries missing (dropped by concurrent writes) before it gives up. */
const ROUNDS = 5;

const STARTED = 's:';
const SENT = 'd:';
const OWNER = 'o:';
const OPTIONS = { mode: 'entries' as const, maxEntries: MAX_ENTRIES };

/** What a claim found for a key. */
export type KeyState = 'claimed' | 'alreadySent' | 'unknown';

/** The keys of one node in n8n's processed-data store, for one run of the node. */
export class DedupeStore {
	/** This run, in its owner entries. */
	private readonly id = randomString(12);
	/** When (performance.now) a store call that added each started or owner entry of the run returned. */
	private readonly addedAt = new Map<string, number>();
	/**
	 * The sent keys still re-asserted, and when the call that last added their `d:` entry returned (Infinity: not
	 * written yet). A key leaves once a call made a window after that found its entries present.
	 */
	private readonly reasserted = new Map<string, number>();
	/** The store call queued to write the keys confirmed since the last one (confirmSoon), and when the last began. */
	private flushing?: Promise<void>;
	private lastFlush = -Infinity;
	/** Entries the run's store calls found missing and wrote again (for the log and tests). */
	rewritten = 0;
	private readonly times: CallTimes;

	private constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly helpers: StoreHelpers,
		private readonly lane: string,
		private readonly windowMs: number,
	) {
		this.times = new CallTimes((message) => ctx.logger?.warn(message));
	}

	/**
	 * The store for this node run, opened once a run (its calls re-assert the run's keys until its last); fails (nothing sent) when this n8n has no processed-data store for nodes, or the
	 * workflow has no ID (n8n keeps keys per saved workflow).
	 */
	static open(ctx: IExecuteFunctions, itemIndex = 0): DedupeStore {
		const { helpers, workflowId, windowMs } = storeHelpers(ctx, itemIndex);
		return new DedupeStore(ctx, helpers, `${workflowId}\n${ctx.getNode().id}`, windowMs);
	}

	/**
	 * Records each new key as started, before its request goes out. A key already sent is `alreadySent`; one started
	 * and never confirmed is `unknown` (it may have gone out, or another run is sending it now), or `claimed` again
	 * with `sendUnknown`. A key is `claimed` once the run owns it (window.ts). Keys must be distinct.
	 * Throws (nothing claimed) when the store fails: the caller must not send then.
	 */
	async claim(keys: string[], sendUnknown = false): Promise<Map<string, KeyState>> {
		const states = await oneAtATime(this.lane, async () => await this.classify(keys, sendUnknown));
		const candidates = keys.filter((key) => states.get(key) === 'claimed');
		if (!candidates.length) return states;
		const { won, lost, open } = await decideOwners(candidates, ROUNDS, {
			windowMs: this.windowMs,
			entries: (key) => [STARTED + key, this.owner(key)],
			addedAt: (value) => this.addedAt.get(value) ?? 0,
			check: async (values) => await oneAtATime(this.lane, async () => await this.record(values)),
		});
		for (const key of lost) states.set(key, 'unknown');
		await oneAtATime(this.lane, async () => {
			// The owner entries only decide between runs. Were the claim to fail, its own keys are freed; the keys not
			// decided stay started (another run may own them): later runs report them unknown.
			await this.remove(candidates.map((key) => this.owner(key)));
			if (open.length) await this.forget(won);
		});
		if (open.length)
			throw new Error(
				`concurrent writes dropped its records ${ROUNDS} times in a row; nothing was sent`,
			);
		return states;
	}

	/** Records each key as started, with this run's owner entry; what the store holds of the others (see claim). */
	private async classify(keys: string[], sendUnknown: boolean): Promise<Map<string, KeyState>> {
		const states = new Map<string, KeyState>();
		if (!keys.length) return states;
		const started = await this.record(keys.flatMap((key) => [STARTED + key, this.owner(key)]));
		// Only a key the store calls new is ours; anything else counts as seen before.
		const seen = keys.filter((key) => !started.fresh.has(STARTED + key));
		for (const key of keys) if (!seen.includes(key)) states.set(key, 'claimed');
		if (!seen.length) return states;
		// Sent or not? The store has no plain lookup: checking records, so the `d:` entries found new are removed
		// again at once. (Were the process to die in between, such a key would read as sent, not unknown: it is
		// not sent again either way.)
		const sent = await this.record(seen.map((key) => SENT + key));
		for (const key of seen)
			states.set(
				key,
				sent.processed.has(SENT + key) ? 'alreadySent' : sendUnknown ? 'claimed' : 'unknown',
			);
		const unsent = seen.filter((key) => !sent.processed.has(SENT + key));
		const held = seen.filter((key) => states.get(key) !== 'claimed');
		await this.remove([...unsent.map((key) => SENT + key), ...held.map((key) => this.owner(key))]);
		return states;
	}

	/** This run's owner entry of a key (window.ts). */
	private owner(key: string) {
		return `${OWNER}${this.id}:${key}`;
	}

	/**
	 * Records keys as sent: the service accepted the request that carried them. Later calls of the run, and its
	 * last (`finish`), check that they stay.
	 */
	async confirm(keys: string[]): Promise<void> {
		if (!keys.length) return;
		this.markSent(keys);
		await oneAtATime(this.lane, async () => await this.record([]));
	}

	/**
	 * Records keys as sent by the run's next store call, whatever it is for (every call writes them until they are
	 * written), without waiting for it: one is queued when the last began CONFIRM_EVERY_MS ago. `finish` writes the
	 * rest.
	 */
	confirmSoon(keys: string[]): void {
		if (!keys.length) return;
		this.markSent(keys);
		if (performance.now() - this.lastFlush >= CONFIRM_EVERY_MS) void this.flush();
	}

	/** Queues a store call that writes the keys confirmed and not written yet (one at a time: a queued one takes all). */
	async flush(): Promise<void> {
		if (this.flushing) return await this.flushing;
		if (![...this.reasserted.values()].includes(Infinity)) return;
		const call = oneAtATime(this.lane, async () => {
			this.flushing = undefined;
			this.lastFlush = performance.now();
			await this.record([]);
		});
		this.flushing = call.catch((error: Error) => {
			// The SMS went out whatever the store says: its keys are written again by the run's later calls.
			this.ctx.logger?.warn(
				`Dedupe Key: could not record keys as sent (${error.message}); trying again`,
			);
		});
		await this.flushing;
	}

	private markSent(keys: string[]) {
		for (const key of keys) this.reasserted.set(key, Infinity);
	}

	/** Frees keys whose request surely never went out (refused before processing, or never started). */
	async release(keys: string[]): Promise<void> {
		if (!keys.length) return;
		await oneAtATime(this.lane, async () => await this.forget(keys));
	}

	/**
	 * The run's last store call: writes its keys again until a call finds them all present. False (and a warning)
	 * when concurrent writes kept dropping them.
	 */
	async finish(): Promise<boolean> {
		return await oneAtATime(this.lane, async () => {
			const done = await this.present();
			this.ctx.logger?.debug(`Dedupe Key: store calls (ms) ${this.times.unreported()}`);
			if (done) return true;
			this.ctx.logger?.warn(
				`Dedupe Key: n8n's database kept dropping this run's records (${this.rewritten} written again); later runs may report its keys unknown, or send them again`,
			);
			return false;
		});
	}

	/** Whether a store call (at most ROUNDS) found the entries the run re-asserts present; each call writes them. */
	private async present(): Promise<boolean> {
		for (let round = 0; round < ROUNDS && this.reasserted.size; round++)
			if ((await this.record([])).complete) return true;
		return !this.reasserted.size;
	}

	private async forget(keys: string[]) {
		for (const key of keys) {
			this.reasserted.delete(key);
			this.addedAt.delete(STARTED + key);
			this.addedAt.delete(this.owner(key));
		}
		await this.remove(keys.map((key) => STARTED + key));
	}

	/**
	 * Records `values`, the sent keys not written yet, and writes the run's re-asserted entries again (a claimed key's
	 * started entry needs none: its claim waited the window, window.ts). `complete`: every entry written
	 * again was there already (none had been dropped by a concurrent write), and none was written for the first time.
	 * `at`: the call started then, so it read the row after.
	 */
	private async record(values: string[]) {
		const own = new Set(values);
		const written = [...this.reasserted];
		const entries = (pick: (addedAt: number) => boolean) =>
			written
				.filter(([, addedAt]) => pick(addedAt))
				.flatMap(([key]) => [STARTED + key, SENT + key])
				.filter((value) => !own.has(value));
		const again = entries((addedAt) => addedAt !== Infinity);
		const first = entries((addedAt) => addedAt === Infinity);
		const all = [...again, ...first, ...values];
		const at = performance.now();
		const result = await this.times.timed(
			async () => await this.helpers.checkProcessedAndRecord(all, 'node', OPTIONS),
		);
		const processed = new Set(result.processed.map(String));
		const fresh = new Set(result.new.map(String));
		const done = performance.now();
		for (const value of fresh) if (!value.startsWith(SENT)) this.addedAt.set(value, done);
		// A sent key is no longer re-asserted once a call made a window after its entries were last added found them.
		for (const [key, addedAt] of written) {
			if (!this.reasserted.has(key)) continue;
			if (addedAt === Infinity || fresh.has(SENT + key) || fresh.has(STARTED + key))
				this.reasserted.set(key, done);
			else if (at >= addedAt + this.windowMs) this.reasserted.delete(key);
		}
		const missing = again.filter((value) => !processed.has(value)).length;
		this.rewritten += missing;
		return { processed, fresh, at, complete: missing === 0 && !first.length };
	}

	private async remove(values: string[]): Promise<void> {
		if (!values.length) return;
		await this.times.timed(async () => await this.helpers.removeProcessed(values, 'node', OPTIONS));
	}
}

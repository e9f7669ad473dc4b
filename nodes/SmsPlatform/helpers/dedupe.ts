import type { IExecuteFunctions } from 'n8n-workflow';

import { storeError } from './dedupeErrors';
import { oneAtATime, withRetry } from './storeLane';

export { dedupeStoreFailed, readDedupeKey, unknownKeyError } from './dedupeErrors';

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
 * Scope: per node (n8n's scope `node`, which n8n keys by the node's ID in the workflow, so renaming the node keeps
 * its keys; a copy of the node, or of the workflow, starts with none). The store's other scope, `workflow`, is one
 * list shared with every Remove Duplicates node of the workflow that uses it: their history size would prune our
 * keys and their 'Clean Database' would erase them.
 *
 * What the store guarantees (n8n 2.41.1 and 1.123.81 alike; see docs/queue-mode.md): a node's keys are one row, read
 * and written back whole by each call, without a lock. Two calls at the same moment can both find a key new, and the
 * later write drops what the other added in between (a lost update); it keeps what it read. So:
 * - within an n8n process, the store calls of a node run one at a time (below);
 * - across processes (queue-mode workers), every call of a run writes all the run's keys again in their state
 *   (re-assertion): whatever a concurrent write dropped is back at the next call;
 * - a key is claimed only once a later call finds its started entry present; at the end of the run a last call
 *   must find all the run's entries present.
 * Not covered: two runs that claim the same key at the same moment may both send it; a worker killed inside another
 * call's window may lose its last entries (see docs/queue-mode.md for the measured figures). */

/** Entries the node keeps in its row: a key takes one (started) or two (sent), so the last 4,999 keys are kept. */
export const MAX_ENTRIES = 10_000;
/** The keys a node surely remembers: a key is dropped only after this many later keys were started. */
export const KEYS_REMEMBERED = Math.floor((MAX_ENTRIES - 1) / 2);

/**
 * A run re-asserts all its started keys (in flight or unknown) and its last REASSERTED_KEYS sent ones: an older sent
 * key was found present by the ~300 store calls of the 100 keys after it, and a concurrent write drops only what
 * was added after its read. A cap, because each call hashes every entry it is given.
 */
export const REASSERTED_KEYS = 100;
/** Store calls that may find a run's entries missing (dropped by concurrent writes) before it gives up. */
const ROUNDS = 5;

const STARTED = 's:';
const SENT = 'd:';
const OPTIONS = { mode: 'entries' as const, maxEntries: MAX_ENTRIES };

/** What a claim found for a key. */
export type KeyState = 'claimed' | 'alreadySent' | 'unknown';

interface StoreHelpers {
	checkProcessedAndRecord: IExecuteFunctions['helpers']['checkProcessedAndRecord'];
	removeProcessed: IExecuteFunctions['helpers']['removeProcessed'];
}

/** What this run recorded of a key. */
type Recorded = 'started' | 'sent';

/** The open store of each node run (Initiate Payment opens it per item: its items share the re-assertion). */
const runs = new WeakMap<IExecuteFunctions, DedupeStore>();

/** The keys of one node in n8n's processed-data store, for one run of the node. */
export class DedupeStore {
	/** The run's keys, oldest first, and what it recorded of them: every store call writes them again. */
	private readonly mine = new Map<string, Recorded>();
	/** Entries the run's store calls found missing and wrote again (for the log and tests). */
	rewritten = 0;

	private constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly helpers: StoreHelpers,
		private readonly lane: string,
	) {}

	/**
	 * The store of this node run; fails (nothing sent) when this n8n has no processed-data store for nodes, or the
	 * workflow has no ID (n8n keeps keys per saved workflow).
	 */
	static open(ctx: IExecuteFunctions, itemIndex = 0): DedupeStore {
		const open = runs.get(ctx);
		if (open) return open;
		const helpers = ctx.helpers as Partial<StoreHelpers>;
		if (
			typeof helpers.checkProcessedAndRecord !== 'function' ||
			typeof helpers.removeProcessed !== 'function'
		) {
			throw storeError(
				ctx,
				"'Dedupe Key' needs n8n's processed-data store, which this n8n does not offer",
				"Nothing was sent. Update n8n (1.123 or newer has it), or remove 'Dedupe Key' from the options to send without it.",
				itemIndex,
			);
		}
		const workflowId = ctx.getWorkflow().id;
		if (!workflowId) {
			throw storeError(
				ctx,
				"'Dedupe Key' needs a saved workflow",
				'Nothing was sent. n8n keeps the keys per saved workflow: save the workflow, then run it again.',
				itemIndex,
			);
		}
		const store = new DedupeStore(
			ctx,
			helpers as StoreHelpers,
			`${String(workflowId)}\n${ctx.getNode().id}`,
		);
		runs.set(ctx, store);
		return store;
	}

	/**
	 * Records each new key as started, before its request goes out. A key already sent is `alreadySent`; one started
	 * and never confirmed is `unknown` (it may have gone out), or `claimed` again with `sendUnknown`. A key is
	 * `claimed` only once a later store call found its started entry present. Keys must be distinct. Throws (nothing
	 * claimed) when the store fails: the caller must not send then.
	 */
	async claim(keys: string[], sendUnknown = false): Promise<Map<string, KeyState>> {
		return await oneAtATime(this.lane, async () => {
			const states = new Map<string, KeyState>();
			if (!keys.length) return states;
			const started = await this.record(keys.map((key) => STARTED + key));
			// Only a key the store calls new is ours; anything else counts as seen before.
			const seen = keys.filter((key) => !started.fresh.has(STARTED + key));
			for (const key of keys) if (!seen.includes(key)) states.set(key, 'claimed');
			if (seen.length) {
				// Sent or not? The store has no plain lookup: checking records, so the `d:` entries found new are removed
				// again at once. (Were the process to die in between, such a key would read as sent, not unknown: it is
				// not sent again either way.)
				const sent = await this.record(seen.map((key) => SENT + key));
				const unsent = seen.filter((key) => !sent.processed.has(SENT + key));
				if (unsent.length) await this.remove(unsent.map((key) => SENT + key));
				for (const key of seen) {
					states.set(
						key,
						sent.processed.has(SENT + key) ? 'alreadySent' : sendUnknown ? 'claimed' : 'unknown',
					);
				}
			}
			const claimed = keys.filter((key) => states.get(key) === 'claimed');
			for (const key of claimed) this.remember(key, 'started');
			// Claimed only when a later call finds the started entries there (another process's write may have
			// dropped them: the call writes them again, and the next one checks).
			if (claimed.length && !(await this.present(claimed.map((key) => STARTED + key)))) {
				await this.forget(claimed);
				throw new Error(
					`concurrent writes dropped its records ${ROUNDS} times in a row; nothing was sent`,
				);
			}
			return states;
		});
	}

	/**
	 * Records keys as sent: the service accepted the request that carried them. Later calls of the run, and its
	 * last (`finish`), check that they stay.
	 */
	async confirm(keys: string[]): Promise<void> {
		if (!keys.length) return;
		for (const key of keys) this.remember(key, 'sent');
		await oneAtATime(this.lane, async () => {
			await this.record(keys.flatMap((key) => [STARTED + key, SENT + key]));
		});
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
			if (await this.present([])) return true;
			this.ctx.logger?.warn(
				`Dedupe Key: n8n's database kept dropping this run's records (${this.rewritten} written again); later runs may report its keys unknown, or send them again`,
			);
			return false;
		});
	}

	/** Whether a store call (at most ROUNDS) found `values` and the run's entries present; each call writes them. */
	private async present(values: string[]): Promise<boolean> {
		if (!values.length && !this.mine.size) return true;
		for (let round = 0; round < ROUNDS; round++) {
			const found = await this.record(values);
			if (values.every((value) => found.processed.has(value)) && found.complete) return true;
		}
		return false;
	}

	private remember(key: string, recorded: Recorded) {
		// Re-inserted, so the Map keeps the run's keys in the order they were last recorded.
		this.mine.delete(key);
		this.mine.set(key, recorded);
	}

	private async forget(keys: string[]) {
		for (const key of keys) this.mine.delete(key);
		await this.remove(keys.map((key) => STARTED + key));
	}

	/** The entries the run re-asserts (see REASSERTED_KEYS), started before sent: the store prunes oldest first. */
	private reasserted(): string[] {
		const sent = [...this.mine].filter(([, recorded]) => recorded === 'sent');
		const recent = new Set(sent.slice(-REASSERTED_KEYS).map(([key]) => key));
		return [...this.mine].flatMap(([key, recorded]) =>
			recorded === 'started' ? [STARTED + key] : recent.has(key) ? [STARTED + key, SENT + key] : [],
		);
	}

	/**
	 * Records `values` and writes the run's entries again. `complete`: every one of the run's entries was there
	 * already (none had been dropped by a concurrent write).
	 */
	private async record(values: string[]) {
		const own = new Set(values);
		const again = this.reasserted().filter((value) => !own.has(value));
		const all = [...again, ...values];
		const result = await withRetry(
			async () => await this.helpers.checkProcessedAndRecord(all, 'node', OPTIONS),
		);
		const processed = new Set(result.processed.map(String));
		const missing = again.filter((value) => !processed.has(value)).length;
		this.rewritten += missing;
		return { processed, fresh: new Set(result.new.map(String)), complete: missing === 0 };
	}

	private async remove(values: string[]): Promise<void> {
		if (!values.length) return;
		await withRetry(async () => await this.helpers.removeProcessed(values, 'node', OPTIONS));
	}
}

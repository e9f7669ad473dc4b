import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

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
 * later write can drop what the earlier one added. So this module runs its store calls one at a time within an n8n
 * process (below), and checks each claim once more after writing it; calls from two processes (two queue-mode
 * workers) at the same moment are not made safe: see docs/queue-mode.md for what was measured.
 */

/** Entries the node keeps in its row: a key takes one (started) or two (sent), so the last 4,999 keys are kept. */
export const MAX_ENTRIES = 10_000;
/** The keys a node surely remembers: a key is dropped only after this many later keys were started. */
export const KEYS_REMEMBERED = Math.floor((MAX_ENTRIES - 1) / 2);

const STARTED = 's:';
const SENT = 'd:';
const OPTIONS = { mode: 'entries' as const, maxEntries: MAX_ENTRIES };

/** What a claim found for a key. */
export type KeyState = 'claimed' | 'alreadySent' | 'unknown';

/**
 * Store calls of one node, one at a time in this process: the store's read-then-write would otherwise let two
 * executions (or two parallel requests of one) both take a key, or drop each other's records. Holds only the
 * promise of the last call, removed when it is done; nothing about the keys.
 */
const tails = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(lane: string, task: () => Promise<T>): Promise<T> {
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

interface StoreHelpers {
	checkProcessedAndRecord: IExecuteFunctions['helpers']['checkProcessedAndRecord'];
	removeProcessed: IExecuteFunctions['helpers']['removeProcessed'];
}

/** The Dedupe Key's error: not sent, with what happened and what to do. */
function storeError(ctx: IExecuteFunctions, message: string, description: string, itemIndex = 0) {
	return new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/** The keys of one node in n8n's processed-data store. */
export class DedupeStore {
	private constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly helpers: StoreHelpers,
		private readonly lane: string,
	) {}

	/**
	 * The store of this node; fails (nothing sent) when this n8n has no processed-data store for nodes, or the
	 * workflow has no ID (n8n keeps keys per saved workflow).
	 */
	static open(ctx: IExecuteFunctions, itemIndex = 0): DedupeStore {
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
		return new DedupeStore(
			ctx,
			helpers as StoreHelpers,
			`${String(workflowId)}\n${ctx.getNode().id}`,
		);
	}

	/**
	 * Records each new key as started, before its request goes out. A key already sent is `alreadySent`; one started
	 * and never confirmed is `unknown` (it may have gone out), or `claimed` again with `sendUnknown`. Keys must be
	 * distinct. Throws (nothing recorded as sent) when the store fails: the caller must not send then.
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
			// Check once more that the started entries are there: another n8n process that read the row before our
			// write and wrote it back after would have dropped them (the check writes them again).
			const claimed = keys.filter((key) => states.get(key) === 'claimed');
			if (claimed.length) {
				const again = await this.record(claimed.map((key) => STARTED + key));
				const lost = claimed.filter((key) => !again.processed.has(STARTED + key));
				if (lost.length)
					this.ctx.logger?.warn(
						`Dedupe Key: ${lost.length} started key(s) were dropped by a concurrent write and recorded again`,
					);
			}
			return states;
		});
	}

	/** Records keys as sent: the service accepted the request that carried them. */
	async confirm(keys: string[]): Promise<void> {
		if (!keys.length) return;
		// The started entry again too (a concurrent write may have dropped it), older than the sent one: the store
		// prunes its oldest entries first, and a key whose started entry is gone reads as never started.
		await oneAtATime(this.lane, async () => {
			await this.record(keys.flatMap((key) => [SENT + key, STARTED + key]));
		});
	}

	/** Frees keys whose request surely never went out (refused before processing, or never started). */
	async release(keys: string[]): Promise<void> {
		if (!keys.length) return;
		await oneAtATime(this.lane, async () => await this.remove(keys.map((key) => STARTED + key)));
	}

	private async record(values: string[]): Promise<{ processed: Set<string>; fresh: Set<string> }> {
		const result = await this.withRetry(
			async () => await this.helpers.checkProcessedAndRecord(values, 'node', OPTIONS),
		);
		return {
			processed: new Set(result.processed.map(String)),
			fresh: new Set(result.new.map(String)),
		};
	}

	private async remove(values: string[]): Promise<void> {
		await this.withRetry(async () => await this.helpers.removeProcessed(values, 'node', OPTIONS));
	}

	/**
	 * One more try after a failed store call: the first write of a node's row is an insert, and two processes
	 * inserting at once make one fail on the row's primary key. A second failure is thrown.
	 */
	private async withRetry<T>(call: () => Promise<T>): Promise<T> {
		try {
			return await call();
		} catch {
			await sleep(100);
			return await call();
		}
	}
}

/** The error of an item whose key could not be read or recorded: nothing was sent. */
export function dedupeStoreFailed(ctx: IExecuteFunctions, error: Error, itemIndex: number) {
	if (error instanceof NodeOperationError && error.message.startsWith("'Dedupe Key'")) return error;
	return storeError(
		ctx,
		`Could not check the 'Dedupe Key' in n8n's database: ${error.message}`,
		"Nothing was sent for this item. Run it again once n8n's database answers, or remove 'Dedupe Key' to send without it.",
		itemIndex,
	);
}

/** The error of an item whose key was started before and never confirmed: it may have gone out. */
export function unknownKeyError(
	ctx: IExecuteFunctions,
	key: string,
	itemIndex: number,
	what: 'sms' | 'payment' = 'sms',
) {
	const check =
		what === 'payment'
			? "Check in 'Billing' → 'Get Many' whether the payment was initiated"
			: 'Check in the service whether the SMS arrived';
	const error = storeError(
		ctx,
		`'Dedupe Key' "${key}" was started before and never confirmed: it may have gone out`,
		`Not ${what === 'payment' ? 'initiated' : 'sent'} again. An earlier run started it and its answer was never recorded: it is still in flight, or got no answer (a timeout, a lost connection, or n8n stopped). ${check}; to send it once more, turn on 'Retry Unknown Keys' in the options.`,
		itemIndex,
	);
	error.context.outcome = 'unknown';
	error.context.dedupeKey = key;
	return error;
}

/**
 * The Dedupe Key of an item: its text, trimmed; undefined when empty (no deduplication). Anything but text or a
 * number fails the item, naming it.
 */
export function readDedupeKey(
	ctx: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
): string | undefined {
	const value = options.dedupeKey;
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw new NodeOperationError(ctx.getNode(), "'Dedupe Key' must be text", {
			itemIndex,
			description: "Map a text field into 'Dedupe Key', e.g. {{ $json.orderId }}-reminder.",
		});
	}
	const key = String(value).trim();
	return key === '' ? undefined : key;
}

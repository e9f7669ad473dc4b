import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ClaimsAhead, cutIntoClaims, tellWait } from '../../dedupe/claimAhead';
import { DedupeStore, type KeyState } from '../../dedupe/keyStore';
import { dedupeStoreFailed, unknownKeyError } from '../../dedupe/keyErrors';
import { optionalString } from '../../helpers/parameters';
import { mayHaveBeenAccepted } from '../../transport';
import { withFields } from '../operation';

/** Partner Tenant → Initiate Payment → Options → Dedupe Key, around the one request (see keyStore.ts). */

/** An item's claimed key: it may start its payment. */
export interface PaymentKey {
	store: DedupeStore;
	dedupeKey: string;
}

/**
 * A run's keys claimed ahead (claimAhead.ts): the keys of its items, from the first with a key, in item order, each
 * key once, of the items that pass their checks (`checkItem`, the checks that need no request). The items run one
 * after another: reaching an item of claim c means the claims before it are done.
 */
interface RunClaims {
	claimOf: Map<number, number>;
	keyOf: Map<number, string>;
	states: Map<number, KeyState | Error>;
	ahead: ClaimsAhead;
	count: number;
	last: number;
	stopped: boolean;
}

const runs = new WeakMap<IExecuteFunctions, RunClaims>();

function claimRun(
	ctx: IExecuteFunctions,
	store: DedupeStore,
	from: number,
	checkItem: (itemIndex: number) => void,
): RunClaims {
	const seen = new Set<string>();
	const order: Array<{ itemIndex: number; key: string; retry: boolean }> = [];
	for (let itemIndex = from; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			checkItem(itemIndex);
			const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const key = optionalString(options.dedupeKey, 'Dedupe Key', ctx, itemIndex);
			if (key === undefined || seen.has(key)) continue;
			seen.add(key);
			order.push({ itemIndex, key, retry: options.retryUnknownKeys === true });
		} catch {
			// It fails at its own turn, before its key is claimed.
		}
	}
	const claims = cutIntoClaims(order);
	const states = new Map<number, KeyState | Error>();
	const run: RunClaims = {
		claimOf: new Map(),
		keyOf: new Map(order.map((entry) => [entry.itemIndex, entry.key])),
		states,
		count: claims.length,
		last: order[order.length - 1]?.itemIndex ?? from,
		stopped: false,
		ahead: new ClaimsAhead(
			claims.length,
			async (index) => {
				const claim = claims[index];
				try {
					const found = await store.claim(
						claim.map((entry) => entry.key),
						claim[0].retry,
					);
					for (const entry of claim) states.set(entry.itemIndex, found.get(entry.key) ?? 'unknown');
				} catch (error) {
					for (const entry of claim) states.set(entry.itemIndex, error as Error);
				}
			},
			() => run.stopped,
		),
	};
	claims.forEach((claim, index) => {
		for (const entry of claim) run.claimOf.set(entry.itemIndex, index);
	});
	return run;
}

/** The item's key as its claim decided it (claimed ahead with the run's next keys), or undefined if not planned. */
async function claimedAhead(
	ctx: IExecuteFunctions,
	store: DedupeStore,
	itemIndex: number,
	checkItem: (itemIndex: number) => void,
): Promise<KeyState | undefined> {
	let run = runs.get(ctx);
	if (!run) runs.set(ctx, (run = claimRun(ctx, store, itemIndex, checkItem)));
	const claim = run.claimOf.get(itemIndex);
	if (claim === undefined) return undefined;
	for (let earlier = 0; earlier < claim; earlier++) run.ahead.done(earlier);
	await run.ahead.ready(claim);
	if (itemIndex === run.last) tellWait(ctx, run.ahead.waitedMs, run.count);
	const state = run.states.get(itemIndex);
	run.states.delete(itemIndex);
	if (state instanceof Error) throw state;
	return state;
}

/**
 * Records the item's key as started before the request. Gives the claimed key; or the output of a payment initiated
 * before under this key (nothing is started); or undefined without a key. A key whose earlier initiation got no
 * answer fails the item (`outcome` unknown), as does a store that fails (nothing started). With `checkItem` (the
 * item's checks that need no request), the run's next keys are claimed with it, the next claim while this one's
 * payments are made: a run waits one window in all, not one per item.
 */
export async function claimPaymentKey(
	ctx: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
	checkItem?: (itemIndex: number) => void,
): Promise<{ key: PaymentKey } | { output: IDataObject } | undefined> {
	const dedupeKey = optionalString(options.dedupeKey, 'Dedupe Key', ctx, itemIndex);
	if (dedupeKey === undefined) return undefined;
	const store = DedupeStore.open(ctx, itemIndex);
	let state;
	try {
		state = checkItem ? await claimedAhead(ctx, store, itemIndex, checkItem) : undefined;
		state ??= (await store.claim([dedupeKey], options.retryUnknownKeys === true)).get(dedupeKey);
	} catch (error) {
		throw dedupeStoreFailed(ctx, error as Error, itemIndex);
	}
	if (state === 'alreadySent') return { output: alreadyInitiated(dedupeKey) };
	if (state === 'unknown')
		throw withFields(unknownKeyError(ctx, dedupeKey, itemIndex, 'payment'), {
			outcome: 'unknown',
			dedupeKey,
		});
	return { key: { store, dedupeKey } };
}

/**
 * The run stops at this item (it failed without Continue On Fail): the keys claimed ahead for the items after it are
 * freed, since none of their payments was started.
 */
export async function abandonPaymentKeys(ctx: IExecuteFunctions, itemIndex: number): Promise<void> {
	const run = runs.get(ctx);
	if (!run) return;
	run.stopped = true;
	await run.ahead.opened();
	const unused = [...run.states].filter(
		([index, state]) => index > itemIndex && state === 'claimed',
	);
	if (!unused.length) return;
	const store = DedupeStore.open(ctx, itemIndex);
	await store
		.release(unused.map(([index]) => run.keyOf.get(index) as string))
		.catch(() => undefined);
	await store.finish().catch(() => false);
}

/** The output of a payment whose Dedupe Key this node already used: nothing was initiated. */
function alreadyInitiated(dedupeKey: string): IDataObject {
	return {
		outcome: 'alreadySent',
		dedupeKey,
		message:
			"Not initiated: a payment with this 'Dedupe Key' was initiated before. Find it in 'Billing' → 'Get Many'.",
	};
}

/**
 * Records the key as sent. The payment is started whatever happens here: a failed record leaves the key started,
 * so a later run reports it unknown, never starts it again.
 */
export async function confirmKey(ctx: IExecuteFunctions, { store, dedupeKey }: PaymentKey) {
	try {
		await store.confirm([dedupeKey]);
		// The run's keys written again until a store call finds them (another n8n process may have dropped some).
		await store.finish();
	} catch (error) {
		ctx.logger?.warn(
			`Dedupe Key "${dedupeKey}": the payment was initiated, but n8n's database did not record it as sent (${(error as Error).message}); a later run will report the key unknown`,
		);
	}
}

/**
 * What a failed initiation leaves of its Dedupe Key. One that may have reached the service stays started: a later run
 * reports it unknown instead of starting a second payment. One refused before processing started nothing and is
 * freed (were that to fail, the key would read as unknown later: never a second payment). The error says which.
 */
export async function keyAfterFailure(error: Error, key: PaymentKey | undefined): Promise<Error> {
	if (!key) return error;
	const { store, dedupeKey } = key;
	const accepted = mayHaveBeenAccepted(error);
	// Freed, or kept started: written again until a store call finds it (a dropped one would start a second payment).
	if (!accepted) await store.release([dedupeKey]).catch(() => undefined);
	else await store.finish().catch(() => false);
	return withFields(error, { outcome: accepted ? 'unknown' : 'notSent', dedupeKey });
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DedupeStore } from './keyStore';
import { dedupeStoreFailed, unknownKeyError } from './keyErrors';
import { optionalString } from '../helpers/parameters';
import { mayHaveBeenAccepted } from '../transport';
import { withFields } from '../actions/operation';

/** Partner Tenant → Initiate Payment → Options → Dedupe Key, around the one request (see keyStore.ts). */

/** An item's claimed key: it may start its payment. */
export interface PaymentKey {
	store: DedupeStore;
	dedupeKey: string;
}

/**
 * Records the item's key as started before the request. Gives the claimed key; or the output of a payment initiated
 * before under this key (nothing is started); or undefined without a key. A key whose earlier initiation got no
 * answer fails the item (`outcome` unknown), as does a store that fails (nothing started).
 */
export async function claimPaymentKey(
	ctx: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
): Promise<{ key: PaymentKey } | { output: IDataObject } | undefined> {
	const dedupeKey = optionalString(options.dedupeKey, 'Dedupe Key', ctx, itemIndex);
	if (dedupeKey === undefined) return undefined;
	const store = DedupeStore.open(ctx, itemIndex);
	let state;
	try {
		state = (await store.claim([dedupeKey], options.retryUnknownKeys === true)).get(dedupeKey);
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

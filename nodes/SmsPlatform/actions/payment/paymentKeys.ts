import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ClaimsAhead, cutIntoClaims, tellWait } from '../../dedupe/claimAhead';
import { DedupeStore, type KeyState } from '../../dedupe/keyStore';
import { dedupeStoreFailed, unknownKeyError } from '../../dedupe/keyErrors';
import { mayHaveBeenAccepted } from '../../transport';
import type { ItemResult } from '../operation';

/**
 * Options → Dedupe Key of Initiate Payment and Buy Credits, around each item's one request (dedupe/keyStore.ts for the
 * store). The run's keys are claimed in item order, each key once, dedupe/claimAhead.ts's claims: the next claim while
 * the current one's payments are made, so a run waits one window in all, not one per item. An item with the key of
 * an earlier item of the run claims it at its own turn: it finds the key sent (or free again, when the earlier
 * payment was refused).
 */

/** An item with a Dedupe Key, as the run read it. */
export interface KeyedPayment {
	itemIndex: number;
	dedupeKey: string;
	retryUnknownKeys: boolean;
}

/** What an item's key allows: start the payment (`claimed`), or the item's result without starting one. */
export type KeyVerdict = { claimed: true } | { claimed: false; result: ItemResult };

export class PaymentKeys {
	private readonly states = new Map<number, KeyState | Error>();
	/** The claim of each item claimed ahead, and how many of each claim's items are still to run. */
	private readonly claimOf = new Map<number, number>();
	private readonly left: number[] = [];
	private readonly ahead: ClaimsAhead;
	/** The items whose payment ran (started, or given up): a claimed key of any other is freed at the end. */
	private readonly reached = new Set<number>();

	private constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly store: DedupeStore | Error,
		private readonly keyed: KeyedPayment[],
		stopped: () => boolean,
	) {
		const seen = new Set<string>();
		const firsts = keyed.filter((item) => !seen.has(item.dedupeKey) && seen.add(item.dedupeKey));
		const claims = cutIntoClaims(firsts);
		claims.forEach((claim, index) => {
			for (const item of claim) this.claimOf.set(item.itemIndex, index);
			this.left[index] = claim.length;
		});
		this.ahead = new ClaimsAhead(
			claims.length,
			async (index) => await this.claim(claims[index]),
			stopped,
		);
	}

	/** The keys of these items (in item order, at least one), claimed ahead until the run stops. */
	static open(ctx: IExecuteFunctions, keyed: KeyedPayment[], stopped: () => boolean): PaymentKeys {
		let store: DedupeStore | Error;
		try {
			store = DedupeStore.open(ctx, keyed[0].itemIndex);
		} catch (error) {
			store = error as Error;
		}
		return new PaymentKeys(ctx, store, keyed, stopped);
	}

	/** Claims these items' keys together; a store that fails fails them (nothing started). */
	private async claim(items: KeyedPayment[]): Promise<void> {
		if (this.store instanceof Error) return;
		try {
			const found = await this.store.claim(
				items.map((item) => item.dedupeKey),
				items[0].retryUnknownKeys,
			);
			for (const item of items)
				this.states.set(item.itemIndex, found.get(item.dedupeKey) ?? 'unknown');
		} catch (error) {
			for (const item of items) this.states.set(item.itemIndex, error as Error);
		}
	}

	/**
	 * Waits until the item's key is decided: claimed ahead with the run's next keys, or (an earlier item of the run had
	 * it) claimed now. A key sent before gives the item's output; one never confirmed, or a store that fails, its error.
	 */
	async verdict(item: KeyedPayment): Promise<KeyVerdict> {
		const { itemIndex, dedupeKey } = item;
		if (this.store instanceof Error) return { claimed: false, result: { error: this.store } };
		const claim = this.claimOf.get(itemIndex);
		let state: KeyState | Error | undefined;
		if (claim !== undefined) {
			await this.ahead.ready(claim);
			state = this.states.get(itemIndex);
		} else {
			try {
				state = (await this.store.claim([dedupeKey], item.retryUnknownKeys)).get(dedupeKey);
			} catch (error) {
				state = error as Error;
			}
			if (state === 'claimed') this.states.set(itemIndex, state);
		}
		if (state instanceof Error) {
			return { claimed: false, result: { error: dedupeStoreFailed(this.ctx, state, itemIndex) } };
		}
		if (state === 'alreadySent')
			return { claimed: false, result: { output: alreadyInitiated(dedupeKey) } };
		if (state === 'unknown') {
			const error = unknownKeyError(this.ctx, dedupeKey, itemIndex, 'payment');
			return { claimed: false, result: { error, fields: { outcome: 'unknown', dedupeKey } } };
		}
		return { claimed: true };
	}

	/** The item's payment ran (or was given up): once its claim's all have, the claim after the next one is made. */
	ran(itemIndex: number): void {
		this.reached.add(itemIndex);
		const claim = this.claimOf.get(itemIndex);
		if (claim !== undefined && --this.left[claim] === 0) this.ahead.done(claim);
	}

	/**
	 * Records the key as sent. The payment is started whatever happens here: a failed record leaves the key started,
	 * so a later run reports it unknown, never starts it again.
	 */
	async confirm(dedupeKey: string): Promise<void> {
		if (this.store instanceof Error) return;
		try {
			await this.store.confirm([dedupeKey]);
			// The run's keys written again until a store call finds them (another n8n process may have dropped some).
			await this.store.finish();
		} catch (error) {
			this.ctx.logger?.warn(
				`Dedupe Key "${dedupeKey}": the payment was initiated, but n8n's database did not record it as sent (${(error as Error).message}); a later run will report the key unknown`,
			);
		}
	}

	/**
	 * What a failed initiation leaves of its key, as the fields of the item's error. One that may have reached the
	 * service stays started: a later run reports it unknown instead of starting a second payment. One refused before
	 * processing started nothing and is freed (were that to fail, the key would read as unknown later: never a second
	 * payment).
	 */
	async afterFailure(dedupeKey: string, error: Error): Promise<IDataObject> {
		const accepted = mayHaveBeenAccepted(error);
		if (!(this.store instanceof Error)) {
			// Freed, or kept started: written again until a store call finds it (a dropped one would start a second payment).
			if (!accepted) await this.store.release([dedupeKey]).catch(() => undefined);
			else await this.store.finish().catch(() => false);
		}
		return { outcome: accepted ? 'unknown' : 'notSent', dedupeKey };
	}

	/**
	 * The run's end: the keys claimed ahead for items it never reached (it stopped at a failed item) are freed, since
	 * none of their payments was started; and the wait is said when there was one.
	 */
	async finish(): Promise<void> {
		await this.ahead.opened();
		if (this.store instanceof Error) return;
		tellWait(this.ctx, this.ahead.waitedMs, this.left.length);
		const unused = this.keyed.filter(
			(item) => !this.reached.has(item.itemIndex) && this.states.get(item.itemIndex) === 'claimed',
		);
		if (!unused.length) return;
		await this.store.release(unused.map((item) => item.dedupeKey)).catch(() => undefined);
		await this.store.finish().catch(() => false);
	}
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

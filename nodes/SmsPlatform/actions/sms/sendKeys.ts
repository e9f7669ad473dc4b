import type { IExecuteFunctions } from 'n8n-workflow';

import { ClaimsAhead, claimSize, cutIntoClaims, tellWait } from '../../dedupe/claimAhead';
import { DedupeStore, type KeyState } from '../../dedupe/keyStore';
import { dedupeStoreFailed, unknownKeyError } from '../../dedupe/keyErrors';
import type { PreparedItem } from './prepare';
import type { Outcome, SendOutcome, SendRequest } from './sendOutcome';
import { holdBack, sendOnce, type CombinedGroup } from './sendRequests';

/**
 * Send → Options → Dedupe Key: the items' keys around their requests (see dedupe/keyStore.ts for the store).
 *
 * - A key per item. The keys are claimed (recorded as started) in the order they go out, claimSize.keys a claim, the next
 *   claim while the current one waits and is sent (dedupe/claimAhead.ts): were n8n to stop mid-run, at most two claims'
 *   keys are left unknown, and the run waits one window in all when sending a claim takes longer than the window.
 * - With Combine Items the items of one request share its fate: all sent, all unknown, or all free again.
 * - The key is recorded as sent as soon as every request that carried the item was accepted; it is freed when none
 *   of them went out (refused before processing, or never started); otherwise it stays started, and later runs
 *   report it unknown.
 * - Two items of one run with the same key: the first is sent, the others follow it (`alreadySent` when it was
 *   sent, its error otherwise): a key stands for one SMS.
 */

type ItemKeyState = KeyState | 'pending' | 'sameKey' | Error;

export class SendKeys {
	private readonly state = new Map<number, ItemKeyState>();
	/** The first item of the run with each key. */
	private readonly first = new Map<string, number>();
	private readonly done = new Set<number>();
	/** The claim each item (sent alone) or request (Combine Items) waits for, and how many of them each claim has left. */
	private readonly claimOf = new Map<PreparedItem | SendRequest, number>();
	private readonly left: number[] = [];
	private ahead?: ClaimsAhead;

	private constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly store: DedupeStore | Error,
	) {}

	/** The keys of these items, each with a Dedupe Key (at least one item). */
	static open(ctx: IExecuteFunctions, keyed: PreparedItem[]): SendKeys {
		let store: DedupeStore | Error;
		try {
			store = DedupeStore.open(ctx, keyed[0].itemIndex);
		} catch (error) {
			store = error as Error;
		}
		const keys = new SendKeys(ctx, store);
		for (const item of keyed) {
			const key = item.dedupeKey as string;
			const first = keys.first.get(key);
			if (first === undefined) {
				keys.first.set(key, item.itemIndex);
				keys.state.set(item.itemIndex, 'pending');
			} else {
				keys.state.set(item.itemIndex, 'sameKey');
			}
		}
		return keys;
	}

	/** Claims the keys of these items not claimed yet. A store that fails leaves them failed: not sent. */
	async claim(items: PreparedItem[]): Promise<void> {
		const pending = items.filter((item) => this.state.get(item.itemIndex) === 'pending');
		if (!pending.length) return;
		if (this.store instanceof Error) {
			// One error for them all: the router never changes an item's error (see ItemFailure).
			for (const item of pending) this.state.set(item.itemIndex, this.store);
			return;
		}
		try {
			const states = await this.store.claim(
				pending.map((item) => item.dedupeKey as string),
				pending[0].retryUnknownKeys,
			);
			for (const item of pending)
				this.state.set(item.itemIndex, states.get(item.dedupeKey as string) ?? 'unknown');
		} catch (error) {
			for (const item of pending)
				this.state.set(item.itemIndex, dedupeStoreFailed(this.ctx, error as Error, item.itemIndex));
		}
	}

	/**
	 * The run's claims, in the order its keys go out: the items sent alone first, then the requests of Combine Items
	 * (a request waits for all the keys it carries; a claim ends at a request's edge).
	 */
	plan(alone: PreparedItem[], groups: CombinedGroup[], stopped: () => boolean): void {
		const pending = (item: PreparedItem) => this.state.get(item.itemIndex) === 'pending';
		const claims = cutIntoClaims(alone.filter(pending));
		claims.forEach((items, index) => {
			for (const item of items) this.claimOf.set(item, index);
			this.left[index] = items.length;
		});
		const planned = new Set<PreparedItem>();
		let current: PreparedItem[] = [];
		for (const group of groups) {
			for (const request of group.requests) {
				const owners = [...new Set(request.recipients.map((n) => group.ownerOf(n)))];
				const fresh = owners.filter((item) => pending(item) && !planned.has(item));
				if (current.length && current.length + fresh.length > claimSize.keys) current = [];
				if (!current.length && (fresh.length || !claims.length)) claims.push((current = []));
				for (const item of fresh) planned.add(item);
				current.push(...fresh);
				const index = claims.length - 1;
				this.claimOf.set(request, index);
				this.left[index] = (this.left[index] ?? 0) + 1;
			}
		}
		this.ahead = new ClaimsAhead(
			claims.length,
			async (index) => await this.claim(claims[index]),
			stopped,
		);
	}

	/** Waits until the keys of this item (sent alone) or request (Combine Items) are claimed. */
	async waitFor(unit: PreparedItem | SendRequest): Promise<void> {
		const index = this.claimOf.get(unit);
		if (index !== undefined && this.ahead) await this.ahead.ready(index);
	}

	/**
	 * This item or request is done: once its claim's all are, the claim after the next one is made. Its first store call
	 * also records the keys confirmed sent and not written yet (keyStore.ts), so a crash leaves at most two claims'
	 * keys unknown.
	 */
	sent(unit: PreparedItem | SendRequest): void {
		const index = this.claimOf.get(unit);
		if (index === undefined || !this.ahead) return;
		this.claimOf.delete(unit);
		if (--this.left[index] === 0) this.ahead.done(index);
	}

	/** Whether the item's recipients may go out: it has no key, or its key is claimed. */
	allows(item: PreparedItem): boolean {
		const state = this.state.get(item.itemIndex);
		return state === undefined || state === 'claimed';
	}

	/** The outcome of an item its key keeps from being sent (alreadySent, unknown, a failed store), or undefined. */
	held(item: PreparedItem): SendOutcome | undefined {
		const state = this.state.get(item.itemIndex);
		const key = item.dedupeKey as string;
		const base = { itemIndex: item.itemIndex, item, messageIds: [], sentRecipients: [] };
		// Nothing of it went out in this run: the ledger keeps nothing, and the store answers a later try the same.
		const nothingSent = { ...base, json: {}, mayHaveGoneOut: false };
		if (state instanceof Error) return { ...nothingSent, outcome: 'notSent', error: state };
		if (state === 'unknown') {
			const error = unknownKeyError(this.ctx, key, item.itemIndex);
			return { ...nothingSent, outcome: 'unknown', error };
		}
		if (state !== 'alreadySent') return undefined;
		// n8n's store keeps only a hash of each key (dedupe/keyStore.ts): the earlier send's message ID cannot be read back.
		const message =
			"Not sent: an SMS with this 'Dedupe Key' was sent before by this node. Its message ID is in the output of the execution that sent it.";
		return {
			...nothingSent,
			outcome: 'alreadySent',
			json: { recipients: item.recipients, message },
		};
	}

	/** The first item of the run with the same key, for an item that follows it; undefined otherwise. */
	sameKeyAs(item: PreparedItem): number | undefined {
		if (this.state.get(item.itemIndex) !== 'sameKey') return undefined;
		return this.first.get(item.dedupeKey as string);
	}

	/** Records what became of these items' keys: sent, freed (not sent), or left started (unknown). */
	async record(items: PreparedItem[], fate: Outcome): Promise<void> {
		const mine = items.filter(
			(item) => this.state.get(item.itemIndex) === 'claimed' && !this.done.has(item.itemIndex),
		);
		if (!mine.length || this.store instanceof Error) return;
		for (const item of mine) this.done.add(item.itemIndex);
		const keys = mine.map((item) => item.dedupeKey as string);
		// Recorded sent by the run's next store call (keyStore.ts, CONFIRM_EVERY_MS): the next send does not wait for it.
		if (fate === 'sent') this.store.confirmSoon(keys);
		if (fate !== 'notSent') return;
		await this.store.release(keys).catch((error: Error) => {
			// Nothing went out whatever the store says; a key left started reads as unknown later.
			this.ctx.logger?.warn(
				`Dedupe Key: could not free ${keys.length} key(s) (${error.message}); later runs will report them unknown`,
			);
		});
	}

	/**
	 * The run's last store call, after its last request: the keys written again until a call finds them all (a
	 * concurrent write in another n8n process may have dropped some). A failure is logged: the SMS are out already.
	 */
	async finish(): Promise<void> {
		await this.ahead?.opened();
		if (this.store instanceof Error) return;
		tellWait(this.ctx, this.ahead?.waitedMs ?? 0, this.left.length);
		// Keys claimed ahead whose items were never reached (the run stopped): nothing of them went out.
		const unsent = [...this.first].filter(
			([, index]) => this.state.get(index) === 'claimed' && !this.done.has(index),
		);
		await this.store.release(unsent.map(([key]) => key)).catch(() => undefined);
		await this.store.finish().catch((error: Error) => {
			this.ctx.logger?.warn(`Dedupe Key: the run's last check failed (${error.message})`);
		});
	}

	/** An item's outcome once its requests are done: the one its key held it back with, else its own (key recorded). */
	async concluded(outcome: SendOutcome): Promise<SendOutcome> {
		if (!outcome.item) return outcome;
		const held = this.held(outcome.item);
		if (held) return held;
		await this.record([outcome.item], outcome.outcome);
		return outcome;
	}
}

/**
 * Combine Items: the one wire call (sendOnce) of a request, once the keys of the items whose recipients it carries
 * are claimed (recipients of items whose key is not theirs to send stay out, a request left with none is
 * `held`), and recorded sent as soon as every request that carries an item was accepted.
 */
export async function sendKeyed(
	ctx: IExecuteFunctions,
	keys: SendKeys,
	group: CombinedGroup,
	request: SendRequest,
): Promise<void> {
	try {
		const owners = [...new Set(request.recipients.map((n) => group.ownerOf(n)))];
		await keys.waitFor(request);
		if (holdBack(request, (n) => keys.allows(group.ownerOf(n)))) return;
		await sendOnce(ctx, group.leadOf(request), request);
		if (!request.result) return;
		const accepted = owners.filter((item) =>
			group.carriedBy(item).every((r) => r.result || r.held),
		);
		await keys.record(accepted, 'sent');
	} finally {
		keys.sent(request);
	}
}

/** The outcome of an item with the same key as an earlier item of the run: that item's. */
export function followFirst(
	item: PreparedItem,
	firstIndex: number,
	first: SendOutcome,
): SendOutcome {
	const base = { itemIndex: item.itemIndex, item, messageIds: [], sentRecipients: [] };
	const json = { sameKeyAs: firstIndex };
	if (first.error) {
		return {
			...base,
			outcome: first.outcome,
			json,
			error: first.error,
			description: first.description,
			mayHaveGoneOut: false,
		};
	}
	return {
		...base,
		outcome: 'alreadySent',
		json: {
			...json,
			recipients: item.recipients,
			message_id: first.messageIds[0] ?? null,
			message: `Not sent: item ${firstIndex} of this run has the same 'Dedupe Key' and carries it.`,
		},
		mayHaveGoneOut: false,
	};
}

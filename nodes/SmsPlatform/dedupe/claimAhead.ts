import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * A run's claims, made ahead of its sends. A claim waits the window (window.ts) before its keys may go out; a
 * run's keys are cut into claims of up to claimSize.keys keys, and the next claim is made while the current one waits
 * and is sent: at most two claims are open (claimed, and not yet all sent) at any time. So a run waits one window in
 * all whenever sending a claim's keys takes longer than a window (or the run has at most two claims); and after a
 * crash at most two claims' keys are left unknown. The keys' fate (sent, freed, unknown) is the caller's.
 */

/**
 * Keys a claim covers at most (more only when one request carries more items' keys): two claims, 1,000 keys, are what
 * a run can send in its first window without waiting a second one. An object so that the unit tests can shrink it.
 */
export const claimSize = { keys: 500 };

/** Cuts keys, in the order they go out, into claims of claimSize.keys. */
export function cutIntoClaims<T>(list: T[]): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += claimSize.keys) out.push(list.slice(i, i + claimSize.keys));
	return out;
}

export class ClaimsAhead {
	private readonly claims: Array<Promise<void>> = [];
	private readonly finished = new Set<number>();
	/** Sends waiting for a claim that may not open yet: woken when a claim is done. */
	private waiters: Array<() => void> = [];
	/** How long the run's sends waited for claims (ms, once however many waited together): its real total wait. */
	waitedMs = 0;
	private waiting = 0;
	private since = 0;

	constructor(
		private readonly count: number,
		private readonly claim: (index: number) => Promise<void>,
		/** Whether the run stopped (a failed item without Continue On Fail): no claim is made then. */
		private readonly stopped: () => boolean,
	) {}

	/**
	 * Waits until claim `index` is decided (and, first, until it may open: the claims before the last one done). When
	 * the run stopped before it opened, returns at once: its keys stay unclaimed, not sent.
	 */
	async ready(index: number): Promise<void> {
		if (this.waiting++ === 0) this.since = performance.now();
		try {
			this.open();
			while (!this.claims[index] && !this.stopped())
				await new Promise<void>((resolve) => this.waiters.push(resolve));
			await this.claims[index];
		} finally {
			if (--this.waiting === 0) this.waitedMs += performance.now() - this.since;
		}
	}

	/** Claim `index` is all sent (or given up): the claim after the next one may open. */
	done(index: number): void {
		this.finished.add(index);
		this.open();
		for (const wake of this.waiters.splice(0)) wake();
	}

	/** Every claim opened so far, decided (at the run's end: the keys claimed and never sent are freed then). */
	async opened(): Promise<void> {
		await Promise.allSettled(this.claims);
	}

	/** Opens claims while at most two are open: the first one not done, and the next. */
	private open() {
		if (this.stopped()) return;
		let first = 0;
		while (this.finished.has(first)) first++;
		for (let i = this.claims.length; i <= first + 1 && i < this.count; i++) {
			// A claim that fails leaves its keys failed (the claim function records it): it never rejects here.
			this.claims.push(this.claim(i).catch(() => undefined));
		}
	}
}

/**
 * Said once a run, at its end, when its sends waited for Dedupe Keys: the real total, and when the wait can be 0.
 */
export function tellWait(ctx: IExecuteFunctions, waitedMs: number, claims: number): void {
	if (waitedMs < 1000 || !('addExecutionHints' in ctx)) return;
	const seconds = (waitedMs / 1000).toFixed(1);
	const how =
		claims > 1
			? ` (${claims} claims of up to ${claimSize.keys} keys, each claimed while the one before was sent)`
			: '';
	ctx.addExecutionHints({
		message: `Waited ${seconds} s in all${how} after recording the Dedupe Keys before sending, so that no other queue-mode worker's database write can erase them. If this n8n runs as one process (not in queue mode), set 'Dedupe Key Wait (Seconds)' in the options to 0.`,
		location: 'outputPane',
	});
}

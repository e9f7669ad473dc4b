import type { IDataObject } from 'n8n-workflow';

import { parameterReader } from '../../helpers/parameters';
import { parallelSlots } from '../../transport';
import type { ExecuteBatch, ItemResult } from '../operation';
import { checkBalance } from './balanceCheck';
import { waitForDelivery } from './delivery';
import { DEFAULT_BATCH_SIZE, groupKey, prepare, type PreparedItem } from './prepare';
import { followFirst, SendKeys, sendKeyed } from './sendKeys';
import { itemOutcome, refused, type SendOutcome } from './sendOutcome';
import { SentLedger } from './sentLedger';
import { notSent, planCombined, planItem, sendOnce, unsendable } from './sendRequests';
import { readTemplates } from './templateText';
import { preview } from './dryRun';
import { skipOptedOut } from './optedOut';

export { description } from './send.description';

/**
 * SMS → Send, all items at once, in three passes:
 * 1. read and check every item (prepare.ts); items sent in an earlier try of this execution are answered from the
 *    ledger (SentLedger, sendOutcome.ts); with Check Balance First, nothing is sent when the balance cannot cover the run;
 * 2. send: one request per item in order (its recipients split by Batch Size), then the combined items together,
 *    several requests at once; the plan and the one wire call are in sendRequests.ts, and this function calls the
 *    wire call itself, so the road to the wire is execute → router → here → sendOnce → transport; with a Dedupe Key
 *    the key calls wrap it (sendKeys.ts); every item ends as a typed outcome (sendOutcome.ts), recorded in the
 *    ledger at once;
 * 3. with Wait for Delivery, follow the messages until final (delivery.ts); hints for the output pane (below).
 * Without "Continue On Fail" the run stops at its first failed item: the gate (the router's) says when.
 */
export const executeBatch: ExecuteBatch = async function (items, gate) {
	const read = parameterReader(this);
	// Source → Template: the run's templates are read once, before any item is prepared (not for a text send).
	const templates = items.some((_, index) => read('source', index, 'text') === 'template')
		? await readTemplates(this, items.length, read)
		: undefined;
	const prepared: Array<PreparedItem | Error> = items.map((_, itemIndex) => {
		try {
			return prepare(this, itemIndex, read, templates);
		} catch (error) {
			return error as Error;
		}
	});
	// What no send route can carry (a schedule, text it refuses) fails the item now: before any key is claimed.
	for (const [index, item] of prepared.entries()) {
		if (!(item instanceof Error)) prepared[index] = unsendable(this, item) ?? item;
	}
	const readable = prepared.filter((item): item is PreparedItem => !(item instanceof Error));
	const outcomes: Array<SendOutcome | undefined> = new Array(items.length);
	const end = (outcome: SendOutcome) => {
		outcomes[outcome.itemIndex] = outcome;
		if (outcome.error) gate.note(outcome.error);
	};
	// Options → Skip Opted-Out Contacts: the opted-out numbers leave their items before anything is sent (optedOut.ts).
	if (readable.some((item) => item.skipOptedOut))
		for (const outcome of await skipOptedOut(this, readable)) end(outcome);
	// Options → Dry Run: the items' previews, reads only (dryRun.ts); the other items are sent as usual.
	const dry = readable.filter((item) => item.dryRun && !outcomes[item.itemIndex]);
	if (dry.length) for (const outcome of await preview(this, dry)) end(outcome);
	const valid = readable.filter((item) => !outcomes[item.itemIndex]);
	// Items that went out (or may have) in an earlier try of this execution are answered, not sent again.
	const ledger = SentLedger.open(this);
	const replayed = new Map(valid.map((item) => [item.itemIndex, ledger.replay(item)]));
	// Options → Dedupe Key, only when an item has one: the keys of the items not answered from the ledger; an item
	// with the same key as an earlier one of the run sends nothing and follows it.
	const keyed = valid.filter(
		(item) => item.dedupeKey !== undefined && !replayed.get(item.itemIndex),
	);
	const keys = keyed.length ? SendKeys.open(this, keyed) : undefined;
	const follows = (item: PreparedItem) => keys?.sameKeyAs(item) !== undefined;
	const combined = valid.filter(
		(item) => item.combine && !replayed.get(item.itemIndex) && !follows(item),
	);
	const conclude = (outcome: SendOutcome) => {
		end(outcome);
		// What went out (or may have) is recorded at once, so that n8n's next try does not send it again.
		if (outcome.item && outcome !== replayed.get(outcome.itemIndex))
			ledger.record({ ...outcome, item: outcome.item });
	};
	// Combined requests carry many items at once: an invalid item fails the run before anything is sent.
	if (combined.length) {
		prepared.forEach((item, index) => item instanceof Error && conclude(refused(index, item)));
	}
	// Options → Check Balance First: nothing is sent when the balance cannot cover the whole run.
	const toSend = valid.filter((item) => !outcomes[item.itemIndex] && !replayed.get(item.itemIndex));
	if (!gate.stopped && toSend.some((item) => item.checkBalanceFirst)) {
		const refusal = await checkBalance(this, toSend);
		if (refusal) {
			for (const item of toSend) conclude(refused(item.itemIndex, refusal(item.itemIndex), item));
			return results(outcomes);
		}
	}
	// Options → Dedupe Key: the keys are claimed in the order they go out, the next claim while one is sent.
	const groups = gate.stopped ? [] : planCombined(combined);
	const alone = valid.filter(
		(item) => !item.combine && !replayed.get(item.itemIndex) && !follows(item),
	);
	keys?.plan(alone, groups, () => gate.stopped);
	// The rest in order, each item its own requests; after a failed request its later ones are not sent.
	for (const [index, item] of prepared.entries()) {
		if (gate.stopped) break;
		const replay = replayed.get(index);
		if (outcomes[index]) continue;
		if (item instanceof Error) conclude(refused(index, item));
		else if (replay) conclude(replay);
		else if (!item.combine && !follows(item)) {
			// Its Dedupe Key is claimed before its first request, recorded once its requests are done.
			await keys?.waitFor(item);
			const held = keys?.held(item);
			if (held) {
				conclude(held);
				keys?.sent(item);
				continue;
			}
			const requests = planItem(item);
			let tried = 0;
			for (const request of requests) {
				tried++;
				await sendOnce(this, item, request);
				if (request.error) break;
			}
			const outcome = itemOutcome(item, requests.slice(0, tried), item.repeated);
			conclude(keys ? await keys.concluded(outcome) : outcome);
			keys?.sent(item);
		}
	}
	// Combined items: their batches carry different recipients, so several may be in flight at once (Request Options
	// → Parallel Requests). Batches not started because the run stopped carry items that were not sent.
	for (const group of gate.stopped ? [] : groups) {
		const slots = parallelSlots(this, group.items[0].settings);
		for (const request of group.requests) {
			if (!gate.stopped) await slots.free();
			if (gate.stopped) {
				notSent(request, gate.error);
				continue;
			}
			// With Dedupe Keys, the key calls wrap the wire call (sendKeys.ts).
			const sending = keys
				? sendKeyed(this, keys, group, request)
				: sendOnce(this, group.leadOf(request), request);
			slots.add(sending.then(() => request.error && gate.note(request.error)));
		}
		await slots.allDone();
		for (const outcome of group.outcomes())
			conclude(keys ? await keys.concluded(outcome) : outcome);
	}
	// Items with the same Dedupe Key as an earlier item of the run follow it.
	for (const item of valid) {
		const first = keys?.sameKeyAs(item);
		const firstOutcome = first === undefined ? undefined : outcomes[first];
		if (firstOutcome && first !== undefined) conclude(followFirst(item, first, firstOutcome));
	}
	await keys?.finish();
	if (!gate.stopped) {
		// Not the items a Dedupe Key kept back: they have no messages of their own to follow.
		const sent = outcomes.filter(
			(o): o is SendOutcome =>
				o !== undefined &&
				!o.error &&
				o.outcome !== 'notSent' &&
				(o.outcome !== 'alreadySent' || o.messageIds.length > 0),
		);
		const delivery = await waitForDelivery(this, sent);
		for (const outcome of sent) Object.assign(outcome.json, delivery.get(outcome.itemIndex));
	}
	const hint = combined.length
		? combinedHint(
				combined,
				combined.flatMap((item) => {
					const outcome = outcomes[item.itemIndex];
					return outcome && !outcome.error ? [outcome] : [];
				}),
			)
		: gate.stopped
			? undefined
			: combiningHint(valid);
	if (hint) this.addExecutionHints({ message: hint, location: 'outputPane' });
	return results(outcomes);
};

/** For the router: each item's output, or its error with the fields its error item adds; both say the outcome. */
function results(outcomes: Array<SendOutcome | undefined>): Array<ItemResult | undefined> {
	return Array.from(outcomes, (outcome) => {
		if (!outcome) return undefined;
		const json: IDataObject = { ...outcome.json, outcome: outcome.outcome };
		if (outcome.item?.dedupeKey !== undefined) json.dedupeKey = outcome.item.dedupeKey;
		return outcome.error
			? { error: outcome.error, description: outcome.description, fields: json }
			: { output: json };
	});
}

// The hints of the output pane: what a combined send did, or that combining would have saved requests.

/**
 * What a combined send did: how many requests carried the items, and their message ids. Were the execution lost
 * before it ends (a queue-mode worker that stops), these are what to look up in the service's message log before
 * sending again.
 */
export function combinedHint(combined: PreparedItem[], sent: SendOutcome[]): string | undefined {
	const unique = new Set(sent.flatMap((outcome) => outcome.messageIds));
	if (!unique.size) return undefined;
	const list = [...unique];
	const shown = list.length > 3 ? `${list[0]} … ${list[list.length - 1]}` : list.join(', ');
	// Only the items an accepted request carried: the others failed or are unknown (their items say so).
	const accepted = sent.filter((outcome) => outcome.messageIds.length > 0).length;
	const items =
		accepted === combined.length
			? counted(accepted, 'item')
			: `${accepted} of ${counted(combined.length, 'item')}`;
	const ids = list.length === 1 ? 'message ID' : 'message IDs';
	return `'Combine Items': ${items} went out in ${counted(list.length, 'accepted request')}, ${ids} ${shown}.`;
}

/** "1 item", "2 items". */
function counted(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** From this many one-request-per-item sends of the same message, the node suggests combining. */
const HINT_THRESHOLD = 10;

/** A hint when many items sent the same message one request each, or undefined. */
export function combiningHint(sent: PreparedItem[]): string | undefined {
	if (sent.length < HINT_THRESHOLD) return undefined;
	const keys = new Set(sent.map(groupKey));
	if (keys.size > sent.length / 2) return undefined;
	const requests = sent.reduce((n, p) => n + Math.ceil(p.recipients.length / p.batchSize), 0);
	const combinedRequests =
		Math.ceil(sent.reduce((n, p) => n + p.recipients.length, 0) / DEFAULT_BATCH_SIZE) +
		keys.size -
		1;
	return `${sent.length} items sent the same message with ${requests} requests. Turn on 'Combine Items' in 'Options' to send them together in about ${Math.max(1, combinedRequests)} request(s); the service allows 1000 requests an hour.`;
}

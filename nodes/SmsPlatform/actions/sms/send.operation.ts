import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { parameterReader } from '../../helpers/parameters';
import type { FailureGate, ItemResult } from '../operation';
import { checkBalance } from './balanceCheck';
import { waitForDelivery } from './delivery';
import { prepare, type PreparedItem } from './prepare';
import { combinedHint, combiningHint } from './sendHints';
import { refused, type SendOutcome } from './sendOutcome';
import { sendCombined, sendItem } from './sendRequests';
import { SentLedger } from './sentLedger';

export { description } from './send.description';

/**
 * SMS → Send, all items at once, in three passes:
 * 1. read and check every item (prepare.ts); items sent in an earlier try of this execution are answered from the
 *    ledger (sentLedger.ts); with Check Balance First, nothing is sent when the balance cannot cover the run;
 * 2. send: one request per item in order (its recipients split by Batch Size), then the combined items together
 *    (sendRequests.ts); every item ends as a typed outcome (sendOutcome.ts), recorded in the ledger;
 * 3. with Wait for Delivery, follow the messages until final (delivery.ts); hints for the output pane.
 * Without "Continue On Fail" the run stops at its first failed item: the gate (the router's) says when.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	gate: FailureGate,
): Promise<Array<ItemResult | undefined>> {
	const read = parameterReader(this);
	const prepared: Array<PreparedItem | Error> = items.map((_, itemIndex) => {
		try {
			return prepare(this, itemIndex, read);
		} catch (error) {
			return error as Error;
		}
	});
	const valid = prepared.filter((item): item is PreparedItem => !(item instanceof Error));
	// Items that went out (or may have) in an earlier try of this execution are answered, not sent again.
	const ledger = SentLedger.open(this);
	const replayed = new Map(valid.map((item) => [item.itemIndex, ledger.replay(item)]));
	const combined = valid.filter((item) => item.combine && !replayed.get(item.itemIndex));
	const outcomes: Array<SendOutcome | undefined> = new Array(items.length);
	const conclude = (outcome: SendOutcome) => {
		outcomes[outcome.itemIndex] = outcome;
		if (outcome.error) gate.note(outcome.error);
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
	// The rest in order, each item its own requests.
	for (const [index, item] of prepared.entries()) {
		if (gate.stopped) break;
		if (item instanceof Error) {
			conclude(refused(index, item));
			continue;
		}
		const replay = replayed.get(index);
		if (replay) conclude(replay);
		else if (!item.combine) conclude(await sendItem(this, item));
	}
	if (!gate.stopped) (await sendCombined(this, combined, gate)).forEach(conclude);
	if (!gate.stopped) {
		const sent = outcomes.filter((o): o is SendOutcome => o !== undefined && !o.error);
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
}

/** For the router: each item's output, or its error with the fields its error item adds; both say the outcome. */
function results(outcomes: Array<SendOutcome | undefined>): Array<ItemResult | undefined> {
	return Array.from(outcomes, (outcome) => {
		if (!outcome) return undefined;
		const json = { ...outcome.json, outcome: outcome.outcome };
		return outcome.error ? { error: outcome.error, fields: json } : { output: json };
	});
}

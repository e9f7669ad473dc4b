import type { IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_SETTINGS } from '../../transport/defaults';
import { forEachBounded } from '../../transport/parallel';
import type { OperationOutput } from '../operation';
import { chunk, sendOnce, settle, type SendRequest } from './batches';
import { DEFAULT_BATCH_SIZE, groupKey, type PreparedItem } from './prepare';
import type { SentLedger } from './sentLedger';

/**
 * Sends items with the same message, sender ID and tenant together, Batch Size recipients a request. Each item gets
 * one outcome: the message id(s) of the request(s) that carried its recipients, or the error of a request that did.
 */
export async function sendCombined(
	ctx: IExecuteFunctions,
	prepared: PreparedItem[],
	outcomes: Array<OperationOutput | Error | undefined>,
	stopOnError: boolean,
	ledger: SentLedger,
): Promise<void> {
	const groups = new Map<string, PreparedItem[]>();
	for (const item of prepared) {
		const key = groupKey(item);
		const group = groups.get(key);
		if (group) group.push(item);
		else groups.set(key, [item]);
	}
	for (const group of groups.values()) {
		// Recipients in first-seen order, each once; remember which request carries each number.
		const order: string[] = [];
		const owner = new Map<string, number>();
		for (const item of group) {
			for (const number of item.recipients) {
				if (!owner.has(number)) {
					owner.set(number, item.itemIndex);
					order.push(number);
				}
			}
		}
		const batchSize = group[0].batchSize;
		const requests: SendRequest[] = chunk(order, batchSize).map((recipients) => ({ recipients }));
		const requestOf = new Map<string, SendRequest>();
		for (const request of requests)
			for (const number of request.recipients) requestOf.set(number, request);
		// Batches carry different recipients, so several may be in flight at once (Request Options → Parallel Requests).
		let stopped: Error | undefined;
		const started = await forEachBounded(
			ctx,
			requests,
			group[0].settings.parallelRequests ?? DEFAULT_SETTINGS.parallelRequests,
			async (request) => {
				// Attributed to the first item whose recipients it carries (for the error's item index).
				const lead = group.find((item) => item.itemIndex === owner.get(request.recipients[0]));
				const leadItem = lead ?? group[0];
				try {
					request.result = await sendOnce(ctx, leadItem, request.recipients, leadItem.itemIndex);
				} catch (error) {
					request.error = error as Error;
					if (stopOnError) stopped ??= error as Error;
				}
			},
			() => stopped !== undefined,
		);
		// Without "Continue On Fail" no batch starts after a failure: the items of those batches were not sent.
		for (const request of requests.slice(started)) {
			request.error = stopped;
			request.notSent = true;
		}
		for (const item of group) {
			const carried = [...new Set(item.recipients.map((n) => requestOf.get(n) as SendRequest))];
			const duplicates = [
				...item.repeated,
				...item.recipients.filter((n) => owner.get(n) !== item.itemIndex),
			];
			outcomes[item.itemIndex] = settle(
				ledger,
				item,
				carried,
				[...new Set(duplicates)],
				group.length,
			);
		}
	}
}

/** From this many one-request-per-item sends of the same message, the node suggests combining. */
const HINT_THRESHOLD = 10;

/** A hint for the output pane when many items sent the same message one request each, or undefined. */
export function combiningHint(sent: PreparedItem[]): string | undefined {
	if (sent.length < HINT_THRESHOLD) return undefined;
	const keys = new Set(sent.map(groupKey));
	if (keys.size > sent.length / 2) return undefined;
	const requests = sent.reduce((n, p) => n + Math.ceil(p.recipients.length / p.batchSize), 0);
	const combinedRequests =
		Math.ceil(sent.reduce((n, p) => n + p.recipients.length, 0) / DEFAULT_BATCH_SIZE) +
		keys.size -
		1;
	return `${sent.length} items sent the same message with ${requests} requests. Turn on Options → "Combine Items" to send them together in about ${Math.max(1, combinedRequests)} request(s); the service allows 1000 requests an hour.`;
}

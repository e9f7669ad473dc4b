import type { IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import { listSenderIds } from '../../helpers/senderIds';
import { serviceCodeOf } from '../../transport';
import { DEFAULT_BATCH_SIZE, groupKey, type PreparedItem } from './prepare';
import type { SendOutcome } from './sendOutcome';

/**
 * What a send says beyond the service's answers: the execution hints of the output pane, and the one answer the node
 * explains further (a refused sender ID: which ones the account has).
 */

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
	return `Combine Items: ${items} went out in ${counted(list.length, 'accepted request')}, ${ids} ${shown}.`;
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
	return `${sent.length} items sent the same message with ${requests} requests. Turn on Options → "Combine Items" to send them together in about ${Math.max(1, combinedRequests)} request(s); the service allows 1000 requests an hour.`;
}

/** The sender IDs of the account, asked once a run (only after a refused sender ID). */
const senderIdsOf = new WeakMap<object, Promise<string[]>>();

/**
 * A refused sender ID (400 SENDER_ID_INVALID): the error's description gets the sender IDs the account has, from one
 * request to the service's sender ID list. When that list cannot be read, the error stays as it is.
 */
export async function explainSenderId(
	ctx: IExecuteFunctions,
	error: Error,
	item: PreparedItem,
): Promise<void> {
	if (serviceCodeOf(error) !== 'SENDER_ID_INVALID') return;
	const apiError = error as NodeApiError;
	let lookup = senderIdsOf.get(ctx);
	if (!lookup) {
		lookup = listSenderIds(ctx, { itemIndex: item.itemIndex, settings: item.settings }).then(
			(records) =>
				records
					.filter((r) => r.status === undefined || r.status === 'active')
					.map((r) => String(r.sender_id ?? r.name ?? ''))
					.filter(Boolean),
		);
		senderIdsOf.set(ctx, lookup);
	}
	let ids: string[];
	try {
		ids = await lookup;
	} catch {
		return;
	}
	const have = ids.length
		? `The account's active sender IDs: ${ids.join(', ')} ("${item.senderId}" is not one of them). Put one of them in 'Sender ID'.`
		: 'The account has no active sender ID yet: request one (Sender ID → Request), and send once it is approved.';
	apiError.description = `${apiError.description ?? ''} ${have}`.trim();
}

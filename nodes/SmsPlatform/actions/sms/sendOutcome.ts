import type { IDataObject } from 'n8n-workflow';

import type { RouteFamily } from '../../transport';
import { creditsPerRecipient, type PreparedItem } from './prepare';

/**
 * What each item of a send ends as, as values the later steps take (delivery wait, the ledger in sentLedger.ts, hints,
 * the router's error items): nothing after the requests reads an output item or an error's context back.
 */

/** An item's fate: sent, sent in an earlier try (not again), refused or not started, or nobody knows. */
export type Outcome = 'sent' | 'alreadySent' | 'notSent' | 'unknown';

export interface SendOutcome {
	itemIndex: number;
	/** The prepared item; absent when the item was refused before it could be read (its error says why). */
	item?: PreparedItem;
	outcome: Outcome;
	/** The output item (success), or the fields the item's error item adds (failure). */
	json: IDataObject;
	error?: Error;
	/**
	 * This item's own description of its failure, in place of the error's (which of its recipients were sent): the
	 * error may be shared with the other items of a request (see ItemFailure).
	 */
	description?: string;
	/** The ids of the accepted requests that carried this item's recipients, in order. */
	messageIds: string[];
	/** Recipients of this item in accepted requests (on a failure: those that got the SMS nevertheless). */
	sentRecipients: string[];
	/** Whether anything of this item reached the service, or may have: it must never be sent again. */
	mayHaveGoneOut: boolean;
	/** The status in the service's answer to the send (it may already be final). */
	status?: string;
}

/** One request of a send: the recipients it carries and what became of it. */
export interface SendRequest {
	recipients: string[];
	result?: IDataObject;
	error?: Error;
	/** The request failed after it may have reached the service (time-out, dropped connection, 5xx). */
	mayHaveGoneOut?: boolean;
	/** Not sent: an earlier request of the run failed (its error is that one's). */
	notSent?: boolean;
	/** Not sent: the Dedupe Keys of all the items it carries were sent before or are unknown (sendKeys.ts). */
	held?: boolean;
	/** The route family that took it (its credits follow that route's rule, prepare.ts). */
	family?: RouteFamily;
}

/** An item refused before any request (invalid, or the balance check said no). */
export function refused(itemIndex: number, error: Error, item?: PreparedItem): SendOutcome {
	return {
		itemIndex,
		item,
		outcome: 'notSent',
		json: {},
		error,
		messageIds: [],
		sentRecipients: [],
		mayHaveGoneOut: false,
	};
}

export function messageIdOf(result: IDataObject | undefined): string | undefined {
	const id = result?.message_id ?? result?.messageId ?? result?.id;
	return id === undefined || id === null ? undefined : String(id);
}

/**
 * An item's outcome from the requests that carried its recipients. `duplicates`: numbers it gave that went out once
 * for another item or another line; `combinedWith`: the number of items that shared the requests (Combine Items);
 * `othersOwn`: its numbers that went out for another item of them (their credits are that item's).
 */
export function itemOutcome(
	item: PreparedItem,
	carried: SendRequest[],
	duplicates: string[],
	combinedWith?: number,
	othersOwn: string[] = [],
): SendOutcome {
	const mine = new Set(item.recipients);
	const sentRecipients = carried
		.filter((r) => r.result)
		.flatMap((r) => r.recipients.filter((n) => mine.has(n)));
	const messageIds = [
		...new Set(carried.map((r) => messageIdOf(r.result)).filter((id): id is string => !!id)),
	];
	const mayHaveGoneOut = carried.some(
		(r) => r.result !== undefined || (r.error && !r.notSent && r.mayHaveGoneOut),
	);
	const first = carried[0]?.result;
	const status = typeof first?.status === 'string' ? first.status : undefined;
	const base = { itemIndex: item.itemIndex, item, messageIds, mayHaveGoneOut, status };
	if (carried.some((r) => r.error)) {
		// Part of it sent, or a request whose fate nobody knows: it must not be sent again.
		return {
			...base,
			outcome: mayHaveGoneOut ? 'unknown' : 'notSent',
			json: sentRecipients.length ? { sentRecipients } : {},
			...failureOf(item, carried, sentRecipients),
			sentRecipients,
		};
	}
	return {
		...base,
		outcome: 'sent',
		json: successJson(item, carried, messageIds, duplicates, combinedWith, othersOwn),
		sentRecipients,
	};
}

/** The output of one item: the service's answer for its (first) request, and what happened to its recipients. */
function successJson(
	item: PreparedItem,
	requests: SendRequest[],
	messageIds: string[],
	duplicates: string[],
	combinedWith: number | undefined,
	othersOwn: string[],
): IDataObject {
	const first = requests[0]?.result ?? {};
	// The service's answer without its envelope flag (`success` is always true here).
	const answer = { ...first };
	delete answer.success;
	const json: IDataObject = {
		...answer,
		message_id: messageIds[0] ?? messageIdOf(first) ?? null,
		// The ids of the other requests that carried this item's recipients (Batch Size), usually none.
		otherMessageIds: messageIds.slice(1),
		recipients: item.recipients,
		requests: requests.length,
		duplicates,
		smsParts: item.smsParts,
		encoding: item.encoding,
		// What the route that took it charges for this item's own recipients (a number another item gave is its).
		credits:
			(item.recipients.length - othersOwn.length) * creditsPerRecipient(item, requests[0]?.family),
	};
	if (item.rewritten.length) json.recipientsRewritten = item.rewritten;
	if (item.skippedOptedOut) json.skippedOptedOut = item.skippedOptedOut;
	if (combinedWith !== undefined) json.combinedItems = combinedWith;
	// The service answers a scheduled send as `sent` (it handed it to its SMS provider with the time): say what it is.
	if (item.scheduleTime && json.status === 'sent') json.status = 'scheduled';
	return json;
}

/**
 * The error of an item whose recipients rode on a failed request, and its description when some of them were sent
 * nevertheless. With Combine Items a failed request is shared by several items: the error stays as it is, and each
 * item's description counts only its own recipients, so one item's "part was sent" never shows on another's.
 */
function failureOf(
	item: PreparedItem,
	requests: SendRequest[],
	sent: string[],
): { error: Error; description?: string } {
	const mine = new Set(item.recipients);
	const failed = requests.filter((r) => r.error);
	const error = failed[0].error as Error;
	if (sent.length === 0 || !('description' in error)) return { error };
	const ids = requests.map((r) => messageIdOf(r.result)).filter(Boolean);
	const carried = failed
		.filter((r) => !r.notSent)
		.flatMap((r) => r.recipients.filter((n) => mine.has(n))).length;
	const shown =
		sent.slice(0, 20).join(', ') + (sent.length > 20 ? `, … (${sent.length - 20} more)` : '');
	const description =
		`${(error as { description?: string }).description ?? ''} Part of this item was sent: ${sent.length} recipient(s) in message(s) ${ids.join(', ')}; the request that did not go through carried ${carried} recipient(s) of this item, and ${item.recipients.length - sent.length - carried} more were not sent. Sent to: ${shown}. Do not send to those again.`.trim();
	return { error, description };
}

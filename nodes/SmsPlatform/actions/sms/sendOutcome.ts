import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ownCopy } from '../operation';
import type { RouteFamily } from '../../transport';
import { creditsPerRecipient, type PreparedItem } from './prepare';

/**
 * What each item of a send ends as, as values the later steps take (delivery wait, ledger, hints, the router's error
 * items): nothing after the requests reads an output item or an error's context back. And the ledger (SentLedger,
 * below): the outcomes of the items that went out, kept for n8n's retries of the same execution, which get them back
 * instead of sending again.
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
		const error = failureOf(item, carried, sentRecipients);
		// Part of it sent, or a request whose fate nobody knows: it must not be sent again.
		return {
			...base,
			outcome: mayHaveGoneOut ? 'unknown' : 'notSent',
			json: sentRecipients.length ? { sentRecipients } : {},
			error,
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
 * The error of an item whose recipients rode on a failed request; says which of them were sent nevertheless. With
 * Combine Items a failed request is shared by several items: each gets its own copy of the error, counting only its
 * own recipients, so one item's "part was sent" never shows on another's.
 */
function failureOf(item: PreparedItem, requests: SendRequest[], sent: string[]): Error {
	const mine = new Set(item.recipients);
	const failed = requests.filter((r) => r.error);
	const error = ownCopy(failed[0].error as Error);
	if (sent.length > 0 && 'description' in error) {
		const ids = requests.map((r) => messageIdOf(r.result)).filter(Boolean);
		const carried = failed
			.filter((r) => !r.notSent)
			.flatMap((r) => r.recipients.filter((n) => mine.has(n))).length;
		const shown =
			sent.slice(0, 20).join(', ') + (sent.length > 20 ? `, … (${sent.length - 20} more)` : '');
		(error as { description?: string }).description =
			`${(error as { description?: string }).description ?? ''} Part of this item was sent: ${sent.length} recipient(s) in message(s) ${ids.join(', ')}; the request that did not go through carried ${carried} recipient(s) of this item, and ${item.recipients.length - sent.length - carried} more were not sent. Sent to: ${shown}. Do not send to those again.`.trim();
	}
	return error;
}

// ---- The ledger: what went out in this execution ----

/**
 * What the Send operation already did in this execution, so that n8n's own retries never send an SMS twice.
 *
 * n8n runs a node again on all of its input items when a try fails (Retry On Fail; with Continue On Fail when the
 * first output item is an error), and a retried execution (mode `retry`) runs the failed node again on the same
 * items. Items whose SMS went out, in part or perhaps, in an earlier try are then answered from this ledger instead of
 * being sent again.
 *
 * It lives in the node's execution context (`getContext('node')`): n8n keeps that in the execution's data across
 * tries, saves it with a failed execution and hands it to the retried one; in queue mode it travels with the
 * execution to whichever process runs it. Nothing is kept in module state. It holds the current run of the node only
 * (a later run of the node in a loop starts afresh, so a loop may send the same text again on purpose) and one small
 * record per item that went out: its output without the recipients list, or its error.
 */

interface LedgerEntry {
	/** The item's output as first given, without `recipients` (the item gives them again). */
	output?: IDataObject;
	/** The ids of the accepted requests that carried the item (for Wait for Delivery on a later try). */
	messageIds?: string[];
	/** The error the item ended with, when part of it went out or may have. */
	error?: { message: string; description?: string; sentRecipients?: string[] };
}

interface Ledger {
	runIndex: number;
	items: Record<string, LedgerEntry>;
}

/** What identifies one item's send within one run of the node: its position and everything it would send. */
export interface SendFingerprint {
	itemIndex: number;
	message: string;
	senderId: string;
	tenantAccountId?: string;
	recipients: string[];
}

/** A 53-bit string hash (cyrb53): a short key for what an item sends, without keeping the text itself. */
function hash(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function keyOf(item: SendFingerprint): string {
	const what = JSON.stringify([
		item.message,
		item.senderId,
		item.tenantAccountId ?? '',
		item.recipients,
	]);
	return `${item.itemIndex}:${hash(what)}`;
}

export class SentLedger {
	private constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly ledger: Ledger,
	) {}

	/** The ledger of the current run of this node, created (and earlier runs' dropped) on first use. */
	static open(ctx: IExecuteFunctions): SentLedger {
		const context = ctx.getContext('node');
		const runIndex = Number(ctx.getWorkflowDataProxy(0).$runIndex ?? 0);
		const stored = context.smsSent as Ledger | undefined;
		if (!stored || stored.runIndex !== runIndex) context.smsSent = { runIndex, items: {} };
		return new SentLedger(ctx, context.smsSent as Ledger);
	}

	/** The item's outcome from an earlier try, marked as not sent again; undefined when it has none. */
	replay(item: PreparedItem): SendOutcome | undefined {
		const entry = this.ledger.items[keyOf(item)];
		if (!entry) return undefined;
		const messageIds = entry.messageIds ?? [];
		const base = { itemIndex: item.itemIndex, item, messageIds, mayHaveGoneOut: true };
		if (entry.output) {
			const status = entry.output.status;
			return {
				...base,
				outcome: 'alreadySent',
				json: { ...entry.output, recipients: item.recipients, alreadySent: true },
				sentRecipients: item.recipients,
				status: typeof status === 'string' ? status : undefined,
			};
		}
		const failed = entry.error ?? { message: 'The SMS may have been sent in an earlier try' };
		const error = new NodeOperationError(this.ctx.getNode(), failed.message, {
			itemIndex: item.itemIndex,
			description:
				`${failed.description ?? ''} This happened in an earlier try of this execution; n8n retried the node, and this item was not sent again, to avoid a duplicate SMS.`.trim(),
		});
		const sentRecipients = failed.sentRecipients ?? [];
		return {
			...base,
			outcome: 'unknown',
			json: sentRecipients.length ? { sentRecipients } : {},
			error,
			sentRecipients,
		};
	}

	/** Records an item that went out, in part or perhaps: n8n's later tries of this run must not send it again. */
	record(outcome: SendOutcome & { item: PreparedItem }): void {
		if (!outcome.mayHaveGoneOut) return;
		const key = keyOf(outcome.item);
		if (!outcome.error) {
			const rest = { ...outcome.json };
			delete rest.recipients;
			this.ledger.items[key] = { output: rest, messageIds: outcome.messageIds };
			return;
		}
		const { description } = outcome.error as { description?: string };
		this.ledger.items[key] = {
			error: {
				message: outcome.error.message,
				description,
				sentRecipients: outcome.sentRecipients.length ? outcome.sentRecipients : undefined,
			},
			messageIds: outcome.messageIds,
		};
	}
}

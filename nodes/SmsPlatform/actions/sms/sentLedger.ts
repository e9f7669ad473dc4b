import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PreparedItem } from './prepare';
import type { SendOutcome } from './sendOutcome';

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
		const description =
			outcome.description ?? (outcome.error as { description?: string }).description;
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

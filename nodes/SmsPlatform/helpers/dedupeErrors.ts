import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { settleWindow } from './storeLane';

/** The Dedupe Key's errors (the store is helpers/dedupe.ts). */

/** The Dedupe Key's error: not sent, with what happened and what to do. */
export function storeError(
	ctx: IExecuteFunctions,
	message: string,
	description: string,
	itemIndex = 0,
) {
	return new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/** The store calls the Dedupe Key uses. */
export interface StoreHelpers {
	checkProcessedAndRecord: IExecuteFunctions['helpers']['checkProcessedAndRecord'];
	removeProcessed: IExecuteFunctions['helpers']['removeProcessed'];
}

/**
 * n8n's processed-data store for this node run; fails (nothing sent) when this n8n has none for nodes, or the
 * workflow has no ID (n8n keeps keys per saved workflow).
 */
export function storeHelpers(ctx: IExecuteFunctions, itemIndex: number) {
	const helpers = ctx.helpers as Partial<StoreHelpers>;
	if (
		typeof helpers.checkProcessedAndRecord !== 'function' ||
		typeof helpers.removeProcessed !== 'function'
	) {
		throw storeError(
			ctx,
			"'Dedupe Key' needs n8n's processed-data store, which this n8n does not offer",
			"Nothing was sent. Update n8n (1.123 or newer has it), or remove 'Dedupe Key' from the options to send without it.",
			itemIndex,
		);
	}
	const workflowId = ctx.getWorkflow().id;
	if (!workflowId) {
		throw storeError(
			ctx,
			"'Dedupe Key' needs a saved workflow",
			'Nothing was sent. n8n keeps the keys per saved workflow: save the workflow, then run it again.',
			itemIndex,
		);
	}
	// Options → Dedupe Key Wait (Seconds), the settle window of this run (storeLane.ts); not added: the default.
	const seconds = (ctx.getNodeParameter('options', itemIndex, {}) as IDataObject).dedupeWait;
	const windowMs =
		typeof seconds === 'number' && seconds >= 0 ? Math.round(seconds * 1000) : settleWindow.ms;
	return { helpers: helpers as StoreHelpers, workflowId: String(workflowId), windowMs };
}

const toldWait = new WeakSet<IExecuteFunctions>();

/** Said once a run when its keys wait: why, and when the wait can be 0. */
export function tellWait(ctx: IExecuteFunctions, windowMs: number): void {
	if (windowMs < 1000 || toldWait.has(ctx) || !('addExecutionHints' in ctx)) return;
	toldWait.add(ctx);
	ctx.addExecutionHints({
		message: `Waited ${windowMs / 1000} s after recording the Dedupe Keys before sending, so that no other queue-mode worker's database write can erase them. If this n8n runs as one process (not in queue mode), set 'Dedupe Key Wait (Seconds)' in the options to 0.`,
		location: 'outputPane',
	});
}

/** The error of an item whose key could not be read or recorded: nothing was sent. */
export function dedupeStoreFailed(ctx: IExecuteFunctions, error: Error, itemIndex: number) {
	if (error instanceof NodeOperationError && error.message.startsWith("'Dedupe Key'")) return error;
	return storeError(
		ctx,
		`Could not check the 'Dedupe Key' in n8n's database: ${error.message}`,
		"Nothing was sent for this item. Run it again once n8n's database answers, or remove 'Dedupe Key' to send without it.",
		itemIndex,
	);
}

/** The error of an item whose key was started before and never confirmed: it may have gone out. */
export function unknownKeyError(
	ctx: IExecuteFunctions,
	key: string,
	itemIndex: number,
	what: 'sms' | 'payment' = 'sms',
) {
	const check =
		what === 'payment'
			? "Check in 'Billing' → 'Get Many' whether the payment was initiated"
			: 'Check in the service whether the SMS arrived';
	return storeError(
		ctx,
		`'Dedupe Key' "${key}" was started before and never confirmed: it may have gone out`,
		`Not ${what === 'payment' ? 'initiated' : 'sent'} again. An earlier run started it and its answer was never recorded: it is still in flight, or got no answer (a timeout, a lost connection, or n8n stopped). ${check}; to send it once more, turn on 'Retry Unknown Keys' in the options.`,
		itemIndex,
	);
}

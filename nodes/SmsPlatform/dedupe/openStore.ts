import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { storeError } from './keyErrors';
import { dedupeWindow } from './window';

/** The store calls the Dedupe Key uses. */
export interface StoreHelpers {
	checkProcessedAndRecord: IExecuteFunctions['helpers']['checkProcessedAndRecord'];
	removeProcessed: IExecuteFunctions['helpers']['removeProcessed'];
}

/**
 * n8n's processed-data store for this node run, and the run's window; fails (nothing sent) when this n8n has
 * none for nodes, or the workflow has no ID (n8n keeps keys per saved workflow).
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
	return {
		helpers: helpers as StoreHelpers,
		workflowId: String(workflowId),
		windowMs: windowOf(ctx, itemIndex),
	};
}

/** Options → Dedupe Key Wait (Seconds), the window of this run (window.ts); not added: the default. */
export function windowOf(ctx: IExecuteFunctions, itemIndex: number): number {
	const seconds = (ctx.getNodeParameter('options', itemIndex, {}) as IDataObject).dedupeWait;
	return typeof seconds === 'number' && seconds >= 0 ? Math.round(seconds * 1000) : dedupeWindow.ms;
}

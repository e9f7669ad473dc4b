import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The Dedupe Key's errors: nothing sent, with what happened and what to do (the store is keyStore.ts). */

/** An error of the Dedupe Key itself (not of the service): its class says so, not its words. */
export class DedupeKeyError extends NodeOperationError {}

/** The Dedupe Key's error: not sent, with what happened and what to do. */
export function storeError(
	ctx: IExecuteFunctions,
	message: string,
	description: string,
	itemIndex = 0,
) {
	return new DedupeKeyError(ctx.getNode(), message, { itemIndex, description });
}

/** The error of an item whose key could not be read or recorded: nothing was sent. */
export function dedupeStoreFailed(ctx: IExecuteFunctions, error: Error, itemIndex: number) {
	if (error instanceof DedupeKeyError) return error;
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

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { sleep } from 'n8n-workflow';

import {
	isInProgress,
	paymentOutput,
	paymentStatus,
	readPaymentStatus,
} from '../../helpers/payments';
import { credentialNotAccepted } from '../../transport';

/**
 * Wait for Completion (Initiate Payment, Buy Credits): asks for the payment's status every `intervalMs` until it is no longer in
 * progress or `timeoutMs` has passed. Returns the payment with its last state, `timedOut`, and `statusCheckError`
 * when the last check failed.
 */
export async function waitForPayment(
	ctx: IExecuteFunctions,
	initiated: IDataObject,
	transactionId: string,
	{
		itemIndex,
		intervalMs,
		timeoutMs,
	}: {
		itemIndex: number;
		intervalMs: number;
		timeoutMs: number;
	},
): Promise<IDataObject> {
	const deadline = Date.now() + timeoutMs;
	let last: IDataObject = { ...initiated };
	// The payment exists from here on: a failed status check must not turn the item into an error (which hides the
	// transaction_id and invites a second payment). It is tried again until the deadline, then reported in the item.
	let lastError: string | undefined;
	for (;;) {
		const status = paymentStatus(last);
		if (status && !isInProgress(status))
			return paymentOutput({ ...initiated, ...last, timedOut: false });
		const remaining = deadline - Date.now();
		if (remaining <= 0) {
			return paymentOutput({
				...initiated,
				...last,
				timedOut: true,
				...(lastError ? { statusCheckError: lastError } : {}),
			});
		}
		await sleep(Math.min(intervalMs, remaining));
		try {
			// A completion the provider reported is recorded on the service first, where it waits to be asked.
			last = await readPaymentStatus(ctx, transactionId, itemIndex);
			lastError = undefined;
		} catch (error) {
			lastError = (error as Error).message;
			// The status endpoint refuses this kind of credential (some servers take only the login there): report it now
			// instead of asking again until the deadline.
			if (credentialNotAccepted(error)) {
				return paymentOutput({
					...initiated,
					...last,
					timedOut: false,
					statusCheckError: lastError,
				});
			}
		}
	}
}

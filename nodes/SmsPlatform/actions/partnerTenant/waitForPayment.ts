import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { sleep } from 'n8n-workflow';

import { isInProgress, paymentOutput, paymentStatus } from '../../helpers/payments';
import { apiRequest, coerceNumbers, credentialNotAccepted, unwrapObject } from '../../transport';

/**
 * Initiate Payment → Wait for Completion: asks for the payment's status every `intervalMs` until it is no longer in
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
			const routes = endpoints.paymentStatus(transactionId);
			const poll = await apiRequest(ctx, { ...routes, itemIndex });
			last = coerceNumbers(unwrapObject(poll.body, routes.wrapper), ['amount']);
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

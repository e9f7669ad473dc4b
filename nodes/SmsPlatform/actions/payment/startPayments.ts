import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Endpoint } from '../../endpointShape';
import {
	boundedInteger,
	getRequestSettings,
	optionalString,
	requiredString,
} from '../../helpers/parameters';
import { apiRequest, coerceNumbers, unwrapObject, useRequestOptions } from '../../transport';
import type { FailureGate, ItemResult } from '../operation';
import { PROVIDERS } from './paymentFields';
import { PaymentKeys, type KeyedPayment } from './paymentKeys';
import { waitForPayment } from './waitForPayment';

/**
 * A package bought by mobile money, as Partner Tenant → Initiate Payment and Account → Buy Credits both do it, all items
 * at once like SMS → Send: every item read and checked first, then in order each item's Dedupe Key (paymentKeys.ts),
 * its one request and, when asked, the wait (waitForPayment.ts). Without "Continue On Fail" the run stops at its first
 * failed item: the gate (the router's) says when. Only the route and the buyer phone's form differ: the operation
 * gives them (PaymentOperation).
 */

/** What an operation that starts a payment adds: where the request goes, and what a failed one means there. */
export interface PaymentOperation {
	/** The item's own fields, read and checked: the route (with the tenant) and the buyer phone as it takes it. */
	route(ctx: IExecuteFunctions, itemIndex: number): { endpoint: Endpoint; buyerPhone: string };
	/** What a failed request becomes (Buy Credits names the route a server without it sells through). */
	explain?(ctx: IExecuteFunctions, error: Error, itemIndex: number): Error;
}

/** One item's payment, read and checked: everything that needs no request. */
interface Payment {
	itemIndex: number;
	endpoint: Endpoint;
	body: IDataObject;
	wait: boolean;
	intervalMs: number;
	timeoutMs: number;
	/** Options → Dedupe Key, when the item has one. */
	key?: KeyedPayment;
}

/** Reads and checks an item: its Request Options, the operation's own fields, then the payment's. */
function readPayment(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: PaymentOperation,
): Payment {
	// Request Options: every request made for the item uses them (the status checks of the wait too).
	useRequestOptions(ctx, itemIndex, getRequestSettings(ctx, itemIndex));
	const { endpoint, buyerPhone } = operation.route(ctx, itemIndex);
	const packageId = requiredString(ctx, 'packageId', 'SMS Package', itemIndex);
	const buyerEmail = requiredString(ctx, 'buyerEmail', 'Buyer Email', itemIndex, 'email');
	const buyerName = requiredString(ctx, 'buyerName', 'Buyer Name', itemIndex);
	const provider = requiredString(
		ctx,
		'mobileMoneyProvider',
		'Mobile Money Provider',
		itemIndex,
	).toLowerCase();
	if (!PROVIDERS.includes(provider)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`'Mobile Money Provider' "${provider}" is not one of ${PROVIDERS.join(', ')}`,
			{
				itemIndex,
				description: `Choose one of ${PROVIDERS.join(', ')} in 'Mobile Money Provider'.`,
			},
		);
	}
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// The wait's bounds are checked before the payment is initiated: failing the item after it would invite a second
	// payment when the user fixes the value and runs again.
	const wait = options.waitForCompletion === true;
	const intervalMs = wait
		? boundedInteger(ctx, options.pollInterval ?? 10, 'Poll Interval', itemIndex, 1, 300) * 1000
		: 0;
	const timeoutMs = wait
		? boundedInteger(ctx, options.waitTimeout ?? 300, 'Wait Timeout', itemIndex, 1, 3600) * 1000
		: 0;
	const dedupeKey = optionalString(options.dedupeKey, 'Dedupe Key', ctx, itemIndex);
	const body = {
		package_id: packageId,
		buyer_email: buyerEmail,
		buyer_name: buyerName,
		buyer_phone: buyerPhone,
		mobile_money_provider: provider,
	};
	const key =
		dedupeKey === undefined
			? undefined
			: { itemIndex, dedupeKey, retryUnknownKeys: options.retryUnknownKeys === true };
	return { itemIndex, endpoint, body, wait, intervalMs, timeoutMs, key };
}

/** Every item's payment, in order: one result per item, `undefined` for those after the run stopped. */
export async function startPayments(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	gate: FailureGate,
	operation: PaymentOperation,
): Promise<Array<ItemResult | undefined>> {
	const payments = items.map((_, itemIndex) => {
		try {
			return readPayment(ctx, itemIndex, operation);
		} catch (error) {
			return error as Error;
		}
	});
	// Options → Dedupe Key: the keys of the items that passed their checks, claimed ahead in item order.
	const keyed = payments.flatMap((payment) =>
		payment instanceof Error || !payment.key ? [] : [payment.key],
	);
	const keys = keyed.length ? PaymentKeys.open(ctx, keyed, () => gate.stopped) : undefined;
	const results: Array<ItemResult | undefined> = new Array(items.length);
	for (const [itemIndex, payment] of payments.entries()) {
		if (gate.stopped) break;
		let result: ItemResult;
		try {
			result =
				payment instanceof Error ? { error: payment } : await pay(ctx, payment, operation, keys);
		} catch (error) {
			result = { error: error as Error };
		}
		if ('error' in result) gate.note(result.error);
		results[itemIndex] = result;
	}
	await keys?.finish();
	return results;
}

/** One item: its key claimed (when it has one), its payment started, the key recorded after. */
async function pay(
	ctx: IExecuteFunctions,
	payment: Payment,
	operation: PaymentOperation,
	keys: PaymentKeys | undefined,
): Promise<ItemResult> {
	const { key } = payment;
	if (!key || !keys) return await initiate(ctx, payment, operation);
	try {
		const verdict = await keys.verdict(key);
		if (!verdict.claimed) return verdict.result;
		return await initiate(ctx, payment, operation, keys);
	} finally {
		keys.ran(key.itemIndex);
	}
}

/** The one request, and the wait when asked. With a claimed key, the key is recorded after it (paymentKeys.ts). */
async function initiate(
	ctx: IExecuteFunctions,
	{ itemIndex, endpoint, body, wait, intervalMs, timeoutMs, key }: Payment,
	operation: PaymentOperation,
	keys?: PaymentKeys,
): Promise<ItemResult> {
	let response;
	try {
		response = await apiRequest(ctx, { ...endpoint, body, itemIndex, creates: 'record' });
	} catch (caught) {
		const error = operation.explain?.(ctx, caught as Error, itemIndex) ?? (caught as Error);
		const fields = key && keys ? await keys.afterFailure(key.dedupeKey, error) : undefined;
		return { error, fields };
	}
	if (key && keys) await keys.confirm(key.dedupeKey);
	const initiated = coerceNumbers(unwrapObject(response.body, endpoint.wrapper), ['amount']);
	if (key) Object.assign(initiated, { outcome: 'sent', dedupeKey: key.dedupeKey });
	if (!wait) return { output: initiated };

	const transactionId = String(initiated.transaction_id ?? initiated.id ?? '');
	if (!transactionId) {
		const error = new NodeOperationError(
			ctx.getNode(),
			'The payment was initiated, but the answer has no transaction ID to wait on',
			{
				itemIndex,
				description: `The service answered: ${JSON.stringify(initiated).slice(0, 300)}. Do not initiate it again: look the payment up in 'Billing' → 'Get Many' and check its status there.`,
			},
		);
		return { error };
	}
	return {
		output: await waitForPayment(ctx, initiated, transactionId, {
			itemIndex,
			intervalMs,
			timeoutMs,
		}),
	};
}

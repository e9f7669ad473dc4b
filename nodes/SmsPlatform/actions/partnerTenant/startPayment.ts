import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Endpoint } from '../../endpoints';
import { dedupeKeyOptions, dedupeWaitNotice } from '../../dedupe/fields';
import { boundedInteger, getRequestSettings, requiredString } from '../../helpers/parameters';
import { apiRequest, coerceNumbers, unwrapObject } from '../../transport';
import {
	abandonPaymentKeys,
	claimPaymentKey,
	confirmKey,
	keyAfterFailure,
} from '../payment/paymentKeys';
import { waitForPayment } from './waitForPayment';

/**
 * A package bought by mobile money, as Partner Tenant → Initiate Payment and Account → Buy Credits both do it: the
 * same fields, the same Dedupe Key around the one request, the same wait. Only the route and the buyer phone's form
 * differ (the operation reads the phone and gives the route).
 */

const PROVIDERS = ['vodacom', 'tigo', 'airtel', 'halotel'];

const dedupe = dedupeKeyOptions({
	what: 'this payment',
	usedBefore: 'starts no second payment',
	attempt: 'initiation',
	retry:
		"Whether to initiate the payment of a 'Dedupe Key' whose earlier initiation got no answer. Turn it on only after checking in 'Billing' → 'Get Many' that no payment was started. Defaults to false.",
	placeholder: 'e.g. {{ $json.orderId }}-payment',
});

/**
 * The fields of a payment after the operation's own (Tenant ID for Initiate Payment, none for Buy Credits), for the
 * operation `resource` → `operation` (its Dedupe Key notice names them).
 */
export function paymentFields(
	resource: string,
	operation: string,
	buyerPhoneDescription: string,
): INodeProperties[] {
	return [
		{
			displayName: 'SMS Package',
			name: 'packageId',
			type: 'resourceLocator',
			required: true,
			default: { mode: 'list', value: '' },
			description: 'The SMS package to buy',
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					typeOptions: { searchListMethod: 'searchPackages', searchable: true },
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: 'e.g. 9b1d2c3e-4f5a-4b6c-8d7e-1f2a3b4c5d6e',
					validation: [
						{
							type: 'regex',
							properties: { regex: '^\\s*\\S+\\s*$', errorMessage: 'Enter a package ID' },
						},
					],
				},
			],
		},
		{
			displayName: 'Buyer Email',
			name: 'buyerEmail',
			type: 'string',
			placeholder: 'e.g. nathan@example.com',
			required: true,
			default: '',
			description: 'Email address of the person paying',
		},
		{
			displayName: 'Buyer Name',
			name: 'buyerName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Nathan Smith',
			description: 'Name of the person paying',
		},
		{
			displayName: 'Buyer Phone',
			name: 'buyerPhone',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 0712345678',
			description: buyerPhoneDescription,
		},
		{
			displayName: 'Mobile Money Provider',
			name: 'mobileMoneyProvider',
			type: 'options',
			required: true,
			// The most used network as the default, as n8n's guidelines ask of lists, instead of a dummy "choose" option.
			// The description says what a wrong choice means: the request never reaches the buyer's phone.
			default: 'vodacom',
			options: [
				{ name: 'Airtel', value: 'airtel' },
				{ name: 'Halotel', value: 'halotel' },
				{ name: 'Tigo', value: 'tigo' },
				{ name: 'Vodacom', value: 'vodacom' },
			],
			description:
				'The buyer’s mobile money network: the payment request reaches the buyer’s phone only through it',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [
				// Alphabetical, as every option list of the node: Poll Interval and Wait Timeout show once Wait for Completion
				// is on.
				dedupe.key,
				dedupe.wait,
				{
					displayName: 'Poll Interval',
					name: 'pollInterval',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 300 },
					default: 10,
					description: 'Seconds between two checks of the payment while waiting. Defaults to 10.',
					displayOptions: { show: { waitForCompletion: [true] } },
				},
				dedupe.retry,
				{
					displayName: 'Wait for Completion',
					name: 'waitForCompletion',
					type: 'boolean',
					default: false,
					description:
						'Whether to wait until the buyer confirms the payment on their phone. The output is then the payment’s last state. Defaults to false.',
				},
				{
					displayName: 'Wait Timeout',
					name: 'waitTimeout',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 3600 },
					default: 300,
					description:
						"Seconds to wait at most. A payment still pending then does not stop the workflow: the output has 'timedOut' set to true, and the payment may still complete. Defaults to 300.",
					displayOptions: { show: { waitForCompletion: [true] } },
				},
			],
		},
		// Under Options: what a Dedupe Key costs, before the run.
		dedupeWaitNotice(resource, operation),
	];
}

/** An item's payment fields, read and checked: everything that needs no request, before its Dedupe Key is claimed. */
function readPayment(ctx: IExecuteFunctions, itemIndex: number) {
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
	return { packageId, buyerEmail, buyerName, provider, options, wait, intervalMs, timeoutMs };
}

/**
 * Starts the payment of one item on `endpoint` with the buyer phone as the route takes it, and waits if asked.
 * `checkItem`: the operation's own checks of an item (its fields before the payment's): with a Dedupe Key, the next
 * items that pass every check have their keys claimed with this one (dedupe/claimAhead.ts: one wait a run).
 */
export async function startPayment(
	ctx: IExecuteFunctions,
	itemIndex: number,
	endpoint: Endpoint,
	buyerPhone: string,
	/** What a failed request becomes (Buy Credits names the route a server without it sells through). */
	onFailure: (error: Error) => Error = (error) => error,
	checkItem: (itemIndex: number) => void = () => undefined,
): Promise<IDataObject> {
	try {
		return await pay(ctx, itemIndex, endpoint, buyerPhone, onFailure, checkItem);
	} catch (error) {
		throw await stopsHere(ctx, itemIndex, error as Error);
	}
}

/** Without Continue On Fail the run stops at this item: the keys claimed ahead for later items are freed. */
async function stopsHere(ctx: IExecuteFunctions, itemIndex: number, error: Error): Promise<Error> {
	if (!ctx.continueOnFail()) await abandonPaymentKeys(ctx, itemIndex);
	return error;
}

async function pay(
	ctx: IExecuteFunctions,
	itemIndex: number,
	endpoint: Endpoint,
	buyerPhone: string,
	onFailure: (error: Error) => Error,
	checkItem: (itemIndex: number) => void,
): Promise<IDataObject> {
	const { packageId, buyerEmail, buyerName, provider, options, wait, intervalMs, timeoutMs } =
		readPayment(ctx, itemIndex);
	// Options → Dedupe Key: the key is recorded as started before the request, and a key seen before starts nothing.
	// The next items' keys are claimed with it, once their checks (and their Request Options) pass.
	const claimed = await claimPaymentKey(ctx, options, itemIndex, (index) => {
		getRequestSettings(ctx, index);
		checkItem(index);
		readPayment(ctx, index);
	});
	if (claimed && 'output' in claimed) return claimed.output;
	const key = claimed?.key;

	let response;
	try {
		response = await apiRequest(ctx, {
			...endpoint,
			body: {
				package_id: packageId,
				buyer_email: buyerEmail,
				buyer_name: buyerName,
				buyer_phone: buyerPhone,
				mobile_money_provider: provider,
			},
			itemIndex,
			creates: 'record',
		});
	} catch (error) {
		throw await keyAfterFailure(onFailure(error as Error), key);
	}
	if (key) await confirmKey(ctx, key);
	const initiated = coerceNumbers(unwrapObject(response.body, endpoint.wrapper), ['amount']);
	if (key) Object.assign(initiated, { outcome: 'sent', dedupeKey: key.dedupeKey });
	if (!wait) return initiated;

	const transactionId = String(initiated.transaction_id ?? initiated.id ?? '');
	if (!transactionId) {
		throw new NodeOperationError(
			ctx.getNode(),
			'The payment was initiated, but the answer has no transaction ID to wait on',
			{
				itemIndex,
				description: `The service answered: ${JSON.stringify(initiated).slice(0, 300)}. Do not initiate it again: look the payment up in 'Billing' → 'Get Many' and check its status there.`,
			},
		);
	}
	return await waitForPayment(ctx, initiated, transactionId, {
		itemIndex,
		intervalMs,
		timeoutMs,
	});
}

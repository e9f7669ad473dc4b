import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { dedupeWaitOption } from '../../helpers/descriptions';
import { looksLikePhone } from '../../helpers/payments';
import { boundedInteger, requiredString } from '../../helpers/parameters';
import { apiRequest, coerceNumbers, unwrapObject } from '../../transport';
import { claimPaymentKey, confirmKey, keyAfterFailure } from './paymentKey';
import { waitForPayment } from './waitForPayment';

const PROVIDERS = ['vodacom', 'tigo', 'airtel', 'halotel'];

const properties: INodeProperties[] = [
	{
		displayName: 'Tenant ID',
		name: 'tenantId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 6f1c2d3e-4b5a-4c7d-9e8f-0a1b2c3d4e5f',
		description:
			"The tenant ID from the output of 'Create' (not its service account ID, used to send)",
	},
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
		description:
			'The mobile money number that gets the payment request, local or with + and the country code; sent as entered',
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
			{
				displayName: 'Dedupe Key',
				name: 'dedupeKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. {{ $json.orderId }}-payment',
				description:
					"A key for this payment, unique to it. A key already used by this node starts no second payment: the item gets 'outcome' alreadySent; a key whose earlier initiation got no answer gets an error with 'outcome' unknown. Kept in n8n's database for this node, for its last 4,999 keys.",
			},
			dedupeWaitOption,
			{
				displayName: 'Poll Interval',
				name: 'pollInterval',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 300 },
				default: 10,
				description: 'Seconds between two checks of the payment while waiting. Defaults to 10.',
				displayOptions: { show: { waitForCompletion: [true] } },
			},
			{
				displayName: 'Retry Unknown Keys',
				name: 'retryUnknownKeys',
				type: 'boolean',
				default: false,
				description:
					"Whether to initiate the payment of a 'Dedupe Key' whose earlier initiation got no answer. Turn it on only after checking in 'Billing' → 'Get Many' that no payment was started. Defaults to false.",
			},
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
];

export const description = updateDisplayOptions(
	{ show: { resource: ['partnerTenant'], operation: ['initiatePayment'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const tenantId = requiredString(this, 'tenantId', 'Tenant ID', itemIndex, 'id');
	const packageId = requiredString(this, 'packageId', 'SMS Package', itemIndex);
	const buyerEmail = requiredString(this, 'buyerEmail', 'Buyer Email', itemIndex, 'email');
	const buyerName = requiredString(this, 'buyerName', 'Buyer Name', itemIndex);
	const buyerPhone = requiredString(this, 'buyerPhone', 'Buyer Phone', itemIndex);
	if (!looksLikePhone(buyerPhone)) {
		throw new NodeOperationError(
			this.getNode(),
			`'Buyer Phone' "${buyerPhone}" is not a phone number`,
			{
				itemIndex,
				description: 'Enter the mobile-money number, e.g. 0712345678 or +255712345678.',
			},
		);
	}
	const provider = requiredString(
		this,
		'mobileMoneyProvider',
		'Mobile Money Provider',
		itemIndex,
	).toLowerCase();
	if (!PROVIDERS.includes(provider)) {
		throw new NodeOperationError(
			this.getNode(),
			`'Mobile Money Provider' "${provider}" is not one of ${PROVIDERS.join(', ')}`,
			{
				itemIndex,
				description: `Choose one of ${PROVIDERS.join(', ')} in 'Mobile Money Provider'.`,
			},
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// The wait's bounds are checked before the payment is initiated: failing the item after it would invite a second
	// payment when the user fixes the value and runs again.
	const wait = options.waitForCompletion === true;
	const intervalMs = wait
		? boundedInteger(this, options.pollInterval ?? 10, 'Poll Interval', itemIndex, 1, 300) * 1000
		: 0;
	const timeoutMs = wait
		? boundedInteger(this, options.waitTimeout ?? 300, 'Wait Timeout', itemIndex, 1, 3600) * 1000
		: 0;

	// Options → Dedupe Key: the key is recorded as started before the request, and a key seen before starts nothing.
	const claimed = await claimPaymentKey(this, options, itemIndex);
	if (claimed && 'output' in claimed) return claimed.output;
	const key = claimed?.key;

	const endpoint = endpoints.initiatePayment(tenantId);
	let response;
	try {
		response = await apiRequest(this, {
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
		throw await keyAfterFailure(error as Error, key);
	}
	if (key) await confirmKey(this, key);
	const initiated = coerceNumbers(unwrapObject(response.body, endpoint.wrapper), ['amount']);
	if (key) Object.assign(initiated, { outcome: 'sent', dedupeKey: key.dedupeKey });
	if (!wait) return initiated;

	const transactionId = String(initiated.transaction_id ?? initiated.id ?? '');
	if (!transactionId) {
		throw new NodeOperationError(
			this.getNode(),
			'The payment was initiated, but the answer has no transaction ID to wait on',
			{
				itemIndex,
				description: `The service answered: ${JSON.stringify(initiated).slice(0, 300)}. Do not initiate it again: look the payment up in 'Billing' → 'Get Many' and check its status there.`,
			},
		);
	}
	return await waitForPayment(this, initiated, transactionId, {
		itemIndex,
		intervalMs,
		timeoutMs,
	});
}

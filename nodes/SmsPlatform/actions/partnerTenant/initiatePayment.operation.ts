import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription } from '../../helpers/descriptions';
import { looksLikePhone } from '../../helpers/phone';
import { boundedInteger, getRequestSettings, requiredString } from '../../helpers/parameters';
import { apiRequest, coerceNumbers, encodeId, unwrapObject } from '../../transport';
import { waitForPayment } from './waitForPayment';

const PROVIDERS = ['vodacom', 'tigo', 'airtel', 'halotel'];

const properties: INodeProperties[] = [
	{
		displayName: 'Tenant ID',
		name: 'tenantId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 6f1c2d3e-…',
		description:
			'The tenant’s tenant_id (a UUID) from Partner Tenant → Create — not its service_account_id',
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
				placeholder: 'e.g. 9b1d…',
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
		placeholder: 'name@email.com',
		required: true,
		default: '',
		description: 'E-mail address of the person paying',
	},
	{
		displayName: 'Buyer Name',
		name: 'buyerName',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the person paying',
	},
	{
		displayName: 'Buyer Phone',
		name: 'buyerPhone',
		type: 'string',
		required: true,
		default: '',
		placeholder: '0712345678',
		description:
			'The mobile-money phone number that receives the payment request, as the provider expects it (e.g. the local form 0712345678); sent as typed',
	},
	{
		displayName: 'Mobile Money Provider',
		name: 'mobileMoneyProvider',
		type: 'options',
		required: true,
		// No default: the payment request goes to the buyer's phone through this network, so the user must choose it.
		default: '',
		options: [
			{ name: '(Choose the Buyer’s Network)', value: '' },
			{ name: 'Airtel', value: 'airtel' },
			{ name: 'Halotel', value: 'halotel' },
			{ name: 'Tigo', value: 'tigo' },
			{ name: 'Vodacom', value: 'vodacom' },
		],
		description: 'The buyer’s mobile-money network',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollInterval',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 300 },
				default: 10,
				description: 'How often to check the payment status while waiting',
				displayOptions: { show: { waitForCompletion: [true] } },
			},
			{
				displayName: 'Wait for Completion',
				name: 'waitForCompletion',
				type: 'boolean',
				default: false,
				description:
					'Whether to wait until the buyer has confirmed the payment on their phone (status completed, or another final status) before continuing. The output is then the last payment state; timedOut is true when the wait ran out.',
			},
			{
				displayName: 'Wait Timeout (Seconds)',
				name: 'waitTimeout',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 3600 },
				default: 300,
				description:
					'How long to wait at most. A payment still pending then is not an error: the output has timedOut: true, and the payment may still complete.',
				displayOptions: { show: { waitForCompletion: [true] } },
			},
		],
	},
	requestOptionsDescription,
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
	const settings = getRequestSettings(this, itemIndex);
	// The wait's bounds are checked before the payment is initiated: failing the item after it would invite a second
	// payment when the user fixes the value and runs again.
	const wait = options.waitForCompletion === true;
	const intervalMs = wait
		? boundedInteger(this, options.pollInterval ?? 10, 'Poll Interval', itemIndex, 1, 300) * 1000
		: 0;
	const timeoutMs = wait
		? boundedInteger(this, options.waitTimeout ?? 300, 'Wait Timeout', itemIndex, 1, 3600) * 1000
		: 0;

	const response = await apiRequest(this, {
		method: 'POST',
		path: `/api/integration/v1/partner/tenants/${encodeId(tenantId)}/payments/initiate/`,
		body: {
			package_id: packageId,
			buyer_email: buyerEmail,
			buyer_name: buyerName,
			buyer_phone: buyerPhone,
			mobile_money_provider: provider,
		},
		itemIndex,
		idempotent: false,
		settings,
	});
	const initiated = coerceNumbers(unwrapObject(response.body, 'data'), ['amount']);
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
		settings,
	});
}

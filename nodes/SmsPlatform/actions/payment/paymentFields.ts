import type { INodeProperties } from 'n8n-workflow';

import { dedupeKeyOptions, dedupeWaitNotice } from '../../dedupe/fields';
import { optionsField } from '../../helpers/descriptions';

/**
 * The fields of a package bought by mobile money, as Partner Tenant → Initiate Payment and Account → Buy Credits both
 * show them (startPayments.ts reads them).
 */

/** The mobile money networks, as the service names them. */
export const PROVIDERS = ['vodacom', 'tigo', 'airtel', 'halotel'];

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
		optionsField([
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
		]),
		// Under Options: what a Dedupe Key costs, before the run.
		dedupeWaitNotice(resource, operation),
	];
}

import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dedupeKeyOptions, dedupeWaitNotice } from '../../dedupe/fields';
import { NEEDS_LOGIN, optionsField } from '../../helpers/descriptions';
import { defaultCountryCodeOption } from '../../helpers/countryCode';
import { templateLocator } from '../template/fields';
import { CONTACTS_PER_PAGE } from './optedOut';
import {
	DEFAULT_BATCH_SIZE,
	DEFAULT_DELIVERY_TIMEOUT,
	MAX_BATCH_SIZE,
	MAX_DELIVERY_TIMEOUT,
} from './prepare';

/** The fields of SMS → Send, as the editor shows them. */

const dedupe = dedupeKeyOptions({
	what: "this item's SMS",
	usedBefore: 'is not sent again',
	attempt: 'send',
	retry:
		"Whether to send an item whose 'Dedupe Key' was started before and never confirmed (it may have gone out). Turn it on only after checking in the service that the SMS did not arrive. Defaults to false.",
	placeholder: 'e.g. {{ $json.orderId }}-reminder',
});

const properties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		default: 'text',
		options: [
			{
				name: 'Template',
				value: 'template',
				description: `Send one of the account's templates, its variables filled for each item (${NEEDS_LOGIN})`,
			},
			{ name: 'Text', value: 'text', description: "Send the text in 'Message'" },
		],
		description: 'Where the text of the SMS comes from. Defaults to Text.',
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		placeholder: 'e.g. Your order has shipped',
		description: 'The text to send',
		displayOptions: { show: { source: ['text'] } },
	},
	{
		...templateLocator(
			"The template to send. The node fills its variables, written {{name}} in the template's body, from 'Template Variables'.",
		),
		displayOptions: { show: { source: ['template'] } },
	},
	{
		displayName: 'Template Variables',
		name: 'templateVariables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add variable',
		default: {},
		description:
			'A value for each {{name}} in the template, usually an expression. A variable left without a value fails the item before anything is sent.',
		displayOptions: { show: { source: ['template'] } },
		options: [
			{
				displayName: 'Variable',
				name: 'values',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. name',
						description: 'The name between the braces in the template, without them',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. {{ $json.name }}',
						description: 'The text put in its place for this item',
					},
				],
			},
		],
	},
	{
		displayName: 'Recipients',
		name: 'recipients',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 2 },
		placeholder: 'e.g. +255712345678, +255713000111',
		description:
			"Phone numbers with + and the country code, separated by commas or new lines. For local numbers such as 0712345678, set 'Default Country Code' in the options. A 0 written after the country code (+255 0712…) is dropped, and numbers of East and Central African countries are checked for their length.",
	},
	// A picker of the account's sender IDs. A plain string saved by an earlier version still works: the value is read
	// with extractValue, which gives a string as it is.
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: `The sender name shown on the recipient’s phone: one of the account’s sender IDs (the list: ${NEEDS_LOGIN})`,
		builderHint: {
			propertyHint:
				"Use mode 'list' so the user picks one of the account's sender IDs; use mode 'name' only with a sender ID the user named or an expression. Only active sender IDs of the account send.",
		},
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a sender ID...',
				typeOptions: { searchListMethod: 'searchSenderIds', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. MYBRAND',
			},
		],
	},
	optionsField([
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE },
			default: DEFAULT_BATCH_SIZE,
			description:
				'Recipients per request (1 to 1000) when an item has many recipients or items are combined. Defaults to 100.',
		},
		{
			displayName: 'Check Balance First',
			name: 'checkBalanceFirst',
			type: 'boolean',
			default: false,
			description:
				"Whether to read the balance before sending and send nothing when it cannot cover the whole run. The cost is counted as the route that sends charges it: the service's own send route one credit per recipient whatever the length, the API reference's route recipients × SMS parts. Each item then gets an error with the estimate and the balance. Defaults to false.",
		},
		{
			displayName: 'Combine Items',
			name: 'combineItems',
			type: 'boolean',
			default: false,
			description:
				"Whether to send items with the same message, sender ID and tenant in one request per 'Batch Size' recipients, instead of one request per item. Each item still gets its own output. Defaults to false.",
		},
		dedupe.key,
		dedupe.wait,
		defaultCountryCodeOption,
		// Alphabetical, as n8n's lint requires of 5 or more options: shown only once Wait for Delivery is on.
		{
			displayName: 'Delivery Timeout',
			name: 'deliveryTimeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_DELIVERY_TIMEOUT },
			default: DEFAULT_DELIVERY_TIMEOUT,
			description:
				"Seconds to wait for the final status. When they pass first, the item has 'deliveryTimedOut' set to true and the last status seen. Defaults to 120.",
			displayOptions: { show: { waitForDelivery: [true] } },
		},
		{
			displayName: 'Dry Run',
			name: 'dryRun',
			type: 'boolean',
			default: false,
			description:
				"Whether to preview the send instead of sending: each item shows its recipients, text, SMS parts, credits and the request it would go in, and fails where the send would (an invalid number, a template variable without a value, a balance too low). The balance and the sender IDs are read; nothing is sent, no 'Dedupe Key' is used. Defaults to false.",
		},
		{
			displayName: 'Replace Special Characters',
			name: 'replaceSpecialCharacters',
			type: 'boolean',
			default: false,
			description:
				"Whether to put plain forms in place of special characters before sending: straight quotes for curly ones, - for dashes, plain letters for accented ones (é → e). The service's messaging route takes plain text only; characters with no plain form, such as emoji, still fail the item and are named. Defaults to false.",
		},
		dedupe.retry,
		{
			displayName: 'Schedule Time',
			name: 'scheduleTime',
			type: 'dateTime',
			default: '',
			description: `When the service should send the SMS, in the workflow's time zone: in the future, within a year (${NEEDS_LOGIN}). Where the service cannot schedule a send, the item fails and nothing is sent. Defaults to sending now.`,
		},
		{
			displayName: 'Skip Opted-Out Contacts',
			name: 'skipOptedOut',
			type: 'boolean',
			default: false,
			description: `Whether to leave out the numbers whose contact has opted out; 'skippedOptedOut' lists them, and an item whose every number opted out is not sent. Numbers without a contact are sent. The contact list is read once a run, every page: one request per ${CONTACTS_PER_PAGE} contacts (${1000 / CONTACTS_PER_PAGE} for 1,000 contacts, ${10000 / CONTACTS_PER_PAGE} for 10,000) from the hourly budget of 1,000 requests (${NEEDS_LOGIN}). Defaults to false.`,
		},
		{
			displayName: 'Tenant Account ID',
			name: 'tenantAccountId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 6f1c2d3e-4b5a-4c7d-9e8f-0a1b2c3d4e5f',
			description:
				"Partners only: send for this tenant, using its credits. The service account ID from the output of 'Create' (not the tenant ID).",
		},
		{
			displayName: 'Wait for Delivery',
			name: 'waitForDelivery',
			type: 'boolean',
			default: false,
			description:
				"Whether to wait until each message is delivered or failed before the node finishes, so the workflow can branch on 'status'. Status checks use the same hourly request budget as sends. Defaults to false.",
		},
	]),
	// Under Options: what a Dedupe Key costs, before the run.
	dedupeWaitNotice('sms', 'send'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

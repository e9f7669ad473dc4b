import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestOptionsDescription } from '../../helpers/descriptions';
import { parameterReader } from '../../helpers/parameters';
import type { OperationOutput } from '../operation';
import { sendItem } from './batches';
import { combiningHint, sendCombined } from './combine';
import { DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE, prepare, type PreparedItem } from './prepare';
import { SentLedger } from './sentLedger';

const properties: INodeProperties[] = [
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: 'The text to send',
	},
	{
		displayName: 'Recipients',
		name: 'recipients',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 2 },
		placeholder: '+255712345678, +255713000111',
		description:
			'Who gets the SMS: phone numbers in E.164 format (+, country code, number), separated by commas or new lines; an expression may also give a list. Spaces, dashes, dots and parentheses are ignored; a number given twice is sent once.',
	},
	{
		displayName:
			'Numbers must be in E.164 format (+ and country code, e.g. +255712345678); set Options → Default Country Code to accept local numbers',
		name: 'e164Notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'MYBRAND',
		description:
			'The sender identifier shown on the recipient’s phone, as registered with the service',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE },
				default: DEFAULT_BATCH_SIZE,
				description:
					'Recipients per request (1–1000) when an item has many recipients or items are combined',
			},
			{
				displayName: 'Combine Items',
				name: 'combineItems',
				type: 'boolean',
				default: false,
				description:
					'Whether to send items with the same message, sender ID and tenant together, Batch Size recipients a request, instead of one request per item. Each item still gets its own output item with the message ID of the request that carried its recipients. Saves requests (the service allows 1000 an hour).',
			},
			{
				displayName: 'Default Country Code',
				name: 'defaultCountryCode',
				type: 'string',
				default: '',
				placeholder: '255',
				description:
					'Country calling code (digits, e.g. 255) for local numbers: 0712345678 becomes +255712345678 and 255712345678 becomes +255712345678',
			},
			{
				displayName: 'Tenant Service Account ID',
				name: 'tenantAccountId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6f1c2d3e-…',
				description:
					'Partners only: send on behalf of this tenant, using its credits. Its service_account_id (a UUID) from Partner Tenant → Create — not its tenant_id.',
			},
		],
	},
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

/**
 * All items at once: invalid items fail before anything is sent; items sent in an earlier try of this execution are
 * answered from the ledger; the others go one request per item, or combined (Options → Combine Items).
 */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	stopAtFirstError: boolean,
): Promise<Array<OperationOutput | Error | undefined>> {
	const read = parameterReader(this);
	const prepared: Array<PreparedItem | Error> = items.map((_, itemIndex) => {
		try {
			return prepare(this, itemIndex, read);
		} catch (error) {
			return error as Error;
		}
	});
	const valid = prepared.filter((p): p is PreparedItem => !(p instanceof Error));
	const outcomes: Array<OperationOutput | Error | undefined> = new Array(items.length);
	// Items that went out (or may have) in an earlier try of this execution are answered, not sent again.
	const ledger = SentLedger.open(this);
	const earlier = new Map<number, OperationOutput | Error>();
	for (const item of valid) {
		const outcome = ledger.replay(item);
		if (outcome) earlier.set(item.itemIndex, outcome);
	}
	const combined = valid.filter((p) => p.combine && !earlier.has(p.itemIndex));
	if (combined.length) {
		prepared.forEach((item, index) => {
			if (item instanceof Error) outcomes[index] = item;
		});
		// Without "Continue On Fail", one invalid item fails the run before anything is sent.
		if (stopAtFirstError && valid.length < prepared.length) return outcomes;
		for (const item of valid) {
			if (earlier.has(item.itemIndex) || !item.combine) {
				outcomes[item.itemIndex] =
					earlier.get(item.itemIndex) ?? (await sendItem(this, item, ledger));
				if (stopAtFirstError && outcomes[item.itemIndex] instanceof Error) return outcomes;
			}
		}
		await sendCombined(this, combined, outcomes, stopAtFirstError, ledger);
		return outcomes;
	}
	for (let index = 0; index < prepared.length; index++) {
		const item = prepared[index];
		const outcome =
			item instanceof Error ? item : (earlier.get(index) ?? (await sendItem(this, item, ledger)));
		outcomes[index] = outcome;
		// Without "Continue On Fail" the run stops at the first failed item: later items are not sent.
		if (stopAtFirstError && outcome instanceof Error) return outcomes;
	}
	const hint = combiningHint(valid);
	if (hint) this.addExecutionHints({ message: hint, location: 'outputPane' });
	return outcomes;
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { MAX_SAMPLE_MESSAGE, MAX_SENDER_ID } from '../../helpers/contacts';
import { requiredString } from '../../helpers/parameters';
import { apiRequest, unwrapObject } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. MYBRAND',
		description: `The sender name to ask for: up to ${MAX_SENDER_ID} letters, digits, spaces or hyphens. The service stores it in capitals.`,
	},
	{
		displayName: 'Sample Message',
		name: 'sampleMessage',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 2 },
		placeholder: 'e.g. Your order 1234 is ready for pickup.',
		description: `A message you will send from this sender ID (at most ${MAX_SAMPLE_MESSAGE} characters), for the service's review`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['senderId'], operation: ['request'] } },
	properties,
);

function refuse(ctx: IExecuteFunctions, itemIndex: number, message: string, fix: string): never {
	throw new NodeOperationError(ctx.getNode(), message, {
		itemIndex,
		description: `${fix} Nothing was sent for this item.`,
	});
}

/** Submits a request for a custom sender ID; outputs the request (its `status` is `pending` until approved). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const senderId = requiredString(this, 'senderId', 'Sender ID', itemIndex);
	if (senderId.length > MAX_SENDER_ID)
		refuse(
			this,
			itemIndex,
			`'Sender ID' "${senderId}" is ${senderId.length} characters long: at most ${MAX_SENDER_ID}`,
			`Shorten 'Sender ID' to ${MAX_SENDER_ID} characters.`,
		);
	if (!/^[A-Za-z0-9 -]+$/.test(senderId))
		refuse(
			this,
			itemIndex,
			`'Sender ID' "${senderId}" may only hold letters, digits, spaces and hyphens`,
			"Remove the other characters from 'Sender ID'.",
		);
	const sample = requiredString(this, 'sampleMessage', 'Sample Message', itemIndex);
	if (sample.length > MAX_SAMPLE_MESSAGE)
		refuse(
			this,
			itemIndex,
			`'Sample Message' is ${sample.length} characters long: at most ${MAX_SAMPLE_MESSAGE}`,
			`Shorten 'Sample Message' to ${MAX_SAMPLE_MESSAGE} characters.`,
		);
	const response = await apiRequest(this, {
		...endpoints.requestSenderId(),
		body: { requested_sender_id: senderId, sample_content: sample, request_type: 'custom' },
		itemIndex,
		creates: 'record',
	});
	return unwrapObject(response.body);
}

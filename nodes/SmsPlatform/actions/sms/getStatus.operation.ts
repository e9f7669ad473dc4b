import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { idField } from '../../helpers/descriptions';
import { readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField('messageId', 'Message ID', "The message ID from the output of 'Send'"),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['getStatus'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		...endpoints.messageStatus(readId(this, 'messageId', 'Message ID', itemIndex)),
		itemIndex,
		required: ['status'],
	});
}

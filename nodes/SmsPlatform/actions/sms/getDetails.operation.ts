import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idField, requestOptionsDescription } from '../../helpers/descriptions';
import { getById } from '../../helpers/fetch';

const properties: INodeProperties[] = [
	idField('messageId', 'Message ID', 'The message_id returned by Send (a UUID)'),
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['getDetails'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getById(this, itemIndex, {
		path: '/api/messaging/sms/{id}/status/',
		param: 'messageId',
		label: 'Message ID',
		wrapper: 'message',
		numbers: ['cost'],
	});
}

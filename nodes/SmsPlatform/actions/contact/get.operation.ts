import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idField, requestOptionsDescription } from '../../helpers/descriptions';
import { getById } from '../../helpers/fetch';

const properties: INodeProperties[] = [
	idField('contactId', 'Contact ID', 'The ID of the contact (a UUID)'),
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getById(this, itemIndex, {
		path: '/api/messaging/contacts/{id}/',
		param: 'contactId',
		label: 'Contact ID',
	});
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idField, requestOptionsDescription } from '../../helpers/descriptions';
import { getRequestSettings, readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField('contactId', 'Contact ID', 'The ID of the contact (a UUID)'),
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getRecord(this, {
		path: `/api/messaging/contacts/${readId(this, 'contactId', 'Contact ID', itemIndex)}/`,
		itemIndex,
		settings: getRequestSettings(this, itemIndex),
	});
}

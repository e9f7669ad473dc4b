import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { readContactId } from '../../helpers/contacts';
import { apiRequest } from '../../transport';
import { contactIdField } from './fields';

const properties: INodeProperties[] = [contactIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['delete'] } },
	properties,
);

/** Deletes the contact for good; outputs `{ deleted: true }`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readContactId(this, itemIndex);
	await apiRequest(this, {
		...endpoints.deleteContact(id),
		itemIndex,
	});
	return { deleted: true };
}

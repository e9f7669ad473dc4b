import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { readContactId } from '../../helpers/contacts';
import { apiRequest } from '../../transport';
import { contactIdField } from './fields';

const properties: INodeProperties[] = [contactIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['optIn'] } },
	properties,
);

/** Marks the contact as opted in (clears an opt-out); outputs the contact ID and `optedIn: true`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readContactId(this, itemIndex);
	await apiRequest(this, {
		...endpoints.optInContact(id),
		body: {},
		itemIndex,
		// Opting in twice is opting in once: safe to repeat.
	});
	return { id, optedIn: true };
}

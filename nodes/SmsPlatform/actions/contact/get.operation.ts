import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	idField,
	requestOptionsDescription,
	simplify,
	simplifyField,
} from '../../helpers/descriptions';
import { getRequestSettings, readId } from '../../helpers/parameters';
import { getRecord } from '../../transport';

const properties: INodeProperties[] = [
	idField('contactId', 'Contact ID', 'The ID of the contact'),
	simplifyField,
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['get'] } },
	properties,
);

/** What Simplify keeps of the 11 fields: who the contact is and whether they may be messaged (no record times). */
const SIMPLE_FIELDS = [
	'id',
	'name',
	'phone_e164',
	'email',
	'is_active',
	'tags',
	'attributes',
	'opt_in_at',
	'opt_out_at',
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contact = await getRecord(this, {
		path: `/api/messaging/contacts/${readId(this, 'contactId', 'Contact ID', itemIndex)}/`,
		itemIndex,
		settings: getRequestSettings(this, itemIndex),
	});
	const simple = this.getNodeParameter('simple', itemIndex, true) as boolean;
	return simple ? simplify(contact, SIMPLE_FIELDS) : contact;
}

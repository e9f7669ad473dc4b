import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readContactId } from '../../helpers/contacts';
import { outputDescription, shapeOutput } from '../../helpers/descriptions';
import { endpoints } from '../../endpoints';
import { getRecord } from '../../transport';
import { contactIdField } from './fields';

const properties: INodeProperties[] = [
	contactIdField,
	...outputDescription('contact', [
		{ name: 'ID', value: 'id' },
		{ name: 'Name', value: 'name' },
		{ name: 'Phone Number', value: 'phone_e164' },
		{ name: 'Email', value: 'email' },
		{ name: 'Attributes', value: 'attributes' },
		{ name: 'Tags', value: 'tags' },
		{ name: 'Active', value: 'is_active' },
		{ name: 'Opted In At', value: 'opt_in_at' },
		{ name: 'Opted Out At', value: 'opt_out_at' },
		{ name: 'Created At', value: 'created_at' },
		{ name: 'Updated At', value: 'updated_at' },
	]),
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
		...endpoints.contact(readContactId(this, itemIndex)),
		itemIndex,
	});
	return shapeOutput(this, itemIndex, contact, { simple: SIMPLE_FIELDS, id: 'id' });
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { readEmail, readPhone } from '../../helpers/contacts';
import { defaultCountryCodeOption, readCountryCode } from '../../helpers/countryCode';
import { listFields, optionsField } from '../../helpers/descriptions';
import { listLimit, optionalString, readFilters } from '../../helpers/parameters';
import { listRecords } from '../../transport';
import { phoneField } from './fields';

const properties: INodeProperties[] = [
	...listFields([
		{
			displayName: 'Active',
			name: 'isActive',
			type: 'options',
			default: 'active',
			options: [
				{ name: 'Active Only', value: 'active' },
				{ name: 'Inactive Only', value: 'inactive' },
			],
			description:
				'Whether to return only active contacts or only inactive ones. Defaults to active only.',
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			default: '',
			placeholder: 'e.g. amina@example.com',
			description: 'Return only the contact with this exact email address',
		},
		{
			...phoneField,
			required: false,
			description:
				"Return only the contact with this phone number. A local number needs 'Default Country Code' in the options.",
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			placeholder: 'e.g. Amina',
			description: 'Return contacts whose name, phone number or email contains this text',
		},
	]),
	optionsField([
		defaultCountryCodeOption,
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'options',
			default: '-created_at',
			options: [
				{ name: 'Last Contacted First', value: '-last_contacted_at' },
				{ name: 'Name (A to Z)', value: 'name' },
				{ name: 'Name (Z to A)', value: '-name' },
				{ name: 'Newest First', value: '-created_at' },
				{ name: 'Oldest First', value: 'created_at' },
			],
			description: 'The order of the contacts. Defaults to newest first.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = readFilters(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const search = optionalString(filters.search, 'Search', this, itemIndex);
	if (search) qs.search = search;
	if (optionalString(filters.phone, 'Phone', this, itemIndex) !== undefined) {
		const country = readCountryCode(this, options.defaultCountryCode, itemIndex);
		qs.phone_e164 = readPhone(this, filters.phone, 'Phone', itemIndex, country);
	}
	const email = readEmail(this, filters.email, itemIndex);
	if (email) qs.email = email;
	if (filters.isActive === 'active' || filters.isActive === 'inactive')
		qs.is_active = filters.isActive === 'active' ? 'true' : 'false';
	if (typeof options.sort === 'string' && options.sort) qs.ordering = options.sort;
	// Filters the service applies; checked again here, as a server that ignored one would list every contact.
	const keep = (record: IDataObject) =>
		(qs.phone_e164 === undefined || record.phone_e164 === qs.phone_e164) &&
		(qs.email === undefined ||
			String(record.email ?? '').toLowerCase() === String(qs.email).toLowerCase()) &&
		(qs.is_active === undefined || String(record.is_active) === qs.is_active);
	return await listRecords(this, {
		...endpoints.contacts(),
		qs,
		itemIndex,
		limit: listLimit(this, itemIndex),
		keep,
	});
}

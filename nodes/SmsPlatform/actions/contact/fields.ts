import type { INodeProperties } from 'n8n-workflow';

import { MAX_OPT_OUT_REASON } from '../../helpers/contacts';
import { defaultCountryCodeOption } from '../../helpers/countryCode';
import { idField, optionsField } from '../../helpers/descriptions';

/** The fields the contact operations share. */

export const contactIdField: INodeProperties = idField(
	'contactId',
	'Contact ID',
	"The ID of the contact, e.g. from 'Get Many' or 'Create'",
);

/** The Options of an operation that takes one phone number: only its Default Country Code. */
export const countryCodeOptions: INodeProperties = optionsField([defaultCountryCodeOption]);

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Amina Juma',
	description: 'The full name of the contact',
};

export const phoneField: INodeProperties = {
	displayName: 'Phone',
	name: 'phone',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. +255712345678',
	description:
		"The phone number with + and the country code. For a local number such as 0712345678, set 'Default Country Code' in the options.",
};

export const emailField: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'e.g. amina@example.com',
	default: '',
	description: 'The email address of the contact',
};

export const tagsField: INodeProperties = {
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'e.g. vip, newsletter',
	description: 'Tags separated by commas. They replace the contact’s tags.',
};

export const attributesField: INodeProperties = {
	displayName: 'Attributes',
	name: 'attributes',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add attribute',
	default: {},
	description:
		'Free-form values kept with the contact, e.g. city. They replace its attributes. Not added: the contact keeps the attributes it has (none for a new contact).',
	options: [
		{
			displayName: 'Attribute',
			name: 'attribute',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. city',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					placeholder: 'e.g. Dar es Salaam',
				},
			],
		},
	],
};

export const reasonOption: INodeProperties = {
	displayName: 'Reason',
	name: 'reason',
	type: 'string',
	default: '',
	placeholder: 'e.g. Replied STOP',
	description: `Why the contact opted out, kept with the contact (at most ${MAX_OPT_OUT_REASON} characters)`,
};

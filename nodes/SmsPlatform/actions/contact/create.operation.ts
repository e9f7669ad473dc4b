import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { recordFields } from '../../helpers/descriptions';
import {
	findContactByPhone,
	phoneExistsError,
	phoneHolder,
	readAttributes,
	readEmail,
	readPhone,
	readTags,
} from '../../helpers/contacts';
import { readCountryCode } from '../../helpers/countryCode';
import { requiredString } from '../../helpers/parameters';
import { apiRequest, nodeError, unwrapObject } from '../../transport';
import {
	attributesField,
	countryCodeOptions,
	emailField,
	nameField,
	phoneField,
	tagsField,
} from './fields';

const properties: INodeProperties[] = [
	nameField,
	phoneField,
	recordFields('additionalFields', [attributesField, emailField, tagsField]),
	countryCodeOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['create'] } },
	properties,
);

/** Name, phone, email, tags and attributes of a new contact, checked before anything is sent. */
export function contactBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const fields = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const country = readCountryCode(ctx, options.defaultCountryCode, itemIndex);
	const body: IDataObject = {
		name: requiredString(ctx, 'name', 'Name', itemIndex),
		phone_e164: readPhone(
			ctx,
			ctx.getNodeParameter('phone', itemIndex, ''),
			'Phone',
			itemIndex,
			country,
		),
	};
	const email = readEmail(ctx, fields.email, itemIndex);
	if (email) body.email = email;
	const tags = readTags(fields.tags);
	if (tags) body.tags = tags;
	const attributes = readAttributes(fields.attributes);
	if (attributes) body.attributes = attributes;
	return body;
}

/**
 * Creates the contact and outputs it with its ID. The service answers 201 with the fields sent and no ID: the new
 * contact is then read back by its phone number, which is unique in an account.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = contactBody(this, itemIndex);
	const phone = body.phone_e164 as string;
	let answer: IDataObject;
	try {
		const response = await apiRequest(this, {
			...endpoints.createContact(),
			body,
			itemIndex,
			creates: 'record',
		});
		answer = unwrapObject(response.body);
	} catch (error) {
		// A number already a contact's: the service's list says so (its error's text is not read).
		throw (await phoneHolder(this, error, phone, itemIndex))
			? phoneExistsError(this, error as NodeApiError, phone, itemIndex)
			: nodeError(this.getNode(), error, itemIndex);
	}
	if (answer.id !== undefined && answer.id !== null && answer.id !== '') return answer;
	const contact = await findContactByPhone(this, phone, itemIndex);
	if (!contact) {
		throw new NodeOperationError(
			this.getNode(),
			`The contact ${phone} was created, but the service does not list it`,
			{
				itemIndex,
				description:
					"The service answered that it created the contact without giving its ID, and listing contacts by this phone number found none. Do not run the item again: look for the contact with 'Get Many' → 'Filters' → 'Phone'.",
			},
		);
	}
	return contact;
}

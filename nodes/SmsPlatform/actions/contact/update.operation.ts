import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { recordFields } from '../../helpers/descriptions';
import {
	phoneHolder,
	readAttributes,
	readContactId,
	readEmail,
	readPhone,
	readTags,
} from '../../helpers/contacts';
import { readCountryCode } from '../../helpers/countryCode';
import { requiredString } from '../../helpers/parameters';
import { apiRequest, nodeError, ServiceError, unwrapObject } from '../../transport';
import {
	attributesField,
	contactIdField,
	countryCodeOptions,
	emailField,
	phoneField,
	tagsField,
} from './fields';

const properties: INodeProperties[] = [
	contactIdField,
	recordFields('updateFields', [
		{
			displayName: 'Active',
			name: 'isActive',
			type: 'boolean',
			default: true,
			description:
				'Whether the contact is active (inactive contacts are kept but not messaged). Not added: the contact stays as it is.',
		},
		attributesField,
		emailField,
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Amina Juma',
			description: 'The full name of the contact',
		},
		{
			...phoneField,
			required: false,
			description:
				"The new phone number with + and the country code, or a local number with 'Default Country Code' set in the options",
		},
		tagsField,
	]),
	countryCodeOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['update'] } },
	properties,
);

function updateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const fields = ctx.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.name !== undefined)
		body.name = requiredString(ctx, 'updateFields.name', 'Name', itemIndex);
	if (fields.phone !== undefined) {
		const country = readCountryCode(ctx, options.defaultCountryCode, itemIndex);
		body.phone_e164 = readPhone(ctx, fields.phone, 'Phone', itemIndex, country);
	}
	if (fields.email !== undefined) body.email = readEmail(ctx, fields.email, itemIndex) ?? '';
	if (fields.tags !== undefined) body.tags = readTags(fields.tags) ?? [];
	if (fields.attributes !== undefined) body.attributes = readAttributes(fields.attributes) ?? {};
	if (fields.isActive !== undefined) body.is_active = fields.isActive === true;
	if (!Object.keys(body).length) {
		throw new NodeOperationError(ctx.getNode(), "No field to update: 'Update Fields' is empty", {
			itemIndex,
			description: "Add at least one field under 'Update Fields', e.g. 'Name' or 'Email'.",
		});
	}
	return body;
}

/**
 * Changes the fields given and outputs the whole contact as the service then has it. The service does not check a
 * new phone number on update: when another contact has it, it answers 500 (a server that checks it, a field error).
 * The contact list then tells whether another contact has the number; the error says so.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readContactId(this, itemIndex);
	const body = updateBody(this, itemIndex);
	const endpoint = endpoints.updateContact(id);
	try {
		const response = await apiRequest(this, {
			...endpoint,
			body,
			itemIndex,
			// Not repeated on a 5xx: the real server's 500 for a phone another contact has comes again every time.
			creates: 'record',
		});
		return unwrapObject(response.body);
	} catch (caught) {
		const error = nodeError(this.getNode(), caught, itemIndex);
		const phone = body.phone_e164 as string | undefined;
		const holder = phone && (await phoneHolder(this, error, phone, itemIndex, id));
		if (!holder) throw error;
		error.message = `Another contact already has the phone number ${phone}`;
		// What happened instead of the generic advice for the status (the service "may have done it"): it did not.
		const said =
			(error instanceof ServiceError && error.serviceSaid) ||
			`The service answered HTTP ${(error as NodeApiError).httpCode}.`;
		error.description = `${said} The contact ${String(holder.id)} (${String(holder.name ?? '')}) has this number, and a number belongs to one contact of an account. Nothing was changed, and the update was not repeated. Delete or change that contact first, or update it instead. Request: ${endpoint.method} ${endpoint.path}.`;
		throw error;
	}
}

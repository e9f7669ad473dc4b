import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import {
	countryCodeOption,
	findContactByPhone,
	nodeError,
	readAttributes,
	readContactId,
	readEmail,
	readPhone,
	readTags,
	saysPhoneExists,
} from '../../helpers/contacts';
import { requiredString } from '../../helpers/parameters';
import { apiRequest, unwrapObject } from '../../transport';
import {
	attributesField,
	contactIdField,
	countryCodeOptions,
	emailField,
	tagsField,
} from './fields';

const properties: INodeProperties[] = [
	contactIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		options: [
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
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +255712345678',
				description:
					"The new phone number with + and the country code, or a local number with 'Default Country Code' set in the options",
			},
			tagsField,
		],
	},
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
		const country = countryCodeOption(ctx, options.defaultCountryCode, itemIndex);
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
 * new phone number on update: when another contact has it, it answers 500. That answer is then checked against the
 * contact list and told as what it is.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readContactId(this, itemIndex);
	const body = updateBody(this, itemIndex);
	try {
		const response = await apiRequest(this, {
			...endpoints.updateContact(id),
			body,
			itemIndex,
			// Not repeated on a 5xx: the real server's 500 for a phone another contact has comes again every time.
			creates: 'record',
		});
		return unwrapObject(response.body);
	} catch (caught) {
		throw await explainUpdateError(this, nodeError(this, caught, itemIndex), {
			id,
			body,
			itemIndex,
		});
	}
}

/** A 500 after a new phone number: when another contact has that number, the error says so. */
async function explainUpdateError(
	ctx: IExecuteFunctions,
	error: NodeApiError | NodeOperationError,
	{
		id,
		body,
		itemIndex,
	}: {
		id: string;
		body: IDataObject;
		itemIndex: number;
	},
): Promise<NodeApiError | NodeOperationError> {
	const status = Number((error as NodeApiError).httpCode);
	if (!(error instanceof NodeApiError) || body.phone_e164 === undefined) return error;
	const phone = body.phone_e164 as string;
	// A server that checks the number on update says so itself (a field error).
	if (saysPhoneExists(error)) {
		error.message = `Another contact already has the phone number ${phone}`;
		return error;
	}
	if (status < 500) return error;
	const holder = await findContactByPhone(ctx, phone, itemIndex).catch(() => undefined);
	if (!holder || String(holder.id) === id) return error;
	error.message = `Another contact already has the phone number ${phone}`;
	// The service's words and the request stay; the generic advice for a 500 gives way to what happened.
	const description = error.description ?? '';
	const said =
		/^The service said: .*?\(HTTP \d+[^)]*\)\./.exec(description)?.[0] ??
		`The service answered HTTP ${status}.`;
	const request = /Request: .*$/.exec(description)?.[0] ?? '';
	error.description =
		`${said} The contact ${String(holder.id)} (${String(holder.name ?? '')}) has this number, and a number belongs to one contact of an account; the service answers such an update with HTTP ${status}. Nothing was changed, and the update was not repeated. Delete or change that contact first, or update it instead. ${request}`.trim();
	return error;
}

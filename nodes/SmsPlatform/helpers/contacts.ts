import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import { listRecords, type RequestSettings } from '../transport';
import { isEmail, optionalString, requiredString, type ParameterReader } from './parameters';
import { normalizePhone } from './telecom';

/**
 * What the node knows of the service's contacts and sender IDs (the real server's messaging API, read from its code):
 * a create answers 201 without an `id`, a contact is found by its `phone_e164`, the bulk import answers counts and
 * per-contact errors as text, a duplicate phone is a DRF field error on create and a 500 on update (told apart by
 * asking the contact list, phoneHolder).
 */

/** The most contacts one bulk import takes (the service's limit). */
export const MAX_IMPORT = 1000;
/** The opt-out reason the service's database keeps (characters). */
export const MAX_OPT_OUT_REASON = 100;
/** A sender ID: 1 to 11 letters, digits, spaces and hyphens (the service's rule). */
export const MAX_SENDER_ID = 11;
export const MAX_SAMPLE_MESSAGE = 170;

/** A phone number as Send reads one: E.164, or local with the Default Country Code. The error names field and value. */
export function readPhone(
	ctx: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
	countryCode: string | undefined,
): string {
	const result = normalizePhone(value, countryCode);
	if (result.ok && result.value) return result.value;
	throw new NodeOperationError(
		ctx.getNode(),
		`'${label}' ${JSON.stringify(value)} is not a usable phone number: ${result.reason ?? 'invalid'}`,
		{
			itemIndex,
			description: `Enter the number in E.164 form, e.g. +255712345678, or a local number with 'Default Country Code' set in the options. Nothing was sent for this item.`,
		},
	);
}

/** Tags as a list: from a comma-separated text or a list from an expression; empty entries dropped. */
export function readTags(value: unknown): string[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const list = Array.isArray(value) ? value : String(value).split(',');
	return list.map((tag) => String(tag).trim()).filter(Boolean);
}

/** Attributes from the Attributes field (name and value pairs) as the service's object of strings. */
export function readAttributes(value: unknown): IDataObject | undefined {
	const pairs = (value as { attribute?: Array<{ name?: string; value?: unknown }> } | undefined)
		?.attribute;
	if (!Array.isArray(pairs)) return undefined;
	const attributes: IDataObject = {};
	for (const pair of pairs) {
		const name = String(pair.name ?? '').trim();
		if (name) attributes[name] = pair.value === undefined ? '' : String(pair.value);
	}
	return attributes;
}

/** The contact's optional Email, checked as every email the node reads (isEmail). */
export function readEmail(
	ctx: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
): string | undefined {
	const email = optionalString(value, 'Email', ctx, itemIndex);
	if (email !== undefined && !isEmail(email)) {
		throw new NodeOperationError(ctx.getNode(), `'Email' "${email}" is not an email address`, {
			itemIndex,
			description: 'Enter an address like name@example.com, or leave the field empty.',
		});
	}
	return email;
}

/** The contact ID parameter (contactIdField), every contact operation's: trimmed, not empty, not a dot segment. */
export function readContactId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	read?: ParameterReader,
): string {
	return requiredString(ctx, 'contactId', 'Contact ID', itemIndex, 'id', read);
}

/**
 * The contact with this phone number, or undefined. The service filters its list on `phone_e164` exactly; the record
 * is checked again here, as a server that ignored the filter would list others first.
 */
export async function findContactByPhone(
	ctx: IExecuteFunctions,
	phone: string,
	itemIndex: number,
	settings?: Partial<RequestSettings>,
): Promise<IDataObject | undefined> {
	const records = await listRecords(ctx, {
		...endpoints.contacts(),
		qs: { phone_e164: phone },
		itemIndex,
		settings,
		limit: 20,
		maxPages: 1,
		keep: (record) => record.phone_e164 === phone,
	});
	return records[0];
}

/**
 * The other contact that has this phone number, after a create or update that sent it failed (a 400 or 409 field
 * error, or the real server's 500 on update): asked of the service's contact list, not read from the error's text.
 * Undefined when none does, or the list cannot be read.
 */
export async function phoneHolder(
	ctx: IExecuteFunctions,
	error: unknown,
	phone: string,
	itemIndex: number,
	self?: string,
): Promise<IDataObject | undefined> {
	if (!(error instanceof NodeApiError)) return undefined;
	const status = Number(error.httpCode);
	if (status !== 400 && status !== 409 && !(status >= 500)) return undefined;
	const holder = await findContactByPhone(ctx, phone, itemIndex).catch(() => undefined);
	return holder && String(holder.id) !== self ? holder : undefined;
}

/** The error of a Create whose phone number is already a contact's: the service's words and what to do. */
export function phoneExistsError(
	ctx: IExecuteFunctions,
	error: NodeApiError,
	phone: string,
	itemIndex: number,
): NodeApiError {
	error.message = `A contact with the phone number ${phone} already exists`;
	error.description =
		`${error.description ?? ''} To change that contact, use the operation 'Create or Update' (it updates the contact with this number), or 'Update' with its ID (find it with 'Get Many' → 'Filters' → 'Phone').`.trim();
	error.context.itemIndex = itemIndex;
	return error;
}

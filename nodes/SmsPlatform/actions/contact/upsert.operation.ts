import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	createOrUpdateOne,
	importContacts,
	importTakesCsvOnly,
	newestPhones,
	readImportAnswer,
	type ImportAction,
} from '../../helpers/contactImport';
import { MAX_IMPORT, readEmail, readPhone } from '../../helpers/contacts';
import { readCountryCode } from '../../helpers/countryCode';
import { recordFields } from '../../helpers/descriptions';
import { getRequestSettings, optionalString, parameterReader } from '../../helpers/parameters';
import { mayHaveBeenAccepted } from '../../transport';
import type { ExecuteBatch, FailureGate, OperationOutput } from '../operation';
import { countryCodeOptions, emailField, nameField, phoneField } from './fields';

const properties: INodeProperties[] = [
	nameField,
	phoneField,
	recordFields('additionalFields', [emailField]),
	countryCodeOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['upsert'] } },
	properties,
);

interface Entry {
	itemIndex: number;
	name: string;
	phone: string;
	email?: string;
}

type Outcome = OperationOutput | Error | undefined;

function readEntry(
	ctx: IExecuteFunctions,
	itemIndex: number,
	read: ReturnType<typeof parameterReader>,
): Entry {
	const options = read('options', itemIndex, {}) as IDataObject;
	const fields = read('additionalFields', itemIndex, {}) as IDataObject;
	const name = optionalString(read('name', itemIndex, ''), 'Name', ctx, itemIndex);
	if (!name) {
		throw new NodeOperationError(ctx.getNode(), "'Name' is empty", {
			itemIndex,
			description:
				"Enter a value in 'Name', or check that its expression gives a value for this item.",
		});
	}
	const country = readCountryCode(ctx, options.defaultCountryCode, itemIndex);
	const phone = readPhone(ctx, read('phone', itemIndex, ''), 'Phone', itemIndex, country);
	const email = readEmail(ctx, fields.email, itemIndex);
	return { itemIndex, name, phone, email };
}

function output(entry: Entry, action: ImportAction, reason?: string): IDataObject {
	const json: IDataObject = { action, name: entry.name, phone: entry.phone };
	if (entry.email) json.email = entry.email;
	if (reason !== undefined) json.reason = reason;
	return json;
}

/**
 * What each contact of one import became. The service answers counts and the refused contacts' positions; when it
 * both created and updated, the contacts it created are the newest it lists, read back by phone number.
 */
async function importResults(
	ctx: IExecuteFunctions,
	batch: Entry[],
	body: IDataObject,
	settings: ReturnType<typeof getRequestSettings>,
): Promise<IDataObject[]> {
	const answer = readImportAnswer(body);
	const seen = new Set<string>();
	// A number given twice in one import: the first creates or updates the contact, the next ones update it.
	const repeats = batch.map((entry, index) => {
		if (answer.refused.has(index)) return false;
		if (seen.has(entry.phone)) return true;
		seen.add(entry.phone);
		return false;
	});
	const firsts = batch.filter((_, index) => !answer.refused.has(index) && !repeats[index]);
	let created: (entry: Entry) => ImportAction;
	if (answer.imported >= firsts.length) created = () => 'created';
	else if (answer.imported === 0) created = () => 'updated';
	else {
		const phones = await newestPhones(ctx, answer.imported, batch[0].itemIndex, settings);
		const found = firsts.filter((entry) => phones.has(entry.phone)).length;
		// Another client creating contacts meanwhile would push ours down the list: then say what is certain.
		created =
			found === answer.imported
				? (entry) => (phones.has(entry.phone) ? 'created' : 'updated')
				: (entry) => (phones.has(entry.phone) ? 'created' : 'createdOrUpdated');
	}
	return batch.map((entry, index) => {
		const refusal = answer.refused.get(index);
		if (refusal !== undefined) return output(entry, 'refused', refusal);
		return output(entry, repeats[index] ? 'updated' : created(entry));
	});
}

/**
 * Creates each contact, or updates the contact that has its phone number (name, and email when given). Items are
 * combined into bulk imports of up to 1,000 contacts; every item gets one output item: `action` is `created`,
 * `updated` or `refused` (with the service's `reason`).
 */
export const executeBatch: ExecuteBatch = async function (items, gate) {
	const outcomes = await upsertAll(this, items, gate);
	return outcomes.map((outcome) => {
		if (outcome === undefined) return undefined;
		return outcome instanceof Error ? { error: outcome } : { output: outcome };
	});
};

/**
 * Each contact of a batch created or updated on its own (a server whose bulk import cannot do it). True when the gate
 * stopped the run.
 */
async function eachAlone(
	ctx: IExecuteFunctions,
	batch: Entry[],
	outcomes: Outcome[],
	gate: FailureGate,
	settings: ReturnType<typeof getRequestSettings>,
): Promise<boolean> {
	for (const entry of batch) {
		try {
			const { action, reason } = await createOrUpdateOne(ctx, entry, entry.itemIndex, settings);
			outcomes[entry.itemIndex] = output(entry, action, reason);
		} catch (error) {
			outcomes[entry.itemIndex] = error as Error;
			gate.note(error as Error);
			if (gate.stopped) return true;
		}
	}
	return false;
}

/** Without "Continue On Fail" the router's gate stops the run at the first failed item, before any later import. */
async function upsertAll(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	gate: FailureGate,
): Promise<Outcome[]> {
	const read = parameterReader(ctx);
	const outcomes: Outcome[] = new Array(items.length);
	const entries: Entry[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			entries.push(readEntry(ctx, itemIndex, read));
		} catch (error) {
			outcomes[itemIndex] = error as Error;
			gate.note(error as Error);
			if (gate.stopped) return outcomes;
		}
	}
	if (!entries.length) return outcomes;
	const settings = getRequestSettings(ctx, entries[0].itemIndex, read);
	let oneByOne = false;
	for (let start = 0; start < entries.length; start += MAX_IMPORT) {
		const batch = entries.slice(start, start + MAX_IMPORT);
		if (oneByOne) {
			if (await eachAlone(ctx, batch, outcomes, gate, settings)) return outcomes;
			continue;
		}
		try {
			const body = await importContacts(
				ctx,
				batch.map((entry) => ({
					full_name: entry.name,
					phone: entry.phone,
					email: entry.email ?? '',
				})),
				batch[0].itemIndex,
				settings,
			);
			const results = await importResults(ctx, batch, body, settings);
			batch.forEach((entry, index) => (outcomes[entry.itemIndex] = results[index]));
		} catch (caught) {
			if (importTakesCsvOnly(caught)) {
				// The branch main's bulk import takes CSV and creates nothing: each contact is found and created or
				// updated on its own (the refused import did nothing).
				oneByOne = true;
				if (await eachAlone(ctx, batch, outcomes, gate, settings)) return outcomes;
				continue;
			}
			const error = caught as Error & { description?: string };
			if (mayHaveBeenAccepted(error)) {
				error.description =
					`${error.description ?? ''} The import may have been carried out: it was not repeated. Running these items again is safe: 'Create or Update' never creates a contact twice.`.trim();
			}
			for (const entry of batch) outcomes[entry.itemIndex] = error;
			gate.note(error);
			if (gate.stopped) return outcomes;
		}
	}
	return outcomes;
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import {
	apiRequest,
	listRecords,
	nodeError,
	ServiceError,
	type RequestSettings,
} from '../transport';

/**
 * Contact → Create or Update's bulk import on the real server: `POST …/contacts/bulk-import/` with
 * `update_existing: true` answers counts and per-contact errors as text, not which contacts it created.
 */

/** What one contact of a bulk import became. */
export type ImportAction = 'created' | 'updated' | 'refused' | 'createdOrUpdated';

export interface ImportAnswer {
	imported: number;
	updated: number;
	skipped: number;
	/** Refusals by position in the request (0-based), in the service's words. */
	refused: Map<number, string>;
	/** Errors the service gave without a position. */
	unplaced: string[];
}

/** The text of an error the service gives as a Python repr: `{'phone_e164': [ErrorDetail(string='…', code='…')]}`. */
function readableReason(text: string): string {
	const details = [...text.matchAll(/string=(['"])(.*?)\1, code=/g)].map((match) => match[2]);
	return details.length ? details.join(' ') : text.trim();
}

/** Reads a bulk import's answer: `{imported, updated, skipped, total_processed, errors: ["Contact 3: …"]}`. */
export function readImportAnswer(body: IDataObject): ImportAnswer {
	const count = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);
	const refused = new Map<number, string>();
	const unplaced: string[] = [];
	for (const entry of Array.isArray(body.errors) ? body.errors : []) {
		const text = typeof entry === 'string' ? entry : JSON.stringify(entry);
		const match = /^Contact (\d+): ([\s\S]*)$/.exec(text);
		if (match) refused.set(Number(match[1]) - 1, readableReason(match[2]));
		else unplaced.push(text);
	}
	return {
		imported: count(body.imported),
		updated: count(body.updated),
		skipped: count(body.skipped),
		refused,
		unplaced,
	};
}

/** Sends one bulk import of contacts (create, or update the contact with the same phone). */
export async function importContacts(
	ctx: IExecuteFunctions,
	contacts: Array<{ full_name: string; phone: string; email: string }>,
	itemIndex: number,
	settings: Partial<RequestSettings>,
): Promise<IDataObject> {
	const response = await apiRequest<IDataObject>(ctx, {
		...endpoints.importContacts(),
		body: {
			import_type: 'phone_contacts',
			update_existing: true,
			skip_duplicates: true,
			contacts,
		},
		itemIndex,
		creates: 'record',
		settings,
	});
	return response.body && typeof response.body === 'object' ? response.body : {};
}

/**
 * The phone numbers among the `count` contacts created last (the service lists newest first): after an import that
 * created some contacts and updated others, those it created.
 */
export async function newestPhones(
	ctx: IExecuteFunctions,
	count: number,
	itemIndex: number,
	settings: Partial<RequestSettings>,
): Promise<Set<string>> {
	const records = await listRecords(ctx, {
		...endpoints.contacts(),
		qs: { ordering: '-created_at' },
		itemIndex,
		settings,
		limit: count,
	});
	return new Set(records.map((record) => String(record.phone_e164)));
}

/**
 * Whether a bulk import was refused for its shape: the real server's branch `main` takes only CSV (`csv_data`) there,
 * and creates nothing from it (each row's check reads a request it is not given: `'request'`). Nothing was done. Read
 * in the service's words (its field errors name `csv_data`), never in the node's own description.
 */
export function importTakesCsvOnly(error: unknown): boolean {
	return (
		error instanceof ServiceError &&
		error.httpCode === '400' &&
		/csv_data/.test(error.serviceWords ?? '')
	);
}

/**
 * One contact created, or the contact with its phone number updated (name, and email when given), without the bulk
 * import: the contact found by its number (the list's search, then the exact number), then one create or one update.
 * Two requests a contact.
 */
export async function createOrUpdateOne(
	ctx: IExecuteFunctions,
	contact: { name: string; phone: string; email?: string },
	itemIndex: number,
	settings: Partial<RequestSettings>,
): Promise<{ action: ImportAction; reason?: string }> {
	const [existing] = await listRecords(ctx, {
		...endpoints.contacts(),
		qs: { search: contact.phone },
		itemIndex,
		settings,
		limit: 1,
		keep: (record) => String(record.phone_e164) === contact.phone,
	});
	const fields: IDataObject = { name: contact.name };
	if (contact.email) fields.email = contact.email;
	try {
		if (existing) {
			await apiRequest(ctx, {
				...endpoints.updateContact(String(existing.id)),
				body: fields,
				itemIndex,
				settings,
				creates: 'record',
			});
			return { action: 'updated' };
		}
		await apiRequest(ctx, {
			...endpoints.createContact(),
			body: { ...fields, phone_e164: contact.phone },
			itemIndex,
			settings,
			creates: 'record',
		});
		return { action: 'created' };
	} catch (caught) {
		const error = nodeError(ctx.getNode(), caught, itemIndex);
		// The service refused this contact (a number it does not take): its words, as the bulk import gives them.
		if (error instanceof ServiceError && error.httpCode === '400')
			return { action: 'refused', reason: error.serviceWords ?? error.message };
		throw error;
	}
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import {
	listRecords,
	readPages,
	ServiceError,
	type ApiContext,
	type RequestSettings,
} from '../transport';

/**
 * What the node knows of the service's message templates (the real server's code, issue 44): its list gives only a
 * preview of each body (the first 100 characters and "...") on the branch the service runs, the whole `body_text` on
 * the other; one template by id answers 500 there, so a template is found in the list; a create answers 201 without
 * an id; a body with `{{…}}` is refused on create and update (400), though a template its admin adds keeps them.
 */

/**
 * The answer to a create or update that sent a Description: `descriptionKept: false` when the answer has no such
 * field (the real server's branch `main` has none and drops it without a word), so the output says it was not stored.
 */
export function descriptionNotKept(answer: IDataObject, sent: IDataObject): IDataObject {
	if (sent.description === undefined || 'description' in answer) return answer;
	return { ...answer, descriptionKept: false };
}

/** How much of a body the list's preview shows. */
export const PREVIEW_LENGTH = 100;

/** The service's template categories (its model's choices). */
export const TEMPLATE_CATEGORIES = [
	{ name: 'Authentication', value: 'authentication' },
	{ name: 'Loyalty', value: 'loyalty' },
	{ name: 'Marketing', value: 'marketing' },
	{ name: 'Onboarding', value: 'onboarding' },
	{ name: 'One-Time Password', value: 'otp' },
	{ name: 'Post-Purchase', value: 'post_purchase' },
	{ name: 'Promotions', value: 'promotions' },
	{ name: 'Reminders', value: 'reminders' },
	{ name: 'Utility', value: 'utility' },
	{ name: 'Win-Back', value: 'win_back' },
];

/**
 * A template as the node outputs it: `body_text` holds the whole body when it can be had, and `bodyCut` says when
 * it cannot (the list's preview is all there is: its first 100 characters, then "...").
 */
export function templateOutput(record: IDataObject): IDataObject {
	if (typeof record.body_text === 'string') return { ...record, bodyCut: false };
	const preview = typeof record.preview_text === 'string' ? record.preview_text : undefined;
	// A preview no longer than the cut is the whole body.
	if (preview !== undefined && !(preview.length > PREVIEW_LENGTH && preview.endsWith('...')))
		return { ...record, body_text: preview, bodyCut: false };
	return { ...record, bodyCut: true };
}

/**
 * The templates with these ids, read from the list's pages until every one is found (or the list ends). Each found
 * one as templateOutput gives it; an id missing from the map is not the account's.
 */
export async function findTemplates(
	ctx: ApiContext,
	ids: Set<string>,
	{ itemIndex, settings }: { itemIndex?: number; settings?: Partial<RequestSettings> },
): Promise<Map<string, IDataObject>> {
	const found = new Map<string, IDataObject>();
	await readPages(ctx, { ...endpoints.templates(), itemIndex, settings }, (page) => {
		for (const record of page.fresh) {
			const id = String(record.id);
			if (ids.has(id)) found.set(id, templateOutput(record));
		}
		return found.size === ids.size || page.last ? 'stop' : 1;
	});
	return found;
}

/** The newest template of this name (the service's search looks in names, bodies and descriptions). */
export async function findTemplateByName(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const [record] = await listRecords(ctx, {
		...endpoints.templates(),
		qs: { search: name },
		itemIndex,
		limit: 1,
		keep: (entry) => entry.name === name,
	});
	return record;
}

/** `{{name}}` in a body: the variables the node fills (spaces inside the braces allowed). */
export const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A body refused because of its `{{…}}` (the service's own words, as the transport read them from its answer:
 * "Invalid variable format found"): the error says in plain words that this server takes no variables through its
 * API, and what to do. Other errors stay as they are.
 */
export function explainBodyRefusal(error: unknown): unknown {
	if (!(error instanceof ServiceError) || error.httpCode !== '400') return error;
	if (!error.serviceWords?.toLowerCase().includes('invalid variable format')) return error;
	error.message =
		'The service does not take {{…}} variables in a template body sent through its API';
	error.description =
		`This server refuses any text between {{ and }} in a body it is sent, whatever the name inside. Save the body without variables, or have the service's administrator add the template with its variables (a template added that way keeps them, and SMS → Send from a template fills them). ${error.description ?? ''}`.trim();
	return error;
}

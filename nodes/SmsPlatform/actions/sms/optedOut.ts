import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { normalizePhone } from '../../helpers/telecom';
import { listRecords } from '../../transport';
import type { PreparedItem } from './prepare';
import type { SendOutcome } from './sendOutcome';

/**
 * Send → Options → Skip Opted-Out Contacts. The service keeps each contact's opt-out (`opt_out_at`, set by Opt Out or
 * by the service), but its send route texts whatever numbers it is given and its contact list has no opt-out filter:
 * the node is the last place such a number can be stopped. So the list is read once a run, every page, before anything
 * is sent; a number with no contact is sent as before.
 *
 * What it costs: the real server answers 20 contacts a page whatever is asked, so the list costs one request per 20
 * contacts (50 for 1,000 contacts, 500 for 10,000), from the same hourly budget as the sends (1,000 requests an hour).
 */

/** Contacts a page of the real server's list (it ignores `page_size`): what the list costs in requests. */
export const CONTACTS_PER_PAGE = 20;

/** Whether a contact has opted out: the service sets `opt_out_at` (and clears it on opt-in). */
function optedOut(contact: { opt_out_at?: unknown }): boolean {
	return (
		contact.opt_out_at !== undefined && contact.opt_out_at !== null && contact.opt_out_at !== ''
	);
}

/** The E.164 numbers of the account's opted-out contacts: the whole list, read once, every page. */
async function optedOutNumbers(ctx: IExecuteFunctions, item: PreparedItem): Promise<Set<string>> {
	const contacts = await listRecords(ctx, {
		...endpoints.contacts(),
		itemIndex: item.itemIndex,
		settings: item.settings,
		keep: optedOut,
	});
	const numbers = new Set<string>();
	for (const contact of contacts) {
		const phone = normalizePhone(contact.phone_e164);
		if (phone.value) numbers.add(phone.value);
	}
	return numbers;
}

/**
 * Takes the opted-out numbers out of the items with the option (`skippedOptedOut` names them). Returns the outcome of
 * each item that ends here: every recipient opted out (`notSent`, said in `reason`), or the list could not be read (an
 * error, as nothing is sent for an item whose opted-out contacts are unknown).
 */
export async function skipOptedOut(
	ctx: IExecuteFunctions,
	items: PreparedItem[],
): Promise<SendOutcome[]> {
	const asked = items.filter((item) => item.skipOptedOut);
	if (!asked.length) return [];
	let numbers: Set<string>;
	try {
		numbers = await optedOutNumbers(ctx, asked[0]);
	} catch (caught) {
		const error = caught as Error & { description?: string };
		return asked.map((item) => ({
			...ended(item),
			error: new NodeOperationError(
				ctx.getNode(),
				`'Skip Opted-Out Contacts' could not read the contact list: ${error.message}`,
				{
					itemIndex: item.itemIndex,
					description:
						`Nothing was sent for this item. The option needs the service's contacts (GET ${endpoints.contacts().path}, which the real service opens to 'Email and Password'); a server without contacts cannot say who opted out. Turn the option off to send without the check. ${error.description ?? ''}`.trim(),
				},
			),
		}));
	}
	const done: SendOutcome[] = [];
	for (const item of asked) {
		const skipped = item.recipients.filter((number) => numbers.has(number));
		item.skippedOptedOut = skipped;
		if (!skipped.length) continue;
		item.recipients = item.recipients.filter((number) => !numbers.has(number));
		if (item.recipients.length) continue;
		done.push({
			...ended(item),
			json: {
				recipients: [],
				skippedOptedOut: skipped,
				reason: `Every recipient's contact has opted out: nothing was sent`,
			},
		});
	}
	return done;
}

/** An item that ends before any request. */
function ended(item: PreparedItem): SendOutcome {
	return {
		itemIndex: item.itemIndex,
		item,
		outcome: 'notSent',
		json: {},
		messageIds: [],
		sentRecipients: [],
		mayHaveGoneOut: false,
	};
}

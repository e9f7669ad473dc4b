import type { IExecuteFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { getList } from '../../transport';
import { describeCharacters, nonAscii } from './plainText';
import type { PreparedItem } from './prepare';

/**
 * The service's rules for a send, said before they cost a request (a schedule the route cannot carry, text it
 * refuses), and the one answer the node explains further (a refused sender ID: which ones the account has).
 */

/** A route a send can take, and what it can carry. */
export interface SendRoute {
	path: string;
	/** It has a schedule field (`schedule_time`). */
	schedules: boolean;
	/** It takes plain ASCII text only (400 INVALID_CHARACTERS otherwise). */
	asciiOnly: boolean;
	/** Most recipients one request may carry. */
	maxRecipients: number;
}

/** The documented integration route, for API keys. */
export const DOCUMENTED_SEND: SendRoute = {
	path: endpoints.sendSms().documented.path,
	schedules: false,
	asciiOnly: false,
	maxRecipients: 1000,
};

/** The real service's messaging route, for the login. */
export const MESSAGING_SEND: SendRoute = {
	path: endpoints.sendSms().login.path,
	schedules: true,
	asciiOnly: true,
	maxRecipients: 1000,
};

/** Why this route cannot carry the item as it is, or undefined when it can: nothing is sent for it then. */
export function refusalOf(
	ctx: IExecuteFunctions,
	route: SendRoute,
	item: PreparedItem,
): Error | undefined {
	const { itemIndex } = item;
	if (item.scheduleTime && !route.schedules) {
		return new NodeOperationError(
			ctx.getNode(),
			`'Schedule Time' cannot be sent on this route: POST ${route.path} has no schedule field`,
			{
				itemIndex,
				description:
					"Nothing was sent for this item: it would have gone out now instead of at the time asked. Remove 'Schedule Time' to send now, or use a credential whose send route takes a schedule time ('Email and Password', on the service's messaging API).",
			},
		);
	}
	const odd = route.asciiOnly ? nonAscii(item.message) : [];
	if (odd.length) {
		return new NodeOperationError(
			ctx.getNode(),
			`'Message' has characters the send route does not take: ${describeCharacters(odd)}`,
			{
				itemIndex,
				description: item.replaceSpecialCharacters
					? `Nothing was sent for this item. The route (POST ${route.path}) takes plain ASCII text only, and these characters have no plain form to put instead (e.g. emoji, or letters of other alphabets): remove them from the message.`
					: `Nothing was sent for this item. The route (POST ${route.path}) takes plain ASCII text only (letters without accents, digits, basic punctuation). Change these characters (e.g. ’ to ', é to e), or turn on 'Options' → 'Replace Special Characters' to have those with a plain form replaced before sending.`,
			},
		);
	}
	return undefined;
}

/** The sender IDs of the account, asked once a run (only after a refused sender ID). */
const senderIdsOf = new WeakMap<object, Promise<string[]>>();

/**
 * A refused sender ID (400 SENDER_ID_INVALID): the error's description gets the sender IDs the account has, from one
 * request to the service's sender ID list. When that list cannot be read, the error stays as it is.
 */
export async function explainSenderId(
	ctx: IExecuteFunctions,
	error: Error,
	item: PreparedItem,
): Promise<void> {
	const apiError = error as NodeApiError;
	if (apiError.context?.errorCode !== 'SENDER_ID_INVALID') return;
	let lookup = senderIdsOf.get(ctx);
	if (!lookup) {
		lookup = getList(
			ctx,
			{ path: endpoints.senderIds().path, itemIndex: item.itemIndex, settings: item.settings },
			{ noun: 'sender IDs', shape: '{ data: [{ sender_id, status }] }' },
		).then((records) =>
			records
				.filter((r) => r.status === undefined || r.status === 'active')
				.map((r) => String(r.sender_id ?? r.name ?? ''))
				.filter(Boolean),
		);
		senderIdsOf.set(ctx, lookup);
	}
	let ids: string[];
	try {
		ids = await lookup;
	} catch {
		return;
	}
	const have = ids.length
		? `The account's active sender IDs: ${ids.join(', ')} ("${item.senderId}" is not one of them). Put one of them in 'Sender ID'.`
		: 'The account has no active sender ID yet: request one (Sender ID → Request), and send once it is approved.';
	apiError.description = `${apiError.description ?? ''} ${have}`.trim();
}

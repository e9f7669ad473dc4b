import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readBalance } from '../../helpers/balance';
import { listSenderIds } from '../../helpers/senderIds';
import { CREDENTIAL_TYPE, routeFamilyOf, type RouteFamily } from '../../transport';
import { balanceRefusal } from './balanceCheck';
import { creditRule, creditsPerRecipient, type PreparedItem } from './prepare';
import { planCombined, planItem, requestOn } from './sendRequests';
import type { SendOutcome } from './sendOutcome';

/**
 * Send → Options → Dry Run: everything a send does before its requests, and nothing after them. The items were read
 * and checked as for a send (prepare.ts: recipients, the template filled, parts); here the reads the send needs are
 * made (the balance, which also tells the route the send takes, and the sender IDs), the requests are planned as the
 * send plans them (sendRequests.ts), and each item gets the preview of the requests that would carry it. What would
 * make the real send fail fails the item now, with the send's own words: a route that cannot carry it, a sender ID the
 * account does not have, a balance too low. No send request, no Dedupe Key claimed or recorded, no wait.
 */

/** One request the send would make, as the items it carries show it. */
interface PlannedRequest {
	lead: PreparedItem;
	items: PreparedItem[];
	recipients: string[];
	preview: IDataObject;
	refusal?: Error;
	credits: number;
}

/** The sender name the real service makes on demand for any account (its default). */
const DEFAULT_SENDER = 'taarifa-sms';

export async function preview(
	ctx: IExecuteFunctions,
	items: PreparedItem[],
): Promise<SendOutcome[]> {
	const own = items.filter((item) => !item.tenantAccountId);
	const first = own[0] ?? items[0];
	const balance = own.length
		? await readBalance(ctx, first.itemIndex, first.settings).then(
				(record) => record.balance,
				(error: Error) => error,
			)
		: undefined;
	// The balance's answer says which family the server has; before any answer, the family the credential asks first.
	const family = routeFamilyOf(ctx) ?? (await firstFamily(ctx, first.itemIndex));
	const senders = own.length ? await activeSenderIds(ctx, first) : undefined;

	const requests = plan(ctx, items, family);
	for (const request of requests) request.preview.of = requests.length;
	const errors = new Map<number, Error>();
	const fail = (item: PreparedItem, error: Error) =>
		errors.has(item.itemIndex) || errors.set(item.itemIndex, error);
	for (const request of requests) if (request.refusal) fail(request.lead, request.refusal);
	for (const item of own) {
		const name = item.senderId;
		if (senders && !senders.includes(name) && name.toLowerCase() !== DEFAULT_SENDER)
			fail(item, senderError(ctx, item, senders));
	}
	const checked = own.filter((item) => item.checkBalanceFirst);
	if (balance instanceof Error) {
		for (const item of checked) fail(item, balanceReadError(ctx, item, balance));
	} else if (balance !== undefined && checked.length) {
		const refusal = balanceRefusal(ctx, own, balance, family);
		if (refusal) for (const item of own) fail(item, refusal(item.itemIndex));
	} else if (balance !== undefined) {
		// Without Check Balance First the service itself refuses each request its balance cannot cover.
		let left = balance;
		for (const request of requests) {
			if (request.lead.tenantAccountId || request.items.every((i) => errors.has(i.itemIndex)))
				continue;
			if (request.credits <= left) left -= request.credits;
			else for (const item of request.items) fail(item, tooLowError(ctx, item, request, left));
		}
	}
	const total = requests.reduce((sum, request) => sum + request.credits, 0);
	ctx.addExecutionHints({
		message: `Dry Run: nothing was sent. The send would make ${requests.length} request(s) on ${String(requests[0]?.preview.method)} ${String(requests[0]?.preview.path)}, about ${total} credits (${creditRule(family)})${typeof balance === 'number' ? `; the balance is ${balance}` : ''}.`,
		location: 'outputPane',
	});
	return items.map((item) => {
		const carrying = requests.filter((request) => request.items.includes(item));
		const owned = item.recipients.filter((number) =>
			carrying.some((r) => r.recipients.includes(number) && ownerIn(r, number) === item),
		);
		const json: IDataObject = {
			dryRun: true,
			recipients: item.recipients,
			message: item.message,
			senderId: item.senderId,
			smsParts: item.smsParts,
			encoding: item.encoding,
			credits: owned.length * creditsPerRecipient(item, family),
			requests: carrying.map((request) => request.preview),
			duplicates: item.repeated,
		};
		if (typeof balance === 'number' && !item.tenantAccountId) json.balance = balance;
		if (item.scheduleTime) json.scheduleTime = item.scheduleTime;
		if (item.rewritten.length) json.recipientsRewritten = item.rewritten;
		if (item.skippedOptedOut) json.skippedOptedOut = item.skippedOptedOut;
		return {
			itemIndex: item.itemIndex,
			item,
			outcome: 'notSent',
			json,
			error: errors.get(item.itemIndex),
			messageIds: [],
			sentRecipients: [],
			mayHaveGoneOut: false,
		};
	});
}

/** The item a request carries a number for: the first of its items that gave it. */
function ownerIn(request: PlannedRequest, number: string): PreparedItem | undefined {
	return request.items.find((item) => item.recipients.includes(number));
}

/** The requests in the order the send makes them: each item alone, in order, then the combined groups. */
function plan(
	ctx: IExecuteFunctions,
	items: PreparedItem[],
	family: RouteFamily,
): PlannedRequest[] {
	const requests: PlannedRequest[] = [];
	const add = (lead: PreparedItem, carried: PreparedItem[], recipients: string[]) => {
		const onRoute = requestOn(ctx, lead, recipients, lead.tenantAccountId ? 'documented' : family);
		const credits =
			recipients.length * creditsPerRecipient(lead, lead.tenantAccountId ? undefined : family);
		requests.push({
			lead,
			items: carried,
			recipients,
			refusal: onRoute.refusal,
			credits,
			preview: {
				request: requests.length + 1,
				of: 0,
				method: onRoute.method,
				path: onRoute.path,
				body: onRoute.body,
				recipients: recipients.length,
				smsParts: lead.smsParts,
				credits,
			},
		});
	};
	for (const item of items.filter((i) => !i.combine))
		for (const request of planItem(item)) add(item, [item], request.recipients);
	for (const group of planCombined(items.filter((i) => i.combine)))
		for (const request of group.requests)
			add(
				group.leadOf(request),
				group.items.filter((item) => group.carriedBy(item).includes(request)),
				request.recipients,
			);
	return requests;
}

/** The family a credential's first request goes to (transport/routes.ts): the login's own routes for a login. */
async function firstFamily(ctx: IExecuteFunctions, itemIndex: number): Promise<RouteFamily> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE, itemIndex);
	return credentials.authMethod === 'jwt' ? 'login' : 'documented';
}

/** The account's active sender IDs, or undefined when the server has no list (the check is then the server's). */
async function activeSenderIds(
	ctx: IExecuteFunctions,
	item: PreparedItem,
): Promise<string[] | undefined> {
	try {
		const records = await listSenderIds(ctx, {
			itemIndex: item.itemIndex,
			settings: item.settings,
		});
		return records
			.filter((r) => r.status === undefined || r.status === 'active')
			.map((r) => String(r.sender_id ?? r.name ?? ''))
			.filter(Boolean);
	} catch {
		return undefined;
	}
}

function senderError(ctx: IExecuteFunctions, item: PreparedItem, senders: string[]): Error {
	return new NodeOperationError(
		ctx.getNode(),
		`'Sender ID' "${item.senderId}" is not one of the account's active sender IDs`,
		{
			itemIndex: item.itemIndex,
			description: `Dry Run: the service would refuse this send (SENDER_ID_INVALID). ${senders.length ? `The account's active sender IDs: ${senders.join(', ')}.` : 'The account has no active sender ID yet: request one (Sender ID → Request).'}`,
		},
	);
}

function balanceReadError(ctx: IExecuteFunctions, item: PreparedItem, error: Error): Error {
	return new NodeOperationError(
		ctx.getNode(),
		`Could not read the balance before sending: ${error.message}`,
		{
			itemIndex: item.itemIndex,
			description:
				"Dry Run: with 'Check Balance First' on, the send would stop here and send nothing.",
		},
	);
}

function tooLowError(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	request: PlannedRequest,
	left: number,
): Error {
	return new NodeOperationError(
		ctx.getNode(),
		`The balance cannot cover request ${String(request.preview.request)}: it needs ${request.credits} credits, ${left} would be left`,
		{
			itemIndex: item.itemIndex,
			description:
				'Dry Run: the service would refuse this request (INSUFFICIENT_CREDITS) and send nothing of it. Top up the balance, or send to fewer recipients.',
		},
	);
}

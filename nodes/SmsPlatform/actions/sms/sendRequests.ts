import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints, type SendEndpoint } from '../../endpoints';
import { sentOnLogin } from '../../loginRoutes';
import {
	apiRequest,
	firstFamily,
	mayHaveBeenAccepted,
	unwrapObject,
	type Route,
} from '../../transport';
import { describeCharacters, nonAscii } from './plainText';
import { groupKey, type PreparedItem } from './prepare';
import { explainSenderId } from './sendHints';
import { settle, type SendOutcome, type SendRequest } from './sendOutcome';

/**
 * The requests of a send: the plan (one item's recipients split by Batch Size, or the items of Combine Items sent
 * together), the route's rules checked before a request is spent (what each route carries is in endpoints.ts), the one
 * call that puts a request on the wire, and each item's outcome from the requests that carried it. The orchestration
 * (send.operation.ts) runs the plan, so the road to the wire stays short.
 */

/**
 * The route a send takes: the one the transport will ask first (transport/routes.ts: the family that answered earlier
 * in this run, else the credential's own), so the route's rules are checked for the route used. A partner's tenant
 * send has only the documented route (see requestFor).
 */
async function routeFor(ctx: IExecuteFunctions, item: PreparedItem): Promise<SendEndpoint> {
	const routes = endpoints.sendSms();
	if (item.tenantAccountId) return routes.documented;
	return (await firstFamily(ctx, item.itemIndex)) === 'login' ? routes.login : routes.documented;
}

/**
 * Why this route cannot carry the item as it is (a schedule it has no field for, text it refuses), or undefined when
 * it can: nothing is sent for the item then, and no request is spent on it.
 */
export function refusalOf(
	ctx: IExecuteFunctions,
	route: SendEndpoint,
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

/**
 * A send's request on both route families. The documented route takes `{message, recipients, sender_id,
 * tenant_account_id?}`; the login's messaging route (`POST …/messaging/sms/send/`) takes `{message, recipients,
 * sender_id, schedule_time?}`, and its answer is read as the documented one (sentOnLogin in loginRoutes.ts, with the
 * other login routes' answers). A send for a partner's tenant account goes on the documented route only: the login
 * route sends from the login's own account, which would charge the wrong one. A scheduled send goes on the login
 * route only: the documented route has no schedule field, and the send must never go out now instead of later.
 */
function requestFor(
	item: PreparedItem,
	recipients: string[],
): { path: string; body: IDataObject; login?: Route } {
	const routes = endpoints.sendSms();
	const body: IDataObject = { message: item.message, recipients, sender_id: item.senderId };
	if (item.tenantAccountId) {
		return {
			path: routes.documented.path,
			body: { ...body, tenant_account_id: item.tenantAccountId },
		};
	}
	const scheduled = Boolean(item.scheduleTime);
	return {
		path: routes.documented.path,
		body,
		login: {
			path: routes.login.path,
			body: scheduled ? { ...body, schedule_time: item.scheduleTime } : body,
			only: scheduled || undefined,
			toDocumented: sentOnLogin,
		},
	};
}

/**
 * One request on the wire; its failure is kept with whether the service may have accepted it. What the route cannot
 * carry (a schedule, non-ASCII text) fails the request before it goes out.
 */
export async function sendOnce(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	request: SendRequest,
): Promise<void> {
	const route = await routeFor(ctx, item);
	const refusal = refusalOf(ctx, route, item);
	if (refusal) {
		request.error = refusal;
		return;
	}
	// Dedupe Keys are claimed before this call and recorded after it, by its callers (sendKeys.ts), not in here.
	try {
		const response = await apiRequest(ctx, {
			method: 'POST',
			// Both routes: the transport picks the one to use (a scheduled send: the login route only).
			...requestFor(item, request.recipients),
			itemIndex: item.itemIndex,
			creates: 'sms',
			settings: item.settings,
		});
		request.result = unwrapObject(response.body);
	} catch (error) {
		request.error = error as Error;
		request.mayHaveGoneOut = mayHaveBeenAccepted(error);
		await explainSenderId(ctx, request.error, item);
	}
}

/** Recipients a request of this item carries: its Batch Size, within what either send route takes. */
function batchSizeOf(item: PreparedItem): number {
	const routes = endpoints.sendSms();
	return Math.min(item.batchSize, routes.documented.maxRecipients, routes.login.maxRecipients);
}

function chunk<T>(list: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}

/** One item's requests: its recipients, Batch Size a request (within what the route takes). */
export function planItem(item: PreparedItem): SendRequest[] {
	return chunk(item.recipients, batchSizeOf(item)).map((recipients) => ({ recipients }));
}

/** Items with the same message, sender ID, tenant and schedule, sent together (Combine Items). */
export interface CombinedGroup {
	items: PreparedItem[];
	requests: SendRequest[];
	/** The item a request is made for (whose recipient it carries first: the error's item index). */
	leadOf(request: SendRequest): PreparedItem;
	/** The item a recipient is sent for (the first of the group that gave it). */
	ownerOf(number: string): PreparedItem;
	/** The requests that carry an item's recipients. */
	carriedBy(item: PreparedItem): SendRequest[];
	/** Each item's outcome, once the requests are done (or marked not sent). */
	settle(): SendOutcome[];
}

/**
 * The requests of combined items, by group: recipients in first-seen order, each once, Batch Size a request. Each item
 * gets one outcome: the message id(s) of the request(s) that carried its recipients, or the error of one that did.
 */
export function planCombined(prepared: PreparedItem[]): CombinedGroup[] {
	const groups = new Map<string, PreparedItem[]>();
	for (const item of prepared) {
		const key = groupKey(item);
		const group = groups.get(key);
		if (group) group.push(item);
		else groups.set(key, [item]);
	}
	return [...groups.values()].map((group) => {
		const order: string[] = [];
		const owner = new Map<string, PreparedItem>();
		for (const item of group) {
			for (const number of item.recipients) {
				if (!owner.has(number)) {
					owner.set(number, item);
					order.push(number);
				}
			}
		}
		const requests: SendRequest[] = chunk(order, batchSizeOf(group[0])).map((recipients) => ({
			recipients,
		}));
		const requestOf = new Map<string, SendRequest>();
		for (const request of requests)
			for (const number of request.recipients) requestOf.set(number, request);
		const ownerOf = (number: string) => owner.get(number) ?? group[0];
		const carriedBy = (item: PreparedItem) => [
			...new Set(item.recipients.map((n) => requestOf.get(n) as SendRequest)),
		];
		return {
			items: group,
			requests,
			leadOf: (request) => ownerOf(request.recipients[0]),
			ownerOf,
			carriedBy,
			settle: () =>
				group.map((item) => {
					// A request its items' Dedupe Keys held back carried nothing of them.
					const carried = carriedBy(item).filter((r) => !r.held);
					const duplicates = [
						...item.repeated,
						...item.recipients.filter((n) => owner.get(n) !== item),
					];
					return settle(item, carried, [...new Set(duplicates)], group.length);
				}),
		};
	});
}

import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { documentedOnly, type SendRules } from '../../endpointShape';
import { listSenderIds, senderIdName } from '../../helpers/senderIds';
import {
	apiRequest,
	type ApiRequest,
	mayHaveBeenAccepted,
	type RouteFamily,
	serviceCodeOf,
	unwrapObject,
} from '../../transport';
import { describeCharacters, nonAscii } from './plainText';
import { groupKey, type PreparedItem } from './prepare';
import { itemOutcome, type SendOutcome, type SendRequest } from './sendOutcome';

/**
 * The requests of a send: the plan (one item's recipients split by Batch Size, or the items of Combine Items sent
 * together), the route's rules checked before a request is spent (what each route carries is in endpoints.ts), the one
 * call that puts a request on the wire, each item's outcome from the requests that carried it, and the one refusal the
 * node explains further (a refused sender ID: which ones the account has). The orchestration (send.operation.ts) runs
 * the plan, so the road to the wire stays short.
 */

/**
 * Why this route cannot carry the item as it is (a schedule it has no field for, text it refuses), or undefined when
 * it can: nothing is sent for the item then, and no request is spent on it.
 */
export function refusalOf(
	ctx: IExecuteFunctions,
	route: { path: string } & SendRules,
	item: PreparedItem,
): Error | undefined {
	const { itemIndex } = item;
	if (item.scheduleTime && !route.schedules) {
		return new NodeOperationError(
			ctx.getNode(),
			`'Schedule Time' cannot be sent on this route: POST ${route.path} has no schedule field`,
			{
				itemIndex,
				description: `Nothing was sent for this item: it would have gone out now instead of at the time asked. Only the service's own send route (POST ${endpoints.sendSms().login.path}, which the real service opens to 'Email and Password') takes a schedule time, and this server did not take the item there. Remove 'Schedule Time' to send now.`,
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
 * A send's request on both route families, as endpoints.ts declares them. The documented route takes `{message,
 * recipients, sender_id, tenant_account_id?}`; the real service's messaging route takes `{message, recipients,
 * sender_id, schedule_time?}`. The transport asks the route the server has (transport/routes.ts). A route that cannot
 * carry the item (a schedule, text it refuses) is not asked: it says why instead (refusalOf), and that is the item's
 * error when no other route takes it. A send for a partner's tenant account goes on the documented route only: the
 * login route sends from the login's own account, which would charge the wrong one.
 */
function requestFor(ctx: IExecuteFunctions, item: PreparedItem, recipients: string[]): ApiRequest {
	const route = endpoints.sendSms();
	const body: IDataObject = { message: item.message, recipients, sender_id: item.senderId };
	const request = {
		...route,
		itemIndex: item.itemIndex,
		creates: 'sms' as const,
		settings: item.settings,
		cannotCarry: (family: RouteFamily) =>
			refusalOf(ctx, family === 'login' ? route.login : route, item),
	};
	if (item.tenantAccountId)
		return {
			...documentedOnly(request),
			body: { ...body, tenant_account_id: item.tenantAccountId },
		};
	return {
		...request,
		body,
		login: {
			...route.login,
			body: item.scheduleTime ? { ...body, schedule_time: item.scheduleTime } : body,
		},
	};
}

/**
 * The request a send of these recipients makes on the family's route, as it goes out (Dry Run shows it), and why that
 * route cannot carry the item, if it cannot. A partner's tenant send has the documented route only.
 */
export function requestOn(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	recipients: string[],
	family: RouteFamily,
): { method: string; path: string; body: IDataObject; refusal?: Error } {
	const req = requestFor(ctx, item, recipients);
	const login = family === 'login' ? req.login : undefined;
	return {
		method: req.method,
		path: login?.path ?? req.path,
		body: login?.body ?? req.body ?? {},
		refusal: req.cannotCarry?.(login ? 'login' : 'documented'),
	};
}

/**
 * Why no send route can carry this item (each refuses it: a schedule on the documented route and characters on the
 * login one, say), or undefined when one can. A partner's tenant send has the documented route only.
 */
export function unsendable(ctx: IExecuteFunctions, item: PreparedItem): Error | undefined {
	const { cannotCarry, login } = requestFor(ctx, item, item.recipients);
	const onDocumented = cannotCarry?.('documented');
	return onDocumented && (!login || cannotCarry?.('login')) ? onDocumented : undefined;
}

/**
 * One request on the wire; its failure is kept with whether the service may have accepted it. What no route can
 * carry (a schedule, non-ASCII text) fails the request before it goes out.
 */
export async function sendOnce(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	request: SendRequest,
): Promise<void> {
	// Dedupe Keys are claimed before this call and recorded after it, by its callers (sendKeys.ts), not in here.
	try {
		const response = await apiRequest(ctx, requestFor(ctx, item, request.recipients));
		request.result = unwrapObject(response.body);
		request.family = response.family;
	} catch (error) {
		request.error = error as Error;
		request.mayHaveGoneOut = mayHaveBeenAccepted(error);
		await explainSenderId(ctx, request.error, item);
	}
}

/**
 * A request the run never sent: it stopped first, at the failed item whose error this is. What a request became is
 * written here only, and in sendOnce.
 */
export function notSent(request: SendRequest, error: Error | undefined): void {
	request.error = error;
	request.notSent = true;
}

/**
 * Leaves out of a combined request the recipients whose items may not go out (their Dedupe Key was sent before or is
 * unknown, sendKeys.ts). True when none is left: the request is held back, and carries nothing of its items.
 */
export function holdBack(request: SendRequest, mayGo: (recipient: string) => boolean): boolean {
	request.recipients = request.recipients.filter(mayGo);
	if (!request.recipients.length) request.held = true;
	return request.held === true;
}

/** Recipients a request of this item carries: its Batch Size, within what either send route takes. */
function batchSizeOf(item: PreparedItem): number {
	const route = endpoints.sendSms();
	return Math.min(item.batchSize, route.maxRecipients, route.login.maxRecipients);
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
	outcomes(): SendOutcome[];
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
			outcomes: () =>
				group.map((item) => {
					// A request its items' Dedupe Keys held back carried nothing of them.
					const carried = carriedBy(item).filter((r) => !r.held);
					const othersOwn = item.recipients.filter((n) => owner.get(n) !== item);
					const duplicates = [...new Set([...item.repeated, ...othersOwn])];
					return itemOutcome(item, carried, duplicates, group.length, othersOwn);
				}),
		};
	});
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
	if (serviceCodeOf(error) !== 'SENDER_ID_INVALID') return;
	const apiError = error as NodeApiError;
	let lookup = senderIdsOf.get(ctx);
	if (!lookup) {
		lookup = listSenderIds(ctx, { itemIndex: item.itemIndex, settings: item.settings }).then(
			(records) =>
				records
					.filter((r) => r.status === undefined || r.status === 'active')
					.map(senderIdName)
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

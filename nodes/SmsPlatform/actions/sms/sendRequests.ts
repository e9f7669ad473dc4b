import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, forEachBounded, mayHaveBeenAccepted, unwrapObject } from '../../transport';
import type { FailureGate } from '../operation';
import { groupKey, type PreparedItem } from './prepare';
import { settle, type SendOutcome, type SendRequest } from './sendOutcome';
import { DOCUMENTED_SEND, explainSenderId, refusalOf, type SendRoute } from './sendRules';

/**
 * The requests of a send: one item's recipients split by Batch Size, or the items of Combine Items sent together.
 * Each function gives every item it sent its typed outcome (see sendOutcome.ts).
 */

/** The route a send takes. The documented one for now; the login's own route comes with the two route families. */
function routeFor(): SendRoute {
	return DOCUMENTED_SEND;
}

/** The body the route takes. */
function bodyFor(route: SendRoute, item: PreparedItem, recipients: string[]): IDataObject {
	const body: IDataObject = { message: item.message, recipients, sender_id: item.senderId };
	if (item.tenantAccountId) body.tenant_account_id = item.tenantAccountId;
	if (route.schedules && item.scheduleTime) body.schedule_time = item.scheduleTime;
	return body;
}

/**
 * One request on the wire; its failure is kept with whether the service may have accepted it. What the route cannot
 * carry (a schedule, non-ASCII text) fails the request before it goes out.
 */
async function sendOnce(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	request: SendRequest,
): Promise<void> {
	const route = routeFor();
	const refusal = refusalOf(ctx, route, item);
	if (refusal) {
		request.error = refusal;
		return;
	}
	// A place for the Dedupe Key (issue 30): claim the keys this request carries here, before it goes out; confirm
	// them once it is accepted (request.result); release them when it surely never went out (!mayHaveGoneOut).
	try {
		const response = await apiRequest(ctx, {
			method: 'POST',
			path: route.path,
			body: bodyFor(route, item, request.recipients),
			itemIndex: item.itemIndex,
			idempotent: false,
			isSend: true,
			settings: item.settings,
		});
		request.result = unwrapObject(response.body);
	} catch (error) {
		request.error = error as Error;
		request.mayHaveGoneOut = mayHaveBeenAccepted(error);
		await explainSenderId(ctx, request.error, item);
	}
}

/** Recipients a request of this item carries: its Batch Size, within what the route takes. */
function batchSizeOf(ctx: IExecuteFunctions, item: PreparedItem): number {
	return Math.min(item.batchSize, routeFor().maxRecipients);
}

function chunk<T>(list: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}

/** One request per Batch Size recipients of one item; after a failed request its later ones are not sent. */
export async function sendItem(ctx: IExecuteFunctions, item: PreparedItem): Promise<SendOutcome> {
	const requests: SendRequest[] = [];
	for (const recipients of chunk(item.recipients, batchSizeOf(ctx, item))) {
		const request: SendRequest = { recipients };
		requests.push(request);
		await sendOnce(ctx, item, request);
		if (request.error) break;
	}
	return settle(item, requests, item.repeated);
}

/**
 * Sends items with the same message, sender ID and tenant together, Batch Size recipients a request. Each item gets
 * one outcome: the message id(s) of the request(s) that carried its recipients, or the error of a request that did.
 */
export async function sendCombined(
	ctx: IExecuteFunctions,
	prepared: PreparedItem[],
	gate: FailureGate,
): Promise<SendOutcome[]> {
	const outcomes: SendOutcome[] = [];
	const groups = new Map<string, PreparedItem[]>();
	for (const item of prepared) {
		const key = groupKey(item);
		const group = groups.get(key);
		if (group) group.push(item);
		else groups.set(key, [item]);
	}
	for (const group of groups.values()) {
		// Recipients in first-seen order, each once; remember which item gave each number first.
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
		const requests: SendRequest[] = chunk(order, batchSizeOf(ctx, group[0])).map((recipients) => ({
			recipients,
		}));
		const requestOf = new Map<string, SendRequest>();
		for (const request of requests)
			for (const number of request.recipients) requestOf.set(number, request);
		// Batches carry different recipients, so several may be in flight at once (Request Options → Parallel Requests).
		const started = await forEachBounded(
			ctx,
			requests,
			group[0].settings,
			async (request) => {
				// Attributed to the item whose recipient it carries first (for the error's item index).
				const lead = owner.get(request.recipients[0]) ?? group[0];
				await sendOnce(ctx, lead, request);
				if (request.error) gate.note(request.error);
			},
			() => gate.stopped,
		);
		// Batches not started because the run stopped: the items they carry were not sent.
		for (const request of requests.slice(started)) {
			request.error = gate.error;
			request.notSent = true;
		}
		for (const item of group) {
			const carried = [...new Set(item.recipients.map((n) => requestOf.get(n) as SendRequest))];
			const duplicates = [
				...item.repeated,
				...item.recipients.filter((n) => owner.get(n) !== item),
			];
			outcomes.push(settle(item, carried, [...new Set(duplicates)], group.length));
		}
	}
	return outcomes;
}

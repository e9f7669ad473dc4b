import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { mayHaveBeenAccepted } from '../../transport/errors';
import { apiRequest } from '../../transport/request';
import { unwrapObject } from '../../transport/response';
import type { OperationOutput } from '../operation';
import type { PreparedItem } from './prepare';
import type { SentLedger } from './sentLedger';

/** The requests of a send, and the outcome each item gets from the requests that carried its recipients. */

export const SEND_PATH = '/api/integration/v1/sms/send/';

export interface SendRequest {
	recipients: string[];
	result?: IDataObject;
	error?: Error;
	/** Not sent: an earlier request of the run failed (its error is that one's). */
	notSent?: boolean;
}

/** Whether any of these requests delivered recipients to the service, or may have. */
function wentOut(requests: SendRequest[]): boolean {
	return requests.some(
		(r) => r.result !== undefined || (r.error && !r.notSent && mayHaveBeenAccepted(r.error)),
	);
}

/**
 * An item's outcome from the requests that carried its recipients, recorded in the ledger when anything of it went
 * out (or may have), so that n8n's retries do not send it again.
 */
export function settle(
	ledger: SentLedger,
	item: PreparedItem,
	carried: SendRequest[],
	duplicates: string[],
	combinedWith?: number,
): OperationOutput | Error {
	if (carried.some((r) => r.error)) {
		const error = failure(item, carried);
		if (wentOut(carried)) ledger.recordFailure(item, error);
		return error;
	}
	const json = successJson(item, carried, duplicates, combinedWith);
	ledger.recordSent(item, json);
	return json;
}

export async function sendOnce(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	recipients: string[],
	itemIndex: number,
): Promise<IDataObject> {
	const body: IDataObject = { message: item.message, recipients, sender_id: item.senderId };
	if (item.tenantAccountId) body.tenant_account_id = item.tenantAccountId;
	const response = await apiRequest(ctx, {
		method: 'POST',
		path: SEND_PATH,
		body,
		itemIndex,
		idempotent: false,
		isSend: true,
		settings: item.settings,
	});
	return unwrapObject(response.body);
}

export function chunk<T>(list: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}

function messageIdOf(result: IDataObject | undefined): string | undefined {
	const id = result?.message_id ?? result?.messageId ?? result?.id;
	return id === undefined || id === null ? undefined : String(id);
}

/** The output of one item: the service's answer for its (first) request, and what happened to its recipients. */
function successJson(
	item: PreparedItem,
	requests: SendRequest[],
	duplicates: string[],
	combinedWith?: number,
): IDataObject {
	const first = requests[0]?.result ?? {};
	const messageIds = [
		...new Set(requests.map((r) => messageIdOf(r.result)).filter((id): id is string => !!id)),
	];
	const json: IDataObject = {
		...first,
		message_id: messageIds[0] ?? messageIdOf(first) ?? null,
		messageIds,
		recipients: item.recipients,
		requests: requests.length,
	};
	if (duplicates.length) json.duplicates = duplicates;
	if (combinedWith !== undefined) json.combinedItems = combinedWith;
	return json;
}

/**
 * The error of an item whose recipients rode on a failed request; says which of them were sent nevertheless, in the
 * description and as `sentRecipients` in the error item. With Combine Items a failed request is shared by several
 * items: each gets its own copy of the error, counting only its own recipients, so one item's "part was sent" never
 * shows on another's.
 */
function failure(item: PreparedItem, requests: SendRequest[]): Error {
	const mine = new Set(item.recipients);
	const own = (r: SendRequest) => r.recipients.filter((n) => mine.has(n));
	const failed = requests.filter((r) => r.error);
	const error = ownCopy(failed[0].error as Error);
	const sent = requests.filter((r) => r.result).flatMap(own);
	if (sent.length > 0 && 'description' in error) {
		const ids = requests.map((r) => messageIdOf(r.result)).filter(Boolean);
		const carried = failed.filter((r) => !r.notSent).flatMap(own).length;
		const shown =
			sent.slice(0, 20).join(', ') + (sent.length > 20 ? `, … (${sent.length - 20} more)` : '');
		(error as { description?: string }).description =
			`${(error as { description?: string }).description ?? ''} Part of this item was sent: ${sent.length} recipient(s) in message(s) ${ids.join(', ')}; the failed request carried ${carried} recipient(s) of this item, and ${item.recipients.length - sent.length - carried} more were not sent. Sent to: ${shown}. Do not send to those again.`.trim();
		// ownCopy gave the error its own context object.
		const context = (error as { context?: IDataObject }).context;
		if (context) context.sentRecipients = sent;
	}
	return error;
}

/** A copy of an error (same class, message, description, context) that can be changed without touching the original. */
function ownCopy(error: Error): Error {
	const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
	Object.defineProperties(copy, Object.getOwnPropertyDescriptors(error));
	const context = (error as { context?: object }).context;
	if (context && typeof context === 'object')
		(copy as { context?: object }).context = { ...context };
	return copy;
}

/** One request per item (its recipients split by Batch Size). */
export async function sendItem(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	ledger: SentLedger,
): Promise<OperationOutput | Error> {
	const requests: SendRequest[] = [];
	for (const recipients of chunk(item.recipients, item.batchSize)) {
		const request: SendRequest = { recipients };
		requests.push(request);
		try {
			request.result = await sendOnce(ctx, item, recipients, item.itemIndex);
		} catch (error) {
			request.error = error as Error;
			// Stop at the first failure: the remaining recipients of this item are not sent.
			break;
		}
	}
	return settle(ledger, item, requests, item.repeated);
}

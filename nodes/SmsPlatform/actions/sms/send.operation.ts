import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { readBalance } from '../../helpers/balance';

import { requestOptionsDescription } from '../../helpers/descriptions';
import { parameterReader } from '../../helpers/parameters';
import { apiRequest, forEachBounded, mayHaveBeenAccepted, unwrapObject } from '../../transport';
import type { OperationOutput } from '../operation';
import {
	DEFAULT_BATCH_SIZE,
	DEFAULT_DELIVERY_TIMEOUT,
	MAX_BATCH_SIZE,
	MAX_DELIVERY_TIMEOUT,
	estimateCredits,
	groupKey,
	prepare,
	type PreparedItem,
} from './prepare';
import { waitForDelivery } from './delivery';
import { SentLedger } from './sentLedger';

const properties: INodeProperties[] = [
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		placeholder: 'e.g. Your order has shipped',
		description: 'The text to send',
	},
	{
		displayName: 'Recipients',
		name: 'recipients',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 2 },
		placeholder: 'e.g. +255712345678, +255713000111',
		description:
			"Phone numbers with + and the country code, separated by commas or new lines. For local numbers such as 0712345678, set 'Default Country Code' in the options.",
	},
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. MYBRAND',
		description: 'The sender name shown on the recipient’s phone, as registered with the service',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE },
				default: DEFAULT_BATCH_SIZE,
				description:
					'Recipients per request (1 to 1000) when an item has many recipients or items are combined. Defaults to 100.',
			},
			{
				displayName: 'Check Balance First',
				name: 'checkBalanceFirst',
				type: 'boolean',
				default: false,
				description:
					'Whether to read the balance before sending and send nothing when it cannot cover the whole run (recipients × SMS parts). Each item then gets an error with the estimate and the balance. Defaults to false.',
			},
			{
				displayName: 'Combine Items',
				name: 'combineItems',
				type: 'boolean',
				default: false,
				description:
					"Whether to send items with the same message, sender ID and tenant in one request per 'Batch Size' recipients, instead of one request per item. Each item still gets its own output. Defaults to false.",
			},
			{
				displayName: 'Default Country Code',
				name: 'defaultCountryCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. 255',
				description:
					'Country calling code for local numbers: with 255, 0712345678 becomes +255712345678',
			},
			// Alphabetical, as n8n's lint requires of 5 or more options: shown only once Wait for Delivery is on.
			{
				displayName: 'Delivery Timeout',
				name: 'deliveryTimeout',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_DELIVERY_TIMEOUT },
				default: DEFAULT_DELIVERY_TIMEOUT,
				description:
					"Seconds to wait for the final status. When they pass first, the item has 'deliveryTimedOut' set to true and the last status seen. Defaults to 120.",
				displayOptions: { show: { waitForDelivery: [true] } },
			},
			{
				displayName: 'Tenant Account ID',
				name: 'tenantAccountId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6f1c2d3e-4b5a-4c7d-9e8f-0a1b2c3d4e5f',
				description:
					"Partners only: send for this tenant, using its credits. The service account ID from the output of 'Create' (not the tenant ID).",
			},
			{
				displayName: 'Wait for Delivery',
				name: 'waitForDelivery',
				type: 'boolean',
				default: false,
				description:
					"Whether to wait until each message is delivered or failed before the node finishes, so the workflow can branch on 'status'. Status checks use the same hourly request budget as sends. Defaults to false.",
			},
		],
	},
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

type Outcome = OperationOutput | Error;

/**
 * Without "Continue On Fail" (the router's setting, handed in as `stopAtFirstError`) the run stops at its first
 * failed item: no request starts after it. This is the one place that decides it.
 */
class FirstFailure {
	private first: Error | undefined;

	constructor(private readonly stopAtFirstError: boolean) {}

	note(outcome: Outcome | undefined): void {
		if (this.stopAtFirstError && outcome instanceof Error) this.first ??= outcome;
	}

	get stopped(): boolean {
		return this.first !== undefined;
	}

	get error(): Error | undefined {
		return this.first;
	}
}

/**
 * All items at once: invalid items fail before anything is sent; items sent in an earlier try of this execution are
 * answered from the ledger; the others go one request per item, or combined (Options → Combine Items).
 */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	stopAtFirstError: boolean,
): Promise<Array<Outcome | undefined>> {
	const read = parameterReader(this);
	const prepared: Array<PreparedItem | Error> = items.map((_, itemIndex) => {
		try {
			return prepare(this, itemIndex, read);
		} catch (error) {
			return error as Error;
		}
	});
	const valid = prepared.filter((item): item is PreparedItem => !(item instanceof Error));
	// Items that went out (or may have) in an earlier try of this execution are answered, not sent again.
	const ledger = SentLedger.open(this);
	const replayed = new Map(valid.map((item) => [item.itemIndex, ledger.replay(item)]));
	const combined = valid.filter((item) => item.combine && !replayed.get(item.itemIndex));
	const failure = new FirstFailure(stopAtFirstError);
	const outcomes: Array<Outcome | undefined> = new Array(items.length);
	// Combined requests carry many items at once: an invalid item fails the run before anything is sent.
	if (combined.length) {
		prepared.forEach((item, index) => {
			if (item instanceof Error) outcomes[index] = item;
			failure.note(outcomes[index]);
		});
	}
	// Options → Check Balance First: nothing is sent when the balance cannot cover the whole run.
	const toSend = valid.filter((item) => !outcomes[item.itemIndex] && !replayed.get(item.itemIndex));
	if (!failure.stopped && toSend.some((item) => item.checkBalanceFirst)) {
		const refused = await checkBalance(this, toSend);
		if (refused) {
			for (const item of toSend) {
				outcomes[item.itemIndex] = refused(item.itemIndex);
				failure.note(outcomes[item.itemIndex]);
			}
			return outcomes;
		}
	}
	// The rest in order, each item its own requests.
	for (const [index, item] of prepared.entries()) {
		if (failure.stopped) break;
		if (!(item instanceof Error) && item.combine && !replayed.get(index)) continue;
		outcomes[index] =
			item instanceof Error ? item : (replayed.get(index) ?? (await sendItem(this, item, ledger)));
		failure.note(outcomes[index]);
	}
	if (!failure.stopped) {
		for (const [itemIndex, outcome] of await sendCombined(this, combined, failure, ledger)) {
			outcomes[itemIndex] = outcome;
		}
	}
	if (!failure.stopped) {
		await waitForDelivery(
			this,
			valid.flatMap((item) => {
				const json = outcomes[item.itemIndex];
				return json && !(json instanceof Error) && !Array.isArray(json) ? [{ item, json }] : [];
			}),
		);
	}
	const hint = combined.length
		? combinedHint(combined, outcomes)
		: failure.stopped
			? undefined
			: combiningHint(valid);
	if (hint) this.addExecutionHints({ message: hint, location: 'outputPane' });
	return outcomes;
}

/**
 * Reads the balance once and compares it with what the run costs (see estimateCredits). Returns, when it cannot
 * cover it, the error each item gets; undefined when it can. Sends for a tenant use the tenant's credits and are
 * not counted: the balance read is the credential's own.
 */
async function checkBalance(
	ctx: IExecuteFunctions,
	items: PreparedItem[],
): Promise<((itemIndex: number) => Error) | undefined> {
	const own = items.filter((item) => !item.tenantAccountId);
	if (!own.length) return undefined;
	const estimate = estimateCredits(own);
	let balance: number;
	try {
		balance = (await readBalance(ctx, own[0].itemIndex, own[0].settings)).balance;
	} catch (caught) {
		const error = caught as Error;
		return (itemIndex) =>
			new NodeOperationError(
				ctx.getNode(),
				`Could not read the balance before sending: ${error.message}`,
				{
					itemIndex,
					description:
						"Nothing was sent: 'Check Balance First' is on and the balance could not be read. Run the workflow again, or turn the option off to send without the check.",
				},
			);
	}
	if (balance >= estimate.credits) return undefined;
	return (itemIndex) =>
		new NodeOperationError(
			ctx.getNode(),
			`The balance of ${balance} credits cannot cover this run: it needs about ${estimate.credits}`,
			{
				itemIndex,
				description: `Nothing was sent. The estimate is recipients × SMS parts: ${estimate.recipients} recipient(s), ${estimate.credits} credits in all (a message of up to 160 plain characters is one part; longer texts, emoji and other non-GSM characters take more). Top up the balance (e.g. buy an SMS package), or send to fewer recipients or a shorter message, then run the workflow again.`,
			},
		);
}

// ---- The requests of a send ----

interface SendRequest {
	recipients: string[];
	result?: IDataObject;
	error?: Error;
	/** Not sent: an earlier request of the run failed (its error is that one's). */
	notSent?: boolean;
}

async function sendOnce(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	recipients: string[],
): Promise<IDataObject> {
	const body: IDataObject = { message: item.message, recipients, sender_id: item.senderId };
	if (item.tenantAccountId) body.tenant_account_id = item.tenantAccountId;
	const response = await apiRequest(ctx, {
		...endpoints.sendSms().documented,
		body,
		itemIndex: item.itemIndex,
		idempotent: false,
		isSend: true,
		settings: item.settings,
	});
	return unwrapObject(response.body);
}

function chunk<T>(list: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}

/** One request per item (its recipients split by Batch Size); after a failed batch its later batches are not sent. */
async function sendItem(
	ctx: IExecuteFunctions,
	item: PreparedItem,
	ledger: SentLedger,
): Promise<Outcome> {
	const requests: SendRequest[] = [];
	for (const recipients of chunk(item.recipients, item.batchSize)) {
		const request: SendRequest = { recipients };
		requests.push(request);
		try {
			request.result = await sendOnce(ctx, item, recipients);
		} catch (error) {
			request.error = error as Error;
			break;
		}
	}
	return settle(ledger, item, requests, item.repeated);
}

/**
 * Sends items with the same message, sender ID and tenant together, Batch Size recipients a request. Each item gets
 * one outcome: the message id(s) of the request(s) that carried its recipients, or the error of a request that did.
 */
async function sendCombined(
	ctx: IExecuteFunctions,
	prepared: PreparedItem[],
	failure: FirstFailure,
	ledger: SentLedger,
): Promise<Map<number, Outcome>> {
	const outcomes = new Map<number, Outcome>();
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
		const requests: SendRequest[] = chunk(order, group[0].batchSize).map((recipients) => ({
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
				try {
					// Attributed to the item whose recipient it carries first (for the error's item index).
					const lead = owner.get(request.recipients[0]) ?? group[0];
					request.result = await sendOnce(ctx, lead, request.recipients);
				} catch (error) {
					request.error = error as Error;
					failure.note(error as Error);
				}
			},
			() => failure.stopped,
		);
		// Batches not started because the run stopped: the items they carry were not sent.
		for (const request of requests.slice(started)) {
			request.error = failure.error;
			request.notSent = true;
		}
		for (const item of group) {
			const carried = [...new Set(item.recipients.map((n) => requestOf.get(n) as SendRequest))];
			const duplicates = [
				...item.repeated,
				...item.recipients.filter((n) => owner.get(n) !== item),
			];
			outcomes.set(
				item.itemIndex,
				settle(ledger, item, carried, [...new Set(duplicates)], group.length),
			);
		}
	}
	return outcomes;
}

// ---- What each item gets ----

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
function settle(
	ledger: SentLedger,
	item: PreparedItem,
	carried: SendRequest[],
	duplicates: string[],
	combinedWith?: number,
): Outcome {
	if (carried.some((r) => r.error)) {
		const error = failureOf(item, carried);
		if (wentOut(carried)) ledger.recordFailure(item, error);
		return error;
	}
	const json = successJson(item, carried, duplicates, combinedWith);
	ledger.recordSent(item, json);
	return json;
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
	// The service's answer without its envelope flag (`success` is always true here).
	const answer = { ...first };
	delete answer.success;
	const json: IDataObject = {
		...answer,
		message_id: messageIds[0] ?? messageIdOf(first) ?? null,
		// The ids of the other requests that carried this item's recipients (Batch Size), usually none.
		otherMessageIds: messageIds.slice(1),
		recipients: item.recipients,
		requests: requests.length,
		duplicates,
		smsParts: item.smsParts,
		encoding: item.encoding,
	};
	if (combinedWith !== undefined) json.combinedItems = combinedWith;
	return json;
}

/**
 * The error of an item whose recipients rode on a failed request; says which of them were sent nevertheless, in the
 * description and as `sentRecipients` in the error item. With Combine Items a failed request is shared by several
 * items: each gets its own copy of the error, counting only its own recipients, so one item's "part was sent" never
 * shows on another's.
 */
function failureOf(item: PreparedItem, requests: SendRequest[]): Error {
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
			`${(error as { description?: string }).description ?? ''} Part of this item was sent: ${sent.length} recipient(s) in message(s) ${ids.join(', ')}; the request that did not go through carried ${carried} recipient(s) of this item, and ${item.recipients.length - sent.length - carried} more were not sent. Sent to: ${shown}. Do not send to those again.`.trim();
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

/**
 * What a combined send did, for the output pane: how many requests carried the items, and their message ids. Were
 * the execution lost before it ends (a queue-mode worker that stops), these are what to look up in the service's
 * message log before sending again.
 */
function combinedHint(
	combined: PreparedItem[],
	outcomes: Array<Outcome | undefined>,
): string | undefined {
	const ids = new Set<string>();
	for (const item of combined) {
		const json = outcomes[item.itemIndex];
		if (!json || json instanceof Error || Array.isArray(json)) continue;
		for (const id of [json.message_id, ...((json.otherMessageIds as string[]) ?? [])]) {
			if (id) ids.add(String(id));
		}
	}
	if (!ids.size) return undefined;
	const list = [...ids];
	const shown = list.length > 3 ? `${list[0]} … ${list[list.length - 1]}` : list.join(', ');
	return `Combine Items: ${combined.length} items went out in ${list.length} accepted request(s), message IDs ${shown}.`;
}

/** From this many one-request-per-item sends of the same message, the node suggests combining. */
const HINT_THRESHOLD = 10;

/** A hint for the output pane when many items sent the same message one request each, or undefined. */
function combiningHint(sent: PreparedItem[]): string | undefined {
	if (sent.length < HINT_THRESHOLD) return undefined;
	const keys = new Set(sent.map(groupKey));
	if (keys.size > sent.length / 2) return undefined;
	const requests = sent.reduce((n, p) => n + Math.ceil(p.recipients.length / p.batchSize), 0);
	const combinedRequests =
		Math.ceil(sent.reduce((n, p) => n + p.recipients.length, 0) / DEFAULT_BATCH_SIZE) +
		keys.size -
		1;
	return `${sent.length} items sent the same message with ${requests} requests. Turn on Options → "Combine Items" to send them together in about ${Math.max(1, combinedRequests)} request(s); the service allows 1000 requests an hour.`;
}

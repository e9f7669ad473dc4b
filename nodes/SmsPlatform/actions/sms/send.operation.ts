import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { ParameterReader } from '../../helpers/descriptions';
import {
	getRequestSettings,
	optionalString,
	parameterReader,
	requestOptionsDescription,
} from '../../helpers/descriptions';
import { describeType, parseCountryCode, parseRecipients } from '../../helpers/phone';
import { unwrapObject } from '../../transport/response';
import { mayHaveBeenAccepted } from '../../transport/errors';
import type { RequestSettings } from '../../transport/defaults';
import { apiRequest } from '../../transport/request';
import type { OperationOutput } from '../router';
import { SentLedger } from './sentLedger';

export const SEND_PATH = '/api/integration/v1/sms/send/';
export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;
/** From this many one-request-per-item sends of the same message, the node suggests combining. */
const HINT_THRESHOLD = 10;

const properties: INodeProperties[] = [
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: 'The text to send',
	},
	{
		displayName: 'Recipients',
		name: 'recipients',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 2 },
		placeholder: '+255712345678, +255713000111',
		description:
			'Who gets the SMS: phone numbers in E.164 format (+, country code, number), separated by commas or new lines; an expression may also give a list. Spaces, dashes, dots and parentheses are ignored; a number given twice is sent once.',
	},
	{
		displayName:
			'Numbers must be in E.164 format (+ and country code, e.g. +255712345678); set Options → Default Country Code to accept local numbers',
		name: 'e164Notice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'MYBRAND',
		description:
			'The sender identifier shown on the recipient’s phone, as registered with the service',
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
					'Recipients per request (1–1000) when an item has many recipients or items are combined',
			},
			{
				displayName: 'Combine Items',
				name: 'combineItems',
				type: 'boolean',
				default: false,
				description:
					'Whether to send items with the same message, sender ID and tenant together, Batch Size recipients a request, instead of one request per item. Each item still gets its own output item with the message ID of the request that carried its recipients. Saves requests (the service allows 1000 an hour).',
			},
			{
				displayName: 'Default Country Code',
				name: 'defaultCountryCode',
				type: 'string',
				default: '',
				placeholder: '255',
				description:
					'Country calling code (digits, e.g. 255) for local numbers: 0712345678 becomes +255712345678 and 255712345678 becomes +255712345678',
			},
			{
				displayName: 'Tenant Service Account ID',
				name: 'tenantAccountId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 6f1c2d3e-…',
				description:
					'Partners only: send on behalf of this tenant, using its credits. Its service_account_id (a UUID) from Partner Tenant → Create — not its tenant_id.',
			},
		],
	},
	requestOptionsDescription,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

interface PreparedItem {
	itemIndex: number;
	message: string;
	senderId: string;
	tenantAccountId?: string;
	recipients: string[];
	/** Numbers this item gave more than once. */
	repeated: string[];
	batchSize: number;
	combine: boolean;
	settings: Partial<RequestSettings>;
}

function prepare(
	ctx: IExecuteFunctions,
	itemIndex: number,
	read: ParameterReader = parameterReader(ctx),
): PreparedItem {
	const options = read('options', itemIndex, {}) as IDataObject;
	const message = read('message', itemIndex, '') as unknown;
	if (typeof message !== 'string' && typeof message !== 'number') {
		throw new NodeOperationError(
			ctx.getNode(),
			`Message must be text, but item ${itemIndex} gives ${describeType(message)}`,
			{
				itemIndex,
			},
		);
	}
	const text = String(message);
	if (text.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), `Message is empty in item ${itemIndex}`, {
			itemIndex,
			description: 'Enter the text to send, or check that the expression gives text for this item.',
		});
	}
	const senderId = optionalString(read('senderId', itemIndex, ''), 'Sender ID', ctx, itemIndex);
	if (!senderId) {
		throw new NodeOperationError(ctx.getNode(), `Sender ID is empty in item ${itemIndex}`, {
			itemIndex,
			description: 'Enter the sender identifier registered with the service.',
		});
	}
	const tenantAccountId = optionalString(
		options.tenantAccountId,
		'Tenant Account ID',
		ctx,
		itemIndex,
	);
	const country = parseCountryCode(options.defaultCountryCode);
	if (!country.ok) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Default Country Code ${country.reason} (item ${itemIndex})`,
			{ itemIndex },
		);
	}
	const rawRecipients = read('recipients', itemIndex, '') as unknown;
	if (
		rawRecipients !== null &&
		typeof rawRecipients === 'object' &&
		!Array.isArray(rawRecipients)
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Recipients must be phone numbers (text or a list), but item ${itemIndex} gives an object: ${JSON.stringify(rawRecipients).slice(0, 100)}`,
			{ itemIndex, description: 'Map the phone number field itself, e.g. {{ $json.phone }}.' },
		);
	}
	const parsed = parseRecipients(rawRecipients, country.value);
	if (parsed.invalid.length) {
		const [first, ...others] = parsed.invalid;
		// The message gives the first number and its reason; the description the others (if any) and what to do.
		const more = others.length
			? ` The other invalid ${others.length === 1 ? 'number' : `numbers (${others.length})`}: ${others
					.slice(0, 10)
					.map((entry) => `"${entry.value}" (${entry.reason})`)
					.join('; ')}${others.length > 10 ? '; …' : ''}.`
			: '';
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid recipient "${first.value}" in item ${itemIndex}: ${first.reason}`,
			{
				itemIndex,
				description: `Nothing was sent for this item.${more} Numbers must be E.164 (+ and the country code, e.g. +255712345678), or set Options → Default Country Code for local numbers.`,
			},
		);
	}
	if (parsed.recipients.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `No recipients in item ${itemIndex}`, {
			itemIndex,
			description: 'Enter at least one phone number in E.164 format, e.g. +255712345678.',
		});
	}
	const batchSizeRaw = options.batchSize ?? DEFAULT_BATCH_SIZE;
	const batchSize = Number(batchSizeRaw);
	if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Batch Size must be a whole number from 1 to ${MAX_BATCH_SIZE}, but item ${itemIndex} gives ${JSON.stringify(batchSizeRaw)}`,
			{ itemIndex },
		);
	}
	return {
		itemIndex,
		message: text,
		senderId,
		tenantAccountId,
		recipients: parsed.recipients,
		repeated: parsed.duplicates,
		batchSize,
		combine: options.combineItems === true,
		settings: getRequestSettings(ctx, itemIndex, read),
	};
}

interface SendRequest {
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
function settle(
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

async function sendOnce(
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

function chunk<T>(list: T[], size: number): T[][] {
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
async function sendItem(
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

/**
 * Sends items with the same message, sender ID and tenant together, Batch Size recipients a request. Each item gets
 * one outcome: the message id(s) of the request(s) that carried its recipients, or the error of a request that did.
 */
async function sendCombined(
	ctx: IExecuteFunctions,
	prepared: PreparedItem[],
	outcomes: Array<OperationOutput | Error>,
	stopOnError: boolean,
	ledger: SentLedger,
): Promise<void> {
	const groups = new Map<string, PreparedItem[]>();
	for (const item of prepared) {
		const key = JSON.stringify([item.message, item.senderId, item.tenantAccountId ?? '']);
		const group = groups.get(key);
		if (group) group.push(item);
		else groups.set(key, [item]);
	}
	for (const group of groups.values()) {
		// Recipients in first-seen order, each once; remember which request carries each number.
		const order: string[] = [];
		const owner = new Map<string, number>();
		for (const item of group) {
			for (const number of item.recipients) {
				if (!owner.has(number)) {
					owner.set(number, item.itemIndex);
					order.push(number);
				}
			}
		}
		const batchSize = group[0].batchSize;
		const requests: SendRequest[] = chunk(order, batchSize).map((recipients) => ({ recipients }));
		const requestOf = new Map<string, SendRequest>();
		for (const request of requests)
			for (const number of request.recipients) requestOf.set(number, request);
		let stopped: Error | undefined;
		for (const request of requests) {
			if (stopped) {
				request.error = stopped;
				request.notSent = true;
				continue;
			}
			// The request is attributed to the first item whose recipients it carries (for the error's item index).
			const leadItem =
				group.find((item) => item.itemIndex === owner.get(request.recipients[0])) ?? group[0];
			try {
				request.result = await sendOnce(ctx, leadItem, request.recipients, leadItem.itemIndex);
			} catch (error) {
				request.error = error as Error;
				if (stopOnError) stopped = error as Error;
			}
		}
		for (const item of group) {
			const carried = [...new Set(item.recipients.map((n) => requestOf.get(n) as SendRequest))];
			const duplicates = [
				...item.repeated,
				...item.recipients.filter((n) => owner.get(n) !== item.itemIndex),
			];
			outcomes[item.itemIndex] = settle(
				ledger,
				item,
				carried,
				[...new Set(duplicates)],
				group.length,
			);
		}
	}
}

export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<Array<OperationOutput | Error>> {
	const read = parameterReader(this);
	const prepared: Array<PreparedItem | Error> = items.map((_, itemIndex) => {
		try {
			return prepare(this, itemIndex, read);
		} catch (error) {
			return error as Error;
		}
	});
	const valid = prepared.filter((p): p is PreparedItem => !(p instanceof Error));
	const continueOnFail = this.continueOnFail();
	const outcomes: Array<OperationOutput | Error> = new Array(items.length);
	// Items that went out (or may have) in an earlier try of this execution are answered, not sent again.
	const ledger = SentLedger.open(this);
	const earlier = new Map<number, OperationOutput | Error>();
	for (const item of valid) {
		const outcome = ledger.replay(item);
		if (outcome) earlier.set(item.itemIndex, outcome);
	}
	const combined = valid.filter((p) => p.combine && !earlier.has(p.itemIndex));
	if (combined.length) {
		prepared.forEach((item, index) => {
			if (item instanceof Error) outcomes[index] = item;
		});
		// Without "Continue On Fail", one invalid item fails the run before anything is sent.
		if (!continueOnFail && valid.length < prepared.length) return outcomes;
		for (const item of valid) {
			if (earlier.has(item.itemIndex) || !item.combine) {
				outcomes[item.itemIndex] =
					earlier.get(item.itemIndex) ?? (await sendItem(this, item, ledger));
				if (!continueOnFail && outcomes[item.itemIndex] instanceof Error) return outcomes;
			}
		}
		await sendCombined(this, combined, outcomes, !continueOnFail, ledger);
		return outcomes;
	}
	for (let index = 0; index < prepared.length; index++) {
		const item = prepared[index];
		const outcome =
			item instanceof Error ? item : (earlier.get(index) ?? (await sendItem(this, item, ledger)));
		outcomes[index] = outcome;
		// Without "Continue On Fail" the run stops at the first failed item: later items are not sent.
		if (!continueOnFail && outcome instanceof Error) return outcomes;
	}
	if (valid.length >= HINT_THRESHOLD) {
		const keys = new Set(
			valid.map((p) => JSON.stringify([p.message, p.senderId, p.tenantAccountId ?? ''])),
		);
		if (keys.size <= valid.length / 2) {
			const requests = valid.reduce((n, p) => n + Math.ceil(p.recipients.length / p.batchSize), 0);
			const combinedRequests =
				Math.ceil(valid.reduce((n, p) => n + p.recipients.length, 0) / DEFAULT_BATCH_SIZE) +
				keys.size -
				1;
			this.addExecutionHints({
				message: `${valid.length} items sent the same message with ${requests} requests. Turn on Options → "Combine Items" to send them together in about ${Math.max(1, combinedRequests)} request(s); the service allows 1000 requests an hour.`,
				location: 'outputPane',
			});
		}
	}
	return outcomes;
}

/** Single-item path (used when the router runs items one by one). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationOutput> {
	const outcome = await sendItem(this, prepare(this, itemIndex), SentLedger.open(this));
	if (outcome instanceof Error) throw outcome;
	return outcome;
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ParameterReader } from '../../helpers/parameters';
import {
	boundedInteger,
	describeType,
	getRequestSettings,
	numberInRange,
	optionalString,
	parameterReader,
} from '../../helpers/parameters';
import { readCountryCode } from '../../helpers/countryCode';
import { parseRecipients, smsParts, type SmsEncoding } from '../../helpers/telecom';
import type { RequestSettings, RouteFamily } from '../../transport';
import { toPlain } from './plainText';
import { readScheduleTime } from './schedule';
import { templateText, type TemplateBook } from './templateText';

/** Reading and checking one item of a send, before anything goes out. */

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;
export const DEFAULT_DELIVERY_TIMEOUT = 120;
export const MAX_DELIVERY_TIMEOUT = 3600;

export interface PreparedItem {
	itemIndex: number;
	message: string;
	senderId: string;
	tenantAccountId?: string;
	recipients: string[];
	/** Numbers this item gave more than once. */
	repeated: string[];
	/** Numbers whose trunk 0 was dropped (as given, as sent); empty when none was. */
	rewritten: Array<{ given: string; sent: string }>;
	batchSize: number;
	combine: boolean;
	/** What one copy of the message costs (GSM 03.38): the credits of a recipient. */
	smsParts: number;
	encoding: SmsEncoding;
	/** Options → Wait for Delivery: how long to wait for the final status, or undefined (no wait). */
	deliveryTimeoutMs?: number;
	/** Options → Check Balance First. */
	checkBalanceFirst: boolean;
	/** Options → Schedule Time, as UTC ISO 8601: the route must be able to carry it, or nothing is sent. */
	scheduleTime?: string;
	/** Options → Replace Special Characters: the message has its plain forms already; this many were replaced. */
	replaceSpecialCharacters: boolean;
	replacedCharacters: number;
	/** Options → Dedupe Key (trimmed), or undefined. */
	dedupeKey?: string;
	/** Options → Retry Unknown Keys. */
	retryUnknownKeys: boolean;
	/** Options → Dry Run: everything before the send request, nothing after it (dryRun.ts). */
	dryRun: boolean;
	/** Options → Skip Opted-Out Contacts (optedOut.ts). */
	skipOptedOut: boolean;
	/** The recipients not sent because their contact opted out (set by optedOut.ts). */
	skippedOptedOut?: string[];
	settings: Partial<RequestSettings>;
}

export function prepare(
	ctx: IExecuteFunctions,
	itemIndex: number,
	read: ParameterReader = parameterReader(ctx),
	templates: TemplateBook = { found: new Map() },
): PreparedItem {
	const options = read('options', itemIndex, {}) as IDataObject;
	// Source → Template: the template's body, filled for this item; then checked and counted as any text.
	const message =
		read('source', itemIndex, 'text') === 'template'
			? templateText(ctx, itemIndex, read, templates)
			: (read('message', itemIndex, '') as unknown);
	if (typeof message !== 'string' && typeof message !== 'number') {
		throw new NodeOperationError(
			ctx.getNode(),
			`'Message' must be text, not ${describeType(message)}`,
			{
				itemIndex,
				description: "Map a text field into 'Message', e.g. {{ $json.text }}.",
			},
		);
	}
	const original = String(message);
	// Options → Replace Special Characters: the text sent is the plain one, whichever route carries it.
	const plain = options.replaceSpecialCharacters === true ? toPlain(original) : undefined;
	const text = plain?.text ?? original;
	if (text.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), "'Message' is empty", {
			itemIndex,
			description: 'Enter the text to send, or check that the expression gives text for this item.',
		});
	}
	const senderId = optionalString(
		read('senderId', itemIndex, '', { extractValue: true }),
		'Sender ID',
		ctx,
		itemIndex,
	);
	if (!senderId) {
		throw new NodeOperationError(ctx.getNode(), "'Sender ID' is empty", {
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
	// Options → Default Country Code: read only when set, as Schedule Time below.
	const countryCode =
		options.defaultCountryCode === undefined
			? undefined
			: readCountryCode(ctx, options.defaultCountryCode, itemIndex);
	const rawRecipients = read('recipients', itemIndex, '') as unknown;
	if (
		rawRecipients !== null &&
		typeof rawRecipients === 'object' &&
		!Array.isArray(rawRecipients)
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			"'Recipients' must be phone numbers (text or a list), not an object",
			{
				itemIndex,
				description: `The expression gives ${JSON.stringify(rawRecipients).slice(0, 100)}. Map the phone number field itself, e.g. {{ $json.phone }}.`,
			},
		);
	}
	const parsed = parseRecipients(rawRecipients, countryCode);
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
			`Recipient "${first.value}" is not a usable phone number: ${first.reason}`,
			{
				itemIndex,
				description: `Nothing was sent for this item.${more} Numbers must be E.164 (+ and the country code, e.g. +255712345678), or set 'Options' → 'Default Country Code' for local numbers.`,
			},
		);
	}
	if (parsed.recipients.length === 0) {
		throw new NodeOperationError(ctx.getNode(), "'Recipients' is empty", {
			itemIndex,
			description: 'Enter at least one phone number in E.164 format, e.g. +255712345678.',
		});
	}
	const batchSize = numberInRange(
		ctx,
		options.batchSize ?? DEFAULT_BATCH_SIZE,
		{
			label: 'Batch Size',
			min: 1,
			max: MAX_BATCH_SIZE,
			whole: true,
			path: "'Options' → 'Batch Size'",
		},
		itemIndex,
	);
	const waitForDelivery = options.waitForDelivery === true;
	const deliveryTimeout = waitForDelivery
		? boundedInteger(
				ctx,
				options.deliveryTimeout ?? DEFAULT_DELIVERY_TIMEOUT,
				'Delivery Timeout',
				itemIndex,
				1,
				MAX_DELIVERY_TIMEOUT,
			)
		: undefined;
	// Options → Schedule Time: read and checked only when one is set (an empty field sends now).
	const schedule = options.scheduleTime;
	const scheduleTime =
		schedule === undefined || schedule === null || schedule === ''
			? undefined
			: readScheduleTime(ctx, schedule, itemIndex);
	const parts = smsParts(text);
	return {
		itemIndex,
		message: text,
		senderId,
		tenantAccountId,
		recipients: parsed.recipients,
		repeated: parsed.duplicates,
		rewritten: parsed.rewritten,
		batchSize,
		combine: options.combineItems === true,
		smsParts: parts.parts,
		encoding: parts.encoding,
		deliveryTimeoutMs: deliveryTimeout === undefined ? undefined : deliveryTimeout * 1000,
		checkBalanceFirst: options.checkBalanceFirst === true,
		scheduleTime,
		replaceSpecialCharacters: plain !== undefined,
		replacedCharacters: plain?.replaced ?? 0,
		dedupeKey: optionalString(options.dedupeKey, 'Dedupe Key', ctx, itemIndex),
		retryUnknownKeys: options.retryUnknownKeys === true,
		dryRun: options.dryRun === true,
		skipOptedOut: options.skipOptedOut === true,
		settings: getRequestSettings(ctx, itemIndex, read),
	};
}

/** Items with the same message, sender ID, tenant and schedule time can share requests. */
export function groupKey(item: PreparedItem): string {
	return JSON.stringify([
		item.message,
		item.senderId,
		item.tenantAccountId ?? '',
		item.scheduleTime ?? '',
	]);
}

/**
 * What a send costs, in credits, as the route that carries it charges them. The real service's own send route (the
 * login family) charges one credit per recipient whatever the message's length (`required_credits =
 * len(recipients)` in its send view). The API reference's routes do not say: there the node counts recipients × SMS
 * parts (GSM 03.38), what the networks bill, and what a route that does not say may charge at most. A send for a
 * partner's tenant goes on the reference's route only (sendRequests.ts). Before any answer says which family the
 * server has, the reference's rule stands: it never asks less than the send may cost.
 */
export function creditsPerRecipient(
	item: Pick<PreparedItem, 'smsParts' | 'tenantAccountId'>,
	family: RouteFamily | undefined,
): number {
	return family === 'login' && !item.tenantAccountId ? 1 : item.smsParts;
}

/** The rule in words, for errors and previews. */
export function creditRule(family: RouteFamily | undefined): string {
	return family === 'login'
		? "one credit per recipient whatever the message's length (the service's own send route charges so)"
		: 'recipients × SMS parts (a message of up to 160 plain characters is one part; longer texts, emoji and other non-GSM characters take more)';
}

/**
 * What sending these items costs on the family's routes. Items sent together (Combine Items) pay once for a number
 * they share, as the requests carry it once.
 */
export function estimateCredits(
	items: PreparedItem[],
	family: RouteFamily | undefined,
): { credits: number; recipients: number } {
	let credits = 0;
	let recipients = 0;
	const shared = new Map<string, Set<string>>();
	for (const item of items) {
		const each = creditsPerRecipient(item, family);
		if (!item.combine) {
			credits += item.recipients.length * each;
			recipients += item.recipients.length;
			continue;
		}
		const key = groupKey(item);
		const seen = shared.get(key) ?? new Set<string>();
		shared.set(key, seen);
		for (const number of item.recipients) {
			if (seen.has(number)) continue;
			seen.add(number);
			credits += each;
			recipients++;
		}
	}
	return { credits, recipients };
}

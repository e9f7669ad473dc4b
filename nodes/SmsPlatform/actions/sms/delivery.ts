import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { endpoints } from '../../endpoints';
import { credentialNotAccepted, getRecord, parallelSlots } from '../../transport';
import type { PreparedItem } from './prepare';
import type { SendOutcome } from './sendOutcome';

/**
 * Send → Options → Wait for Delivery: after the sends, asks each message's status until it is final or the item's
 * Delivery Timeout passes, and gives each item the fields that say how its messages ended. One status check per message
 * id (a combined request carries many items), several at once within Parallel Requests, at a growing interval: each
 * check is a request from the same hourly budget as the sends. The send itself is never repeated.
 */

/** Statuses of a message still on its way; any other status the service reports is final. */
const ON_THE_WAY = new Set([
	'sent',
	'queued',
	'pending',
	'accepted',
	'submitted',
	'sending',
	'scheduled',
	'processing',
	'enroute',
	'en_route',
	'buffered',
]);

/** The first check after this long, then each wait 1.5 times the one before, at most MAX_INTERVAL_MS. */
export const FIRST_INTERVAL_MS = 2000;
const MAX_INTERVAL_MS = 30000;

interface Tracked {
	id: string;
	/** The item whose request the check is made for (its index goes into errors). */
	item: PreparedItem;
	deadline: number;
	status?: string;
	deliveredAt?: IDataObject[string];
	final: boolean;
	checkError?: string;
}

function isFinal(status: string | undefined): boolean {
	return status !== undefined && status !== '' && !ON_THE_WAY.has(status.toLowerCase());
}

/** The messages to follow, once each (a combined request carries many items), with the latest deadline asking. */
function track(waiting: Array<SendOutcome & { item: PreparedItem }>): Map<string, Tracked> {
	const start = Date.now();
	const tracked = new Map<string, Tracked>();
	for (const { item, messageIds, status } of waiting) {
		const deadline = start + (item.deliveryTimeoutMs as number);
		// The answer of the send may already be final (a service that delivers at once).
		for (const id of messageIds) {
			const known = tracked.get(id);
			if (known) known.deadline = Math.max(known.deadline, deadline);
			else tracked.set(id, { id, item, deadline, status, final: isFinal(status) });
		}
	}
	return tracked;
}

/**
 * Waits for the messages of the items sent (their ids and the status in the send's answer, from their outcomes),
 * asking their status round after round until each is final or its item's deadline passed, and returns, by item
 * index, the fields each waiting item's output gets: `status`, `delivered_at`, `deliveryTimedOut`.
 */
export async function waitForDelivery(
	ctx: IExecuteFunctions,
	sent: SendOutcome[],
): Promise<Map<number, IDataObject>> {
	const waiting = sent.filter(
		(s): s is SendOutcome & { item: PreparedItem } => s.item?.deliveryTimeoutMs !== undefined,
	);
	const tracked = track(waiting);
	const all = [...tracked.values()];
	let interval = FIRST_INTERVAL_MS;
	// The transport picks the status route for the credential (routes.ts); when every route refused it, stop asking.
	let refused = false;
	const follow = async (t: Tracked) => {
		if (await check(ctx, t)) refused = true;
	};
	for (;;) {
		const now = Date.now();
		const open = all.filter((t) => !t.final && t.deadline > now);
		if (!open.length || refused) break;
		const lastDeadline = Math.max(...open.map((t) => t.deadline));
		await sleep(Math.min(interval, lastDeadline - now));
		interval = Math.min(MAX_INTERVAL_MS, Math.round(interval * 1.5));
		const slots = parallelSlots(ctx, open[0].item.settings);
		for (const t of open) {
			await slots.free();
			if (refused) break;
			slots.add(follow(t));
		}
		await slots.allDone();
	}
	return new Map(
		waiting.map(({ itemIndex, messageIds }) => [itemIndex, outcomeOf(messageIds, tracked)]),
	);
}

/** One status check of one message; true when the service refused the credential on every route. */
async function check(ctx: IExecuteFunctions, t: Tracked): Promise<boolean> {
	try {
		const record = await getRecord(ctx, {
			...endpoints.messageStatus(t.id),
			required: ['status'],
			itemIndex: t.item.itemIndex,
			settings: t.item.settings,
		});
		t.status = String(record.status);
		t.deliveredAt = record.delivered_at ?? null;
		t.final = isFinal(t.status);
		t.checkError = undefined;
		return false;
	} catch (error) {
		t.checkError = (error as Error).message;
		return credentialNotAccepted(error);
	}
}

/**
 * What an item's messages say together: their status when there is one message (or all say the same), else the
 * first that is not `delivered`; `delivered_at` of the last delivery when all were delivered.
 */
function outcomeOf(ids: string[], tracked: Map<string, Tracked>): IDataObject {
	const mine = ids.map((id) => tracked.get(id)).filter((t): t is Tracked => t !== undefined);
	if (!mine.length) return { deliveryTimedOut: false };
	const notDelivered = mine.find((t) => t.status?.toLowerCase() !== 'delivered');
	const shown = mine.find((t) => !t.final) ?? notDelivered ?? mine[mine.length - 1];
	const out: IDataObject = {
		status: shown.status ?? null,
		delivered_at: notDelivered
			? (shown.deliveredAt ?? null)
			: latest(mine.map((t) => t.deliveredAt)),
		deliveryTimedOut: mine.some((t) => !t.final),
	};
	const checkError = mine.find((t) => !t.final && t.checkError)?.checkError;
	if (checkError) out.deliveryCheckError = checkError;
	return out;
}

function latest(values: unknown[]): string | null {
	const times = values.filter((v): v is string => typeof v === 'string' && v !== '');
	if (!times.length) return null;
	return times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

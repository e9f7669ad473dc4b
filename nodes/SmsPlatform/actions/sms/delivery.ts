import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { endpoints, type Routes } from '../../endpoints';
import { credentialNotAccepted, forEachBounded, getRecord } from '../../transport';
import type { PreparedItem } from './prepare';

/**
 * Send → Options → Wait for Delivery: after the sends, asks each message's status until it is final or the item's
 * Delivery Timeout passes, and writes the outcome into the items that message carried. One status check per message
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

export interface SentItem {
	item: PreparedItem;
	json: IDataObject;
}

function isFinal(status: string | undefined): boolean {
	return status !== undefined && status !== '' && !ON_THE_WAY.has(status.toLowerCase());
}

/** The message ids of a Send output item. */
function messageIdsOf(json: IDataObject): string[] {
	const others = Array.isArray(json.otherMessageIds) ? json.otherMessageIds : [];
	return [json.message_id, ...others]
		.filter((id) => id !== undefined && id !== null && id !== '')
		.map(String);
}

export async function waitForDelivery(ctx: IExecuteFunctions, sent: SentItem[]): Promise<void> {
	const waiting = sent.filter(({ item }) => item.deliveryTimeoutMs !== undefined);
	if (!waiting.length) return;
	const start = Date.now();
	const tracked = new Map<string, Tracked>();
	for (const { item, json } of waiting) {
		const deadline = start + (item.deliveryTimeoutMs as number);
		// The answer of the send may already be final (a service that delivers at once).
		const status = typeof json.status === 'string' ? json.status : undefined;
		for (const id of messageIdsOf(json)) {
			const known = tracked.get(id);
			if (known) known.deadline = Math.max(known.deadline, deadline);
			else tracked.set(id, { id, item, deadline, status, final: isFinal(status) });
		}
	}
	await followUntilFinal(ctx, [...tracked.values()]);
	for (const { json } of waiting) Object.assign(json, outcomeOf(messageIdsOf(json), tracked));
}

async function followUntilFinal(ctx: IExecuteFunctions, all: Tracked[]): Promise<void> {
	let interval = FIRST_INTERVAL_MS;
	// Some servers take only the login on the integration endpoints: then the messaging endpoint is asked instead.
	let family: keyof Routes = 'documented';
	let refusedBoth = false;
	for (;;) {
		const now = Date.now();
		const open = all.filter((t) => !t.final && t.deadline > now);
		if (!open.length || refusedBoth) return;
		const lastDeadline = Math.max(...open.map((t) => t.deadline));
		await sleep(Math.min(interval, lastDeadline - now));
		interval = Math.min(MAX_INTERVAL_MS, Math.round(interval * 1.5));
		await forEachBounded(
			ctx,
			open,
			open[0].item.settings,
			async (t) => {
				try {
					const record = await getRecord(ctx, {
						path: endpoints.messageStatus(t.id)[family].path,
						wrapper: family === 'login' ? 'message' : undefined,
						required: ['status'],
						itemIndex: t.item.itemIndex,
						settings: t.item.settings,
					});
					t.status = String(record.status);
					t.deliveredAt = record.delivered_at ?? null;
					t.final = isFinal(t.status);
					t.checkError = undefined;
				} catch (error) {
					t.checkError = (error as Error).message;
					if (credentialNotAccepted(error)) {
						if (family === 'documented') family = 'login';
						else refusedBoth = true;
					}
				}
			},
			() => refusedBoth,
		);
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

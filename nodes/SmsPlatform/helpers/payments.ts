import type { IDataObject } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import {
	apiRequest,
	type ApiContext,
	getRecord,
	mayHaveLoginRoutes,
	unwrapObject,
} from '../transport';
import { normalizePhone } from './telecom';

/** Payment statuses of a mobile-money payment that is still under way: its status will change again. */
const IN_PROGRESS = new Set([
	'pending',
	'processing',
	'initiated',
	'in_progress',
	'awaiting_confirmation',
	'created',
]);

export function paymentStatus(record: { status?: unknown }): string {
	return String(record.status ?? '').toLowerCase();
}

export function isInProgress(status: string): boolean {
	return IN_PROGRESS.has(status.toLowerCase());
}

/**
 * A payment record as output: the status endpoint calls the transaction `id`, the initiation and history call it
 * `transaction_id`. When both hold the same value only `transaction_id` is kept, so no field is there twice.
 */
export function paymentOutput(record: IDataObject): IDataObject {
	const out = { ...record };
	if (
		out.id !== undefined &&
		out.transaction_id !== undefined &&
		String(out.id) === String(out.transaction_id)
	) {
		delete out.id;
	}
	return out;
}

function timeOf(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/**
 * When a payment record last changed, as far as it says (ms): `completed_at`, else `updated_at`; `undefined` when it
 * carries neither (the documented billing record has only `created_at`). Real servers keep one record per payment
 * and change its status, so this, not the creation time, says when it completed.
 */
export function paymentChangedAt(record: { completed_at?: unknown; updated_at?: unknown }) {
	return timeOf(record.completed_at) ?? timeOf(record.updated_at);
}

/**
 * The transaction a billing record belongs to, when it says (`transaction_id`). A history that adds a record at
 * completion beside the one of the initiation shows one payment in two records with one transaction.
 */
export function paymentTransaction(record: { transaction_id?: unknown }): string | undefined {
	const key = record.transaction_id;
	return key === undefined || key === null || key === '' ? undefined : String(key);
}

/**
 * A phone number as the payment's buyer may type it (local `0712 345 678` or international `+255 712 345 678`): the
 * service takes it as typed and normalises it itself (the API reference shows a local number there).
 */
export function looksLikePhone(text: string): boolean {
	return /^\+?[\d\s\-.()]{6,20}$/.test(text);
}

/**
 * A buyer phone in the only form the real service's own purchase route takes (`07…`/`06…`, a Tanzanian mobile
 * number): read as every phone field of the node is (telecom.ts, with 255 for a local number: a trunk 0 after +255
 * dropped, the length checked), then written locally. `undefined` for anything else, which that route would refuse.
 */
export function localTanzanianMobile(text: string): string | undefined {
	const phone = normalizePhone(text, '255');
	const mobile = phone.ok ? /^\+255([67]\d{8})$/.exec(phone.value ?? '') : null;
	return mobile ? `0${mobile[1]}` : undefined;
}

/**
 * Whether the payment provider has answered about a payment that the service still stores as in progress: the real
 * service's progress route shows the provider's `payment_status` (`SUCCESS` once it knows the order, `FAIL`…) beside
 * the stored `status`, and records the outcome only when asked (see recordCompletions).
 */
function providerAnswered(record: IDataObject): boolean {
	const provider = String(record.payment_status ?? '').toUpperCase();
	return /^(SUCCESS|COMPLETED|FAIL|FAILED|CANCELLED)$/.test(provider);
}

/**
 * Asks the service to record what the payment provider says about every pending payment of the account
 * (`POST …/payments/sync/`): the real service records a completion only when asked (there, or on a `…/status/` route
 * that sleeps 60 s, which the node never calls). Gives the status it recorded for each payment it checked, by
 * transaction id; `undefined` when the service has no such route or failed: the stored status then stands. Not asked
 * of a server that answered on the API reference's routes (transport/routes.ts): it has no sync route.
 */
export async function recordCompletions(
	ctx: ApiContext,
	itemIndex?: number,
): Promise<Map<string, string> | undefined> {
	if (!mayHaveLoginRoutes(ctx)) return undefined;
	try {
		const { body } = await apiRequest(ctx, {
			...endpoints.syncPayments(),
			itemIndex,
		});
		const results = unwrapObject(body, 'data').results;
		const recorded = new Map<string, string>();
		if (Array.isArray(results))
			for (const entry of results as IDataObject[])
				if (entry && entry.id !== undefined) recorded.set(String(entry.id), String(entry.status));
		return recorded;
	} catch (error) {
		ctx.logger?.warn(
			`SMS Platform: asking the service to record completed payments failed (${(error as Error).message}); the stored status stands`,
		);
		return undefined;
	}
}

/**
 * A payment's status as Payment → Get Status and Wait for Completion read it (the Payment Completed trigger asks
 * recordCompletions itself, once a poll). When the service still
 * stores it in progress although the provider has answered, the service is asked once to record the outcome
 * (recordCompletions) and the payment is read again if it recorded one: a paid order is reported completed, not
 * pending until someone else happens to ask.
 */
export async function readPaymentStatus(
	ctx: ApiContext,
	transactionId: string,
	itemIndex?: number,
): Promise<IDataObject> {
	const read = async () =>
		await getRecord(ctx, {
			...endpoints.paymentStatus(transactionId),
			itemIndex,
			numbers: ['amount'],
			required: ['status'],
		});
	const record = await read();
	if (!isInProgress(paymentStatus(record)) || !providerAnswered(record)) return record;
	const recorded = await recordCompletions(ctx, itemIndex);
	const outcome = recorded?.get(transactionId);
	// Not read again when the service says the payment is still pending (or its provider could not be asked).
	if (!recorded || (outcome !== undefined && (isInProgress(outcome) || outcome === 'error')))
		return declinedByProvider(record) ?? record;
	return await read();
}

/**
 * A payment the provider declined (`payment_status` FAIL, FAILED or CANCELLED) that the service still stores as in
 * progress after it was asked to record it: the real server's branch `main` records a failed order, never a cancelled
 * one (its sync ignores CANCELLED), so without this a wait would last its whole timeout and ask the sync at every
 * check (issue 51). The payment is reported failed, with the status the service stores beside it.
 */
function declinedByProvider(record: IDataObject): IDataObject | undefined {
	const provider = String(record.payment_status ?? '').toUpperCase();
	if (!/^(FAIL|FAILED|CANCELLED)$/.test(provider)) return undefined;
	return { ...record, status: 'failed', storedStatus: record.status, declinedByProvider: true };
}

/**
 * The Payment Completed trigger's watch (events/paymentCompleted.ts), after its one sync a poll: of the watched
 * payments the sync left pending, the one after `lastChecked` (in key order, so each in turn) is read on the progress
 * route, one request; when its provider declined it, it is let go (it will never complete). The others wait for
 * their turn. Nothing is read when the sync did not answer (the stored status stands) or left nothing pending.
 */
export async function declinedWatched(
	ctx: ApiContext,
	watched: string[],
	recorded: Map<string, string> | undefined,
	lastChecked: string | undefined,
): Promise<{ letGo: string[]; checked?: string }> {
	const waiting = watched.filter((key) => recorded?.get(key) === 'pending').sort();
	if (!waiting.length) return { letGo: [] };
	const key = waiting.find((candidate) => lastChecked === undefined || candidate > lastChecked);
	const checked = key ?? waiting[0];
	try {
		const record = await getRecord(ctx, {
			...endpoints.paymentStatus(checked),
			numbers: ['amount'],
			required: ['status'],
		});
		return { letGo: declinedByProvider(record) ? [checked] : [], checked };
	} catch (error) {
		ctx.logger?.warn(
			`SMS Platform: reading payment ${checked} failed (${(error as Error).message}); it stays watched`,
		);
		return { letGo: [], checked };
	}
}

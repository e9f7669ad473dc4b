import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, pollTrigger } from '../../support/harness';

/** The dev tools' one seeded PRNG (mulberry32): the same seed gives the same run. */
export { prng } from '../../../sandbox/prng.cjs';

/** A UUID-shaped id from a PRNG (ids sort in no relation to time, as real UUIDs). */
export function uuid(random: () => number): string {
	const hex = [0, 1, 2, 3]
		.map(() =>
			Math.floor(random() * 0x100000000)
				.toString(16)
				.padStart(8, '0'),
		)
		.join('');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Service time: whole seconds, as the service's ISO 8601 timestamps (`YYYY-MM-DDTHH:MM:SSZ`). */
export const T0 = Date.parse('2025-03-01T08:00:00Z') / 1000;

export function iso(seconds: number): string {
	return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

export interface ListRecord extends IDataObject {
	id: string;
	created_at: string;
}

/** What the service does with one request: answer, fail with a status, or drop the connection. */
export type Fault = { status: number; body?: unknown } | { drop: true } | undefined;

export interface ServedRequest {
	page: number;
	pageSize: number;
	query: Record<string, string>;
}

interface Entry {
	ts: number;
	record: ListRecord;
}

function compare(a: Entry, b: Entry): number {
	return a.ts - b.ts || (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0);
}

/** A service timestamp as the real (Django) server writes it: UTC+03:00 with microseconds. */
export function wildTime(value: IDataObject[string]): IDataObject[string] {
	if (typeof value !== 'string' || !value.endsWith('Z')) return value;
	const ms = Date.parse(value);
	const local = new Date(ms + 3 * 3600 * 1000).toISOString().slice(0, 19);
	return `${local}.${String((ms % 1000) * 1000).padStart(6, '0')}+03:00`;
}

/** A billing record as the grouped history lists it: no `type` (its group says it), wild timestamps. */
function groupedRecord(entry: ListRecord): IDataObject {
	const record: IDataObject = { ...entry };
	delete record.type;
	for (const field of ['created_at', 'updated_at', 'completed_at']) {
		if (field in record) record[field] = wildTime(record[field]);
	}
	return record;
}

const GROUPS: Record<string, string> = {
	payment: 'payments',
	purchase: 'purchases',
	usage: 'usage_records',
};

/**
 * A paged list as the service serves it: newest first (`created_at` descending; among equal timestamps by id, so a
 * record arriving later can sort anywhere among those sharing its second), `page` / `page_size` (max 100), the page
 * envelope `{count, next, previous, results}`. Records are kept oldest first internally so that appending is cheap.
 */
export class ServiceList {
	private readonly ascending: Entry[] = [];

	/** Requests answered (or failed), retries included. */
	requests = 0;

	/** Called for every request before it is answered: may add records (arrivals during paging) or return a fault. */
	onRequest?: (request: ServedRequest) => Fault;

	/** The server's own cap on page_size. */
	maxPageSize = 100;

	/**
	 * `page`: the documented page envelope. `grouped`: the billing history as the real server sends it, the whole
	 * history at every request, grouped by kind (`{success, data: {summary, payments, purchases, ...}}`), `page`,
	 * `page_size` and the type filter ignored.
	 */
	shape: 'page' | 'grouped' = 'page';

	/** Query parameters every request must carry (checked, a 400 otherwise). */
	constructor(
		readonly path: string,
		private readonly requiredQuery: Record<string, string> = {},
	) {}

	get size(): number {
		return this.ascending.length;
	}

	/** Newest first, as served. */
	newestFirst(): ListRecord[] {
		return this.ascending.map((entry) => entry.record).reverse();
	}

	add(record: ListRecord): ListRecord {
		const entry = { ts: Date.parse(record.created_at), record };
		let index = this.ascending.length;
		while (index > 0 && compare(this.ascending[index - 1], entry) > 0) index--;
		this.ascending.splice(index, 0, entry);
		return record;
	}

	/** Drops everything older than the newest `keep` records (to keep a long run's memory flat). */
	trim(keep: number): void {
		if (this.ascending.length > keep) this.ascending.splice(0, this.ascending.length - keep);
	}

	page(page: number, pageSize: number): IDataObject {
		if (this.shape === 'grouped') return this.grouped();
		const size = Math.max(1, Math.min(pageSize, this.maxPageSize));
		const total = this.ascending.length;
		const results: ListRecord[] = [];
		for (let i = (page - 1) * size; i < Math.min(page * size, total); i++) {
			results.push({ ...this.ascending[total - 1 - i].record });
		}
		const url = (p: number) => `${BASE_URL}${this.path}?page=${p}&page_size=${size}`;
		return {
			count: total,
			next: page * size < total ? url(page + 1) : null,
			previous: page > 1 ? url(page - 1) : null,
			results,
		};
	}

	/** The whole list, grouped by kind, each group newest first. */
	grouped(): IDataObject {
		const groups: Record<string, IDataObject[]> = {
			purchases: [],
			payments: [],
			usage_records: [],
			custom_purchases: [],
		};
		for (const record of this.newestFirst()) {
			groups[GROUPS[String(record.type ?? 'payment')]].push(groupedRecord(record));
		}
		return {
			success: true,
			data: {
				summary: {
					total_purchases: groups.purchases.length,
					total_payments: groups.payments.length,
					currency: 'TZS',
				},
				...groups,
			},
		};
	}

	/** Answers one GET of the list in process (for runs too long to go through nock): status and body. */
	answer(url: string, qs: IDataObject = {}): { statusCode: number; body: IDataObject } {
		this.requests++;
		const path = new URL(url).pathname;
		if (path !== this.path)
			return {
				statusCode: 404,
				body: { error: `No route ${path}`, code: 'not_found', details: {} },
			};
		return { statusCode: 200, body: this.page(Number(qs.page ?? 1), Number(qs.page_size ?? 20)) };
	}

	/** Serves the list through nock for the rest of the test. */
	mount(): void {
		nock(BASE_URL)
			.persist()
			.get(this.path)
			.query(true)
			.reply((uri, _body, callback) => {
				this.requests++;
				const query = Object.fromEntries(new URL(uri, BASE_URL).searchParams.entries());
				const page = Number(query.page ?? 1);
				const pageSize = Number(query.page_size ?? 20);
				for (const [key, value] of Object.entries(this.requiredQuery)) {
					if (query[key] !== value) {
						callback(null, [
							400,
							{ error: `expected ${key}=${value}`, code: 'bad_query', details: {} },
						]);
						return;
					}
				}
				const fault = this.onRequest?.({ page, pageSize, query });
				if (fault && 'drop' in fault) {
					callback(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), [0, '']);
					return;
				}
				if (fault) {
					callback(null, [
						fault.status,
						fault.body ?? { error: 'Internal server error', code: 'server_error', details: {} },
					]);
					return;
				}
				callback(null, [200, this.page(page, pageSize)]);
			});
	}
}

/** The balance endpoint, answering whatever `balance` holds (or a fault). */
export class ServiceBalance {
	balance: unknown = 1000;

	currency = 'credits';

	requests = 0;

	fault: Fault;

	mount(): void {
		nock(BASE_URL)
			.persist()
			.get('/api/integration/v1/sms/balance/')
			.reply((_uri, _body, callback) => {
				this.requests++;
				const fault = this.fault;
				if (fault && 'drop' in fault) {
					callback(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), [0, '']);
					return;
				}
				if (fault) {
					callback(null, [
						fault.status,
						fault.body ?? { error: 'Internal server error', code: 'server_error', details: {} },
					]);
					return;
				}
				callback(null, [200, { balance: this.balance, currency: this.currency }]);
			});
	}
}

export function payment(
	id: string,
	seconds: number,
	status: string,
	extra: IDataObject = {},
): ListRecord {
	return {
		id,
		type: 'payment',
		description: `Mobile money payment ${id}`,
		amount: 25000,
		currency: 'TZS',
		status,
		created_at: iso(seconds),
		...extra,
	};
}

/**
 * A payment the way a real server keeps it: one record with its transaction, `completed_at` and `updated_at`, whose
 * status changes in place (see `settle`).
 */
export function livePayment(
	id: string,
	seconds: number,
	status: string,
	extra: IDataObject = {},
): ListRecord {
	return payment(id, seconds, status, {
		transaction_id: id,
		completed_at: status === 'completed' ? iso(seconds) : null,
		updated_at: iso(seconds),
		...extra,
	});
}

/** The payment's status changes in place at `seconds`; its record keeps its creation time. */
export function settle(record: ListRecord, status: string, seconds: number): ListRecord {
	record.status = status;
	if ('updated_at' in record) record.updated_at = iso(seconds);
	if ('completed_at' in record && status === 'completed') record.completed_at = iso(seconds);
	return record;
}

export function notification(id: string, seconds: number, extra: IDataObject = {}): ListRecord {
	return {
		id,
		title: `Notification ${id}`,
		message: `Something happened (${id})`,
		type: 'success',
		is_read: false,
		created_at: iso(seconds),
		...extra,
	};
}

/** Polls in order, static data carried between them as JSON (as n8n stores it); returns what each poll emitted. */
export async function pollSequence(
	steps: Array<() => void>,
	parameters: IDataObject,
	initial: IDataObject = {},
): Promise<{ emitted: Array<IDataObject[] | null>; staticData: IDataObject }> {
	let staticData = initial;
	const emitted: Array<IDataObject[] | null> = [];
	for (const step of steps) {
		step();
		const result = await pollTrigger({ parameters, staticData });
		emitted.push(result.items);
		staticData = result.staticData;
	}
	return { emitted, staticData };
}

/** The ids of what a poll emitted. */
export const ids = (items: IDataObject[] | null) => (items ?? []).map((item) => item.id);

import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, pollTrigger } from '../../support/harness';

import { ServiceList as SharedServiceList } from '../../../sandbox/trigger-sim.cjs';

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

type NockCallback = (error: NodeJS.ErrnoException | null, result: nock.ReplyFnResult) => void;

/** Answers a nock request: the fault (a dropped connection, an error status) or 200 with the body. */
function reply(fault: Fault, callback: NockCallback, body: () => nock.ReplyBody): void {
	if (fault && 'drop' in fault) {
		callback(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), [0, '']);
	} else if (fault) {
		callback(null, [
			fault.status,
			fault.body ?? { error: 'Internal server error', code: 'server_error', details: {} },
		]);
	} else {
		callback(null, [200, body()]);
	}
}

/**
 * The shared service list (`sandbox/trigger-sim.cjs`, the benchmark's too: newest first, `page` / `page_size`, the page
 * envelope or the real server's grouped history), served through nock, with faults and arrivals during paging.
 */
export class ServiceList extends SharedServiceList {
	/** Called for every request before it is answered: may add records (arrivals during paging) or return a fault. */
	onRequest?: (request: ServedRequest) => Fault;

	/** Query parameters every request must carry (checked, a 400 otherwise). */
	constructor(
		path: string,
		private readonly requiredQuery: Record<string, string> = {},
	) {
		super(BASE_URL, path);
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
				reply(this.onRequest?.({ page, pageSize, query }), callback, () =>
					this.page(page, pageSize),
				);
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
				reply(this.fault, callback, () => ({ balance: this.balance, currency: this.currency }));
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

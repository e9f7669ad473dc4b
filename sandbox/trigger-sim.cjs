// The service side of the one exactly-once simulator of the dev tools (its loop is sandbox/trigger-scenario.cjs, run
// by the jest trigger tests and the benchmark): the service's records, its paged list as the trigger reads it, and the
// tally that says whether each record came out exactly once. The jest tests also use the list and the records alone.
// CommonJS, so that jest's TypeScript tests can require it as the ES modules import it (as prng.cjs).
'use strict';

/** @typedef {{ id: string, created_at: string, [key: string]: any }} ListRecord */
/** @typedef {{ ts: number, record: ListRecord }} Entry */
/** What the service does with one request: answer, fail with a status, or drop the connection. */
/** @typedef {{ status: number, body?: unknown } | { drop: true } | undefined} Fault */
/** @typedef {{ statusCode: number, body: unknown } | { drop: true }} Answer */

/** Service time: whole seconds, as the service's ISO 8601 timestamps (`YYYY-MM-DDTHH:MM:SSZ`). */
const T0 = Date.parse('2025-03-01T08:00:00Z') / 1000;

/** @param {number} seconds */
function iso(seconds) {
	return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * A UUID-shaped id from a PRNG (ids sort in no relation to time, as real UUIDs).
 * @param {() => number} random
 */
function uuid(random) {
	const hex = [0, 1, 2, 3]
		.map(() =>
			Math.floor(random() * 0x100000000)
				.toString(16)
				.padStart(8, '0'),
		)
		.join('');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * A payment as the billing history lists it. @param {string} id @param {number} seconds @param {string} status
 * @param {Record<string, unknown>} [extra] @returns {ListRecord}
 */
function payment(id, seconds, status, extra = {}) {
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
 * status changes in place. @param {string} id @param {number} seconds @param {string} status
 * @param {Record<string, unknown>} [extra]
 */
function livePayment(id, seconds, status, extra = {}) {
	return payment(id, seconds, status, {
		transaction_id: id,
		completed_at: status === 'completed' ? iso(seconds) : null,
		updated_at: iso(seconds),
		...extra,
	});
}

/** @param {string} id @param {number} seconds @param {Record<string, unknown>} [extra] @returns {ListRecord} */
function notification(id, seconds, extra = {}) {
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

/**
 * A payment's status changes in place at `seconds`; its record keeps its creation time.
 * @param {ListRecord} record @param {string} status @param {number} seconds
 */
function settle(record, status, seconds) {
	record.status = status;
	if ('updated_at' in record) record.updated_at = iso(seconds);
	if ('completed_at' in record && status === 'completed') record.completed_at = iso(seconds);
	return record;
}

/**
 * @param {Entry} a
 * @param {Entry} b
 */
function compare(a, b) {
	return a.ts - b.ts || (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0);
}

/**
 * A service timestamp as the real (Django) server writes it: UTC+03:00 with microseconds.
 * @param {unknown} value
 */
function wildTime(value) {
	if (typeof value !== 'string' || !value.endsWith('Z')) return value;
	const ms = Date.parse(value);
	const local = new Date(ms + 3 * 3600 * 1000).toISOString().slice(0, 19);
	return `${local}.${String((ms % 1000) * 1000).padStart(6, '0')}+03:00`;
}

/**
 * A billing record as the grouped history lists it: no `type` (its group says it), wild timestamps.
 * @param {ListRecord} entry
 */
function groupedRecord(entry) {
	/** @type {Record<string, unknown>} */
	const record = { ...entry };
	delete record.type;
	for (const field of ['created_at', 'updated_at', 'completed_at']) {
		if (field in record) record[field] = wildTime(record[field]);
	}
	return record;
}

/** @type {Record<string, string>} */
const GROUPS = {
	payment: 'payments',
	purchase: 'purchases',
	usage: 'usage_records',
};

/**
 * A paged list as the service serves it: newest first (`created_at` descending; among equal timestamps by id, so a
 * record arriving later can sort anywhere among those sharing its second), `page` / `page_size` (max 100), the page
 * envelope `{count, next, previous, results}`. Records are kept oldest first internally so that appending is cheap.
 */
class ServiceList {
	/**
	 * @param {string} baseUrl the service's base URL (for the `next` / `previous` links)
	 * @param {string} path the list's path
	 */
	constructor(baseUrl, path) {
		this.baseUrl = baseUrl;
		this.path = path;
		/** @type {Entry[]} */
		this.ascending = [];
		/** Requests answered (or failed), retries included. */
		this.requests = 0;
		/** The server's own cap on page_size. */
		this.maxPageSize = 100;
		/**
		 * `page`: the documented page envelope. `grouped`: the billing history as the real server sends it, the whole
		 * history at every request, grouped by kind (`{success, data: {summary, payments, purchases, ...}}`), `page`,
		 * `page_size` and the type filter ignored.
		 * @type {'page' | 'grouped'}
		 */
		this.shape = 'page';
		/** Query parameters every request must carry (a 400 otherwise). @type {Record<string, string>} */
		this.requiredQuery = {};
		/** A page past the end is a 404 (Django's paginator) instead of an empty page. */
		this.pastEndNotFound = false;
		/**
		 * Called for every request before it is answered: may add records (arrivals during paging) or return a fault.
		 * @type {((request: { page: number, pageSize: number, query: Record<string, string> }) => Fault) | undefined}
		 */
		this.onRequest = undefined;
	}

	get size() {
		return this.ascending.length;
	}

	/** Newest first, as served. */
	newestFirst() {
		return this.ascending.map((entry) => entry.record).reverse();
	}

	/** @param {ListRecord} record */
	add(record) {
		const entry = { ts: Date.parse(record.created_at), record };
		let index = this.ascending.length;
		while (index > 0 && compare(this.ascending[index - 1], entry) > 0) index--;
		this.ascending.splice(index, 0, entry);
		return record;
	}

	/**
	 * Drops everything older than the newest `keep` records (to keep a long run's memory flat).
	 * @param {number} keep
	 */
	trim(keep) {
		if (this.ascending.length > keep) this.ascending.splice(0, this.ascending.length - keep);
	}

	/**
	 * @param {number} page
	 * @param {number} pageSize
	 */
	page(page, pageSize) {
		if (this.shape === 'grouped') return this.grouped();
		const size = Math.max(1, Math.min(pageSize, this.maxPageSize));
		const total = this.ascending.length;
		const results = [];
		for (let i = (page - 1) * size; i < Math.min(page * size, total); i++) {
			results.push({ ...this.ascending[total - 1 - i].record });
		}
		const url = (/** @type {number} */ p) =>
			`${this.baseUrl}${this.path}?page=${p}&page_size=${size}`;
		return {
			count: total,
			next: page * size < total ? url(page + 1) : null,
			previous: page > 1 ? url(page - 1) : null,
			results,
		};
	}

	/** The whole list, grouped by kind, each group newest first. */
	grouped() {
		/** @type {Record<string, Array<Record<string, unknown>>>} */
		const groups = {
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

	/**
	 * Answers one GET of the list (the HTTP mock's or an in-process wire's): counts it, checks the path and the
	 * required query, asks `onRequest` (arrivals while the trigger pages, or a fault), then serves the page.
	 * @param {string} url with or without its query string
	 * @param {Record<string, unknown>} [qs]
	 * @param {string} [method]
	 * @returns {Answer}
	 */
	answer(url, qs = {}, method = 'GET') {
		this.requests++;
		const parsed = new URL(url, this.baseUrl);
		/** @type {Record<string, string>} */
		const query = Object.fromEntries(parsed.searchParams.entries());
		for (const [key, value] of Object.entries(qs)) query[key] = String(value);
		if (method !== 'GET' || parsed.pathname !== this.path)
			return notFound(`No route ${method} ${parsed.pathname}`);
		for (const [key, value] of Object.entries(this.requiredQuery)) {
			if (query[key] !== value)
				return {
					statusCode: 400,
					body: { error: `expected ${key}=${value}`, code: 'bad_query', details: {} },
				};
		}
		const page = Number(query.page ?? 1);
		const pageSize = Number(query.page_size ?? 20);
		const fault = this.onRequest?.({ page, pageSize, query });
		if (fault) return faultAnswer(fault);
		// Django's paginator: a page past the end is a 404.
		const size = Math.min(this.maxPageSize, pageSize);
		if (this.pastEndNotFound && this.size > 0 && (page - 1) * size >= this.size)
			return notFound('Invalid page.');
		return { statusCode: 200, body: this.page(page, pageSize) };
	}
}

/**
 * What a fault makes of an answer: a dropped connection, or the status with the body (a 500's by default).
 * @param {NonNullable<Fault>} fault
 */
function faultAnswer(fault) {
	if ('drop' in fault) return fault;
	const body = fault.body ?? { error: 'Internal server error', code: 'server_error', details: {} };
	return { statusCode: fault.status, body };
}

/** @param {string} error */
function notFound(error) {
	return { statusCode: 404, body: { error, code: 'not_found', details: {} } };
}

/**
 * Counts what a trigger emitted, by id, and says against what should have come out: duplicates (emitted more than
 * once), unexpected (emitted, not expected: e.g. history from before the activation), missing (expected, never
 * emitted).
 */
class ExactlyOnce {
	constructor() {
		/** @type {Map<string, number>} how often each id was emitted */
		this.emitted = new Map();
		/** Emissions beyond the first of an id. */
		this.extra = 0;
	}

	/** @param {string} id */
	emit(id) {
		const count = this.emitted.get(id) ?? 0;
		if (count > 0) this.extra++;
		this.emitted.set(id, count + 1);
	}

	/** @param {Iterable<string>} expected */
	check(expected) {
		const wanted = new Set(expected);
		/** @type {string[]} */
		const duplicates = [];
		/** @type {string[]} */
		const unexpected = [];
		for (const [id, count] of this.emitted) {
			if (count > 1) duplicates.push(id);
			if (!wanted.has(id)) unexpected.push(id);
		}
		const missing = [...wanted].filter((id) => !this.emitted.has(id));
		return { duplicates, unexpected, missing };
	}
}

module.exports = {
	ExactlyOnce,
	ServiceList,
	T0,
	faultAnswer,
	iso,
	livePayment,
	notification,
	payment,
	settle,
	uuid,
	wildTime,
};

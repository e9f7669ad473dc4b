// The one exactly-once simulator of the dev tools, shared by the jest trigger tests (test/trigger/support/) and the
// benchmark (bench/lib/trigger-sim.mjs): the service's paged list as the trigger reads it, and the tally that says
// whether each record came out exactly once. The tests drive the TypeScript trigger through n8n's real PollContext,
// the benchmark drives the compiled one; both answer the trigger's requests with this list and count with this tally.
// CommonJS, so that jest's TypeScript tests can require it as the ES modules import it (as prng.cjs).
'use strict';

/** @typedef {{ id: string, created_at: string, [key: string]: any }} ListRecord */
/** @typedef {{ ts: number, record: ListRecord }} Entry */

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
	 * Answers one GET of the list in process (for runs too long to go through an HTTP mock): status and body.
	 * @param {string} url
	 * @param {Record<string, unknown>} [qs]
	 */
	answer(url, qs = {}) {
		this.requests++;
		const path = new URL(url).pathname;
		if (path !== this.path)
			return {
				statusCode: 404,
				body: { error: `No route ${path}`, code: 'not_found', details: {} },
			};
		return { statusCode: 200, body: this.page(Number(qs.page ?? 1), Number(qs.page_size ?? 20)) };
	}
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

module.exports = { ExactlyOnce, ServiceList, wildTime };

import type { IDataObject } from 'n8n-workflow';

const WRAPPER_KEYS = ['data', 'transaction', 'message', 'stats', 'result'];

/** Keys of an envelope that say something about the answer, never the resource itself. */
const ENVELOPE_KEYS = new Set([
	'success',
	'status',
	'timestamp',
	'message',
	'detail',
	'code',
	'error_code',
	'errors',
	'meta',
	'links',
]);

function isPlainObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Single-object responses may come bare or in any envelope (`{success, data}`, `{success, analytics}`,
 * `{success, timestamp, data, message}`, `{success, transaction}`...): returns the resource itself. An envelope is an
 * object with `success` (or with one key only) whose one object-valued field, besides the envelope's own fields, is
 * the resource. `preferred` names the wrapper the endpoint documents, tried first.
 */
export function unwrapObject(body: unknown, preferred?: string): IDataObject {
	if (!isPlainObject(body)) return {};
	if (preferred && isPlainObject(body[preferred])) return body[preferred];
	const keys = Object.keys(body);
	if ('success' in body || keys.length === 1) {
		const inner = keys.filter(
			(key) => isPlainObject(body[key]) && (!ENVELOPE_KEYS.has(key) || key === 'message'),
		);
		// Only object-valued fields next to envelope fields: the one object is the resource.
		const scalarsAreEnvelope = keys.every((key) => inner.includes(key) || ENVELOPE_KEYS.has(key));
		if (inner.length === 1 && scalarsAreEnvelope) return body[inner[0]] as IDataObject;
		for (const key of WRAPPER_KEYS) {
			if (isPlainObject(body[key])) return body[key];
		}
	}
	return body;
}

/** Group of a grouped billing history → the record `type` the API reference names. */
const BILLING_GROUP_TYPES: Record<string, string> = {
	purchases: 'purchase',
	payments: 'payment',
	usage_records: 'usage',
	usage: 'usage',
	custom_purchases: 'purchase',
};

/**
 * Billing history as some servers send it: everything at once, grouped by kind
 * (`{success, data: {summary, purchases, payments, usage_records, custom_purchases}}`), with `page`, `page_size` and
 * `type` ignored. Returns every record with its `type` (from its group, when the record does not carry one), newest
 * first; `undefined` when the answer is not grouped.
 */
export function groupedRecords(body: unknown): IDataObject[] | undefined {
	if (!isPlainObject(body)) return undefined;
	const holder = isPlainObject(body.data) ? body.data : body;
	const groups = Object.keys(BILLING_GROUP_TYPES).filter((key) => Array.isArray(holder[key]));
	if (!groups.length || Array.isArray(holder.results)) return undefined;
	const records: Array<{ record: IDataObject; ms: number; order: number }> = [];
	for (const group of groups) {
		for (const entry of holder[group] as unknown[]) {
			if (!isPlainObject(entry)) continue;
			const record =
				entry.type === undefined || entry.type === null
					? { ...entry, type: BILLING_GROUP_TYPES[group] }
					: entry;
			const raw = record.created_at ?? record.timestamp ?? record.date;
			const ms = typeof raw === 'string' ? Date.parse(raw) : NaN;
			records.push({ record, ms: Number.isNaN(ms) ? -Infinity : ms, order: records.length });
		}
	}
	return records.sort((a, b) => b.ms - a.ms || a.order - b.order).map(({ record }) => record);
}

/** The `type` a billing record belongs to (`purchase`, `payment`, `usage`), as the record says it. */
export function billingType(record: IDataObject): string | undefined {
	const value = record.type ?? record.record_type ?? record.transaction_type;
	return typeof value === 'string' ? value.toLowerCase() : undefined;
}

/**
 * Whether a notification has been read, on whichever flag it carries: `is_read`, `is_unread`, `status`
 * (`read`/`unread`) or `read_at`. `undefined` when it carries none.
 */
export function isRead(record: IDataObject): boolean | undefined {
	if (typeof record.is_read === 'boolean') return record.is_read;
	if (typeof record.is_unread === 'boolean') return !record.is_unread;
	if (typeof record.read === 'boolean') return record.read;
	const status = typeof record.status === 'string' ? record.status.toLowerCase() : '';
	if (status === 'read') return true;
	if (status === 'unread') return false;
	if ('read_at' in record) return record.read_at !== null && record.read_at !== '';
	return undefined;
}

const LIST_KEYS = [
	'results',
	'activities',
	'data',
	'items',
	'notifications',
	'records',
	'packages',
	'tenants',
];

/** List responses may be a page envelope, `results`, `activities`, `data`, `items` or a bare array. */
export function unwrapList(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body.filter(isPlainObject);
	if (!isPlainObject(body)) return [];
	for (const key of LIST_KEYS) {
		const value = body[key];
		if (Array.isArray(value)) return value.filter(isPlainObject);
		if (isPlainObject(value)) {
			const nested = unwrapList(value);
			if (nested.length) return nested;
		}
	}
	return [];
}

/**
 * Whether a body is a list answer at all (a bare array, or an object holding one under a list key), as opposed to an
 * empty body, an error page or an unrelated object, which `unwrapList` would read as an empty list.
 */
export function isListBody(body: unknown): boolean {
	if (Array.isArray(body)) return true;
	if (groupedRecords(body) !== undefined) return true;
	if (!isPlainObject(body)) return false;
	for (const key of LIST_KEYS) {
		const value = body[key];
		if (Array.isArray(value)) return true;
		if (isPlainObject(value) && isListBody(value)) return true;
	}
	return false;
}

/** Total count from a page envelope, when the service gives one. */
export function listCount(body: unknown): number | undefined {
	if (!isPlainObject(body)) return undefined;
	const count = Number(body.count ?? (isPlainObject(body.data) ? body.data.count : undefined));
	return Number.isFinite(count) ? count : undefined;
}

/** Whether a page envelope says there is a next page: `undefined` when it does not say. */
export function hasNext(body: unknown): boolean | undefined {
	if (!isPlainObject(body)) return undefined;
	if (!('next' in body)) return undefined;
	return body.next !== null && body.next !== undefined && body.next !== '';
}

/**
 * Numbers may arrive as strings. Converts the fields the reference documents as numbers (dot paths, `[]` for arrays
 * of objects); other fields stay as the server sent them.
 */
export function coerceNumbers<T extends IDataObject>(record: T, paths: string[]): T {
	for (const path of paths) coercePath(record, path.split('.'));
	return record;
}

function coercePath(target: unknown, parts: string[]): void {
	if (!isPlainObject(target) || parts.length === 0) return;
	const [head, ...rest] = parts;
	if (head.endsWith('[]')) {
		const list = target[head.slice(0, -2)];
		if (Array.isArray(list)) for (const entry of list) coercePath(entry, rest);
		return;
	}
	if (rest.length) {
		coercePath(target[head], rest);
		return;
	}
	const value = target[head];
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
		target[head] = Number(value);
	}
}

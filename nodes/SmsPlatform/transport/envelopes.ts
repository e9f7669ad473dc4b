import type { IDataObject } from 'n8n-workflow';

/**
 * The resource inside an answer: single records bare or in an envelope, lists as a page envelope or a bare list, the
 * page count and `next`, and numbers that arrive as strings.
 */

function isPlainObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Generic wrappers, tried when an envelope holds several objects. An endpoint whose answer has a wrapper of its own
 * names it (`wrapper` in endpoints.ts, e.g. a payment's `transaction`): the caller passes it as `preferred`.
 */
const WRAPPER_KEYS = ['data', 'result'];

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

/**
 * Where any list answer may keep its records: the page envelope's `results`, or a generic wrapper. An endpoint whose
 * list has a key of its own names it (`listKey` in endpoints.ts, e.g. recent activity's `activities`): it is tried
 * first.
 */
const LIST_KEYS = ['results', 'data', 'items', 'records'];

const listKeys = (listKey?: string) => (listKey ? [listKey, ...LIST_KEYS] : LIST_KEYS);

/**
 * The records of a list answer: a bare array, or one held under a list key (a page envelope's `results`, `data`,
 * `items`, the endpoint's own key), also one level down (`{success, data: {results}}`). `undefined` when the body is
 * no list answer at all (an empty body, an error page, an unrelated object), which must not pass for an empty list.
 * Entries that are not records are dropped.
 */
export function listIn(body: unknown, listKey?: string): IDataObject[] | undefined {
	if (Array.isArray(body)) return body.filter(isPlainObject);
	if (!isPlainObject(body)) return undefined;
	let empty: IDataObject[] | undefined;
	for (const key of listKeys(listKey)) {
		const value = body[key];
		if (Array.isArray(value)) return value.filter(isPlainObject);
		if (isPlainObject(value)) {
			const nested = listIn(value, listKey);
			// An empty list inside one key does not hide records under a later one.
			if (nested?.length) return nested;
			empty ??= nested;
		}
	}
	return empty;
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

import type { IDataObject } from 'n8n-workflow';

const WRAPPER_KEYS = ['data', 'transaction', 'message', 'stats', 'result'];

function isPlainObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Single-object responses may come bare or wrapped (`{success, data|transaction|message|stats}`): returns the
 * resource itself. `preferred` names the wrapper the endpoint documents, tried first.
 */
export function unwrapObject(body: unknown, preferred?: string): IDataObject {
	if (!isPlainObject(body)) return {};
	if (preferred && isPlainObject(body[preferred])) return body[preferred];
	const keys = Object.keys(body);
	if ('success' in body || keys.length === 1) {
		for (const key of WRAPPER_KEYS) {
			if (isPlainObject(body[key])) return body[key];
		}
	}
	return body;
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

// The documented error body `{ error, code, details }` and zod-issue formatting.

/** An error that maps to an HTTP response with the documented error body. */
export class ApiError extends Error {
	/**
	 * @param {number} status HTTP status
	 * @param {string} code machine-readable code
	 * @param {string} message human-readable text (the `error` field)
	 * @param {Record<string, unknown>} [details]
	 * @param {Record<string, string|number>} [headers] extra response headers
	 */
	constructor(status, code, message, details = {}, headers = undefined) {
		super(message);
		this.status = status;
		this.code = code;
		this.details = details;
		this.headers = headers;
		/** @type {unknown} */
		this.body = undefined;
	}
	/**
	 * Answer with this body instead of the documented one (the wild profile speaks as real servers do).
	 * @param {unknown} body
	 */
	withBody(body) {
		this.body = body;
		return this;
	}
	toBody() {
		return this.body ?? errorBody(this.message, this.code, this.details);
	}
}

/**
 * @param {string} error
 * @param {string} code
 * @param {Record<string, unknown>} [details]
 * @returns {{error: string, code: string, details: Record<string, unknown>}}
 */
export function errorBody(error, code, details = {}) {
	return { error, code, details };
}

/**
 * Format a zod issue path as `recipients[1]` / `user.email`.
 * @param {ReadonlyArray<PropertyKey>} path
 */
export function formatPath(path) {
	let s = '';
	for (const p of path) {
		if (typeof p === 'number') s += `[${p}]`;
		else s += s ? `.${String(p)}` : String(p);
	}
	return s;
}

/**
 * @param {unknown} obj
 * @param {ReadonlyArray<PropertyKey>} path
 */
function valueAt(obj, path) {
	/** @type {any} */
	let v = obj;
	for (const p of path) {
		if (v == null || typeof v !== 'object') return undefined;
		v = v[p];
	}
	return v;
}

/**
 * Validate `data` with a zod schema; on failure throw a 400 `validation_error` whose `error` names the first
 * failing field and whose `details` maps each field to its messages.
 * @template T
 * @param {import('zod/v4').ZodType<T>} schema
 * @param {unknown} data
 * @returns {T}
 */
export function validate(schema, data) {
	const r = schema.safeParse(data);
	if (r.success) return r.data;
	/** @type {Record<string, string[]>} */
	const details = {};
	let first = '';
	for (const issue of r.error.issues) {
		const field = formatPath(issue.path) || 'body';
		let msg = issue.message;
		if (
			issue.code === 'invalid_type' &&
			issue.path.length &&
			valueAt(data, issue.path) === undefined
		) {
			msg = 'This field is required.';
		} else if (issue.code === 'invalid_type' && msg.startsWith('Invalid input: expected')) {
			msg = msg.replace('Invalid input: expected', 'must be a');
		}
		(details[field] ??= []).push(msg);
		if (!first) first = `${field}: ${msg}`;
	}
	throw new ApiError(400, 'validation_error', first, details);
}

/**
 * A 400 `validation_error` for a single field.
 * @param {string} field
 * @param {string} message
 */
export function fieldError(field, message) {
	return new ApiError(400, 'validation_error', `${field}: ${message}`, { [field]: [message] });
}

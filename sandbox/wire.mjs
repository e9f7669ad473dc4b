// The sandbox's side of the wire: writing an answer (JSON or an HTML page), and a request-log entry as
// `GET /__sandbox/requests` serves it (its credentials redacted). Plain functions of the HTTP layer (server.mjs).
import http from 'node:http';

export const JSON_TYPE = 'application/json';

/** @typedef {import('./api.mjs').Result & {html?: string}} Result */
/** @typedef {import('./routeTypes.mjs').LogEntry} LogEntry */

/**
 * Query string → object (repeated keys become arrays).
 * @param {string} search
 */
function queryObject(search) {
	/** @type {Record<string, string|string[]>} */
	const out = {};
	if (!search) return out;
	for (const [k, v] of new URLSearchParams(search)) {
		const prev = out[k];
		if (prev === undefined) out[k] = v;
		else if (Array.isArray(prev)) prev.push(v);
		else out[k] = [prev, v];
	}
	return out;
}

/** @param {http.IncomingHttpHeaders} headers */
function redactedHeaders(headers) {
	const h = { ...headers };
	if (h.authorization !== undefined) h.authorization = '***';
	if (h['x-api-key'] !== undefined) h['x-api-key'] = '***';
	return h;
}

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {string} payload
 * @param {Record<string, string>|undefined} headers
 * @param {string} [contentType]
 */
export function writeRaw(res, status, payload, headers, contentType = JSON_TYPE) {
	if (res.destroyed || res.writableEnded) return;
	/** @type {Record<string, string|number>} */
	const h = { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(payload) };
	if (headers) for (const k in headers) h[k] = headers[k];
	res.writeHead(status, h);
	res.end(payload);
}

/**
 * @param {http.ServerResponse} res
 * @param {Result} r
 */
export function sendResult(res, r) {
	if (r.html !== undefined) writeRaw(res, r.status, r.html, r.headers, 'text/html; charset=utf-8');
	else writeRaw(res, r.status, JSON.stringify(r.body), r.headers);
}

/**
 * A request-log entry as served by `GET /__sandbox/requests`.
 * @param {LogEntry} e
 */
export function formatLogEntry(e) {
	/** @type {Record<string, unknown>} */
	const entry = {
		method: e.method,
		path: e.path,
		query: queryObject(e.search),
		headers: redactedHeaders(e.headers),
		body: e.body,
		status: e.status,
		time: new Date(e.startMs).toISOString(),
		durationMs: e.durationMs,
	};
	const faultId = e.faultId;
	if (faultId !== undefined) entry.fault = faultId;
	return entry;
}

/** @param {Record<string, string|number>} h */
export function stringHeaders(h) {
	/** @type {Record<string, string>} */
	const out = {};
	for (const [k, v] of Object.entries(h)) out[k] = String(v);
	return out;
}

// Small helpers shared by the sandbox modules: time formatting, deterministic ids, lists.
import { createHash, randomBytes } from 'node:crypto';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * ISO 8601 UTC timestamp with seconds precision and a trailing `Z`: `2026-11-22T10:00:00Z`.
 * @param {number} ms epoch milliseconds
 */
export function isoSeconds(ms) {
	return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

/**
 * ISO 8601 timestamp with microseconds and a numeric UTC offset: `2026-11-22T10:00:00.123456+00:00`
 * (the shape of the partner-create `created_at`).
 * @param {number} ms epoch milliseconds
 * @param {number} [micros] extra microseconds (0..999); random when omitted
 */
export function isoMicros(ms, micros = Math.floor(Math.random() * 1000)) {
	const iso = new Date(ms).toISOString();
	return `${iso.slice(0, 19)}.${iso.slice(20, 23)}${String(micros).padStart(3, '0')}+00:00`;
}

/**
 * `YYYY-MM-DD` (UTC) of an epoch-millisecond instant.
 * @param {number} ms
 */
export function dateOnly(ms) {
	return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Epoch milliseconds of the start (00:00:00 UTC) of the day containing `ms`.
 * @param {number} ms
 */
export function startOfDay(ms) {
	return Math.floor(ms / DAY) * DAY;
}

/**
 * A deterministic UUID (version 5 layout, RFC 9562 valid) derived from a namespace and a key, so that seeded
 * ids are identical across restarts.
 * @param {string} namespace
 * @param {string|number} key
 */
export function seedUuid(namespace, key) {
	const h = createHash('sha1').update(`sms-platform-sandbox:${namespace}:${key}`).digest();
	h[6] = (h[6] & 0x0f) | 0x50;
	h[8] = (h[8] & 0x3f) | 0x80;
	const x = h.subarray(0, 16).toString('hex');
	return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** The seeded pseudo-random generator of the seed data (shared with the tests and the benchmark). */
export { prng } from './prng.cjs';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random upper-case alphanumeric code of `len` characters. */
export function randomCode(len = 6) {
	const bytes = randomBytes(len);
	let s = '';
	for (let i = 0; i < len; i++) s += CODE_ALPHABET[bytes[i] % CODE_ALPHABET.length];
	return s;
}

/** Opaque random token (URL-safe). */
export function randomToken(bytes = 32) {
	return randomBytes(bytes).toString('base64url');
}

/**
 * Round to 2 decimals.
 * @param {number} n
 */
export function round2(n) {
	return Math.round(n * 100) / 100;
}

/**
 * A list presented newest first, cheap to grow at both ends: `prepend` adds a newest item, `append` adds an
 * oldest item. Index 0 is the newest. O(1) for push at either end and for indexed access.
 * @template T
 */
export class NewestFirstList {
	constructor() {
		/** @type {T[]} newest items, newest LAST */
		this.top = [];
		/** @type {T[]} older items in display order (newest first) */
		this.body = [];
	}
	get length() {
		return this.top.length + this.body.length;
	}
	/** @param {T} item */
	prepend(item) {
		this.top.push(item);
	}
	/** @param {T} item */
	append(item) {
		this.body.push(item);
	}
	/** @param {number} i */
	at(i) {
		const t = this.top.length;
		if (i < t) return this.top[t - 1 - i];
		return this.body[i - t];
	}
	/**
	 * Items [start, end) in display order.
	 * @param {number} start
	 * @param {number} end
	 */
	slice(start, end) {
		const out = [];
		const stop = Math.min(end, this.length);
		for (let i = Math.max(0, start); i < stop; i++) out.push(this.at(i));
		return out;
	}
	/** The oldest item, or undefined. */
	last() {
		return this.length ? this.at(this.length - 1) : undefined;
	}
}

/**
 * Fixed-capacity ring buffer (oldest items are overwritten).
 * @template T
 */
export class RingBuffer {
	/** @param {number} capacity */
	constructor(capacity) {
		this.capacity = capacity;
		/** @type {T[]} */
		this.items = new Array(capacity);
		this.start = 0;
		this.size = 0;
	}
	/** @param {T} item */
	push(item) {
		if (this.size < this.capacity) {
			this.items[(this.start + this.size) % this.capacity] = item;
			this.size++;
		} else {
			this.items[this.start] = item;
			this.start = (this.start + 1) % this.capacity;
		}
	}
	/** Oldest first. */
	toArray() {
		const out = new Array(this.size);
		for (let i = 0; i < this.size; i++) out[i] = this.items[(this.start + i) % this.capacity];
		return out;
	}
	clear() {
		this.items = new Array(this.capacity);
		this.start = 0;
		this.size = 0;
	}
}

/**
 * Whether a profile answers as the real service's code does: `wild` (its branch `backend_testing`, which its
 * deployment notes pull) and `main` (its branch `main`: the same shapes, fewer routes and other template categories,
 * mainBranch.mjs).
 * @param {{profile: string}} config
 */
export const answersAsRealServer = (config) =>
	config.profile === 'wild' || config.profile === 'main';

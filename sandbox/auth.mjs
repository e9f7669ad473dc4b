// Credentials (API keys, opaque access tokens from the login) and the per-credential fixed-window rate limiter.
import { ApiError } from './errors.mjs';
import { SANDBOX_API_KEY, SANDBOX_EMAIL, SANDBOX_PASSWORD, SANDBOX_USER } from './fixtures.mjs';
import { randomToken } from './util.mjs';

const AUTH_FAILED = 'Authentication credentials were not provided or are invalid';

export class Auth {
	constructor() {
		/** @type {Set<string>} */
		this.apiKeys = new Set([SANDBOX_API_KEY]);
		/** @type {Map<string, {userId: number, expiresMs: number}>} access token → session */
		this.tokens = new Map();
	}

	/**
	 * Log in with the demo user's e-mail and password.
	 * @param {{email: string, password: string}} body
	 * @param {number} ttlSeconds
	 */
	login({ email, password }, ttlSeconds) {
		if (email.trim().toLowerCase() !== SANDBOX_EMAIL || password !== SANDBOX_PASSWORD) {
			throw new ApiError(401, 'invalid_credentials', 'Invalid email or password');
		}
		const now = Date.now();
		if (this.tokens.size > 10_000) {
			for (const [k, v] of this.tokens) if (v.expiresMs <= now) this.tokens.delete(k);
		}
		const access_token = randomToken(32);
		this.tokens.set(access_token, { userId: SANDBOX_USER.id, expiresMs: now + ttlSeconds * 1000 });
		return {
			access_token,
			refresh_token: randomToken(32),
			token_type: 'Bearer',
			expires_in: Math.max(1, Math.ceil(ttlSeconds)),
			user: { ...SANDBOX_USER },
		};
	}

	/**
	 * Identify the caller from `X-API-Key` or `Authorization: Bearer <API key | access token>`.
	 * @param {import('node:http').IncomingHttpHeaders} headers
	 * @returns {string} the rate-limit identity
	 */
	authenticate(headers) {
		const xKey = headers['x-api-key'];
		if (typeof xKey === 'string' && this.apiKeys.has(xKey.trim())) return `key:${xKey.trim()}`;
		const authz = headers.authorization;
		if (
			typeof authz === 'string' &&
			authz.length > 7 &&
			authz.slice(0, 7).toLowerCase() === 'bearer '
		) {
			const token = authz.slice(7).trim();
			if (this.apiKeys.has(token)) return `key:${token}`;
			const session = this.tokens.get(token);
			if (session) {
				if (session.expiresMs > Date.now()) return `user:${session.userId}`;
				this.tokens.delete(token);
				throw new ApiError(401, 'token_expired', 'Access token has expired; log in again');
			}
		}
		throw new ApiError(401, 'authentication_failed', AUTH_FAILED);
	}
}

/**
 * Fixed-window rate limiter, one counter per identity. Windows are aligned to multiples of the window length
 * since the epoch, so `X-RateLimit-Reset` (epoch seconds) is exactly the moment the next window starts.
 */
export class RateLimiter {
	/**
	 * @param {() => {rateLimit: number, rateWindowSeconds: number}} getConfig
	 */
	constructor(getConfig) {
		this.getConfig = getConfig;
		/** @type {Map<string, {window: number, count: number}>} */
		this.counters = new Map();
	}

	reset() {
		this.counters.clear();
	}

	/**
	 * Count one request for `identity`.
	 * @param {string} identity
	 * @param {number} [now]
	 * @returns {{allowed: boolean, headers: Record<string, string>}}
	 */
	hit(identity, now = Date.now()) {
		const { rateLimit: limit, rateWindowSeconds } = this.getConfig();
		const windowMs = rateWindowSeconds * 1000;
		const window = Math.floor(now / windowMs);
		let c = this.counters.get(identity);
		if (!c) this.counters.set(identity, (c = { window, count: 0 }));
		else if (c.window !== window) {
			c.window = window;
			c.count = 0;
		}
		const endMs = (window + 1) * windowMs;
		const reset = String(Math.ceil(endMs / 1000));
		if (c.count >= limit) {
			return {
				allowed: false,
				headers: {
					'X-RateLimit-Limit': String(limit),
					'X-RateLimit-Remaining': '0',
					'X-RateLimit-Reset': reset,
					'Retry-After': String(Math.max(1, Math.ceil((endMs - now) / 1000))),
				},
			};
		}
		c.count++;
		return {
			allowed: true,
			headers: {
				'X-RateLimit-Limit': String(limit),
				'X-RateLimit-Remaining': String(limit - c.count),
				'X-RateLimit-Reset': reset,
			},
		};
	}
}

import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { DEFAULT_SETTINGS, type RequestSettings } from './defaults';
import { parseResetHeader } from './policy';

/**
 * What one run holds while it talks to the service: the credential (its data read once a run, its secrets kept out of
 * errors and answers), each request's settings (merged here, once), and what the run learns: the rate-limit budget,
 * and the pacing and parallel slots that spend it.
 */

/** The n8n contexts that talk to the service: a node run, a list search, a poll. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_TYPE = 'smsPlatformApi';

/**
 * What one execution context (one node run, one poll, one list search) learns while it runs: the rate-limit headers
 * last seen, and its decrypted credentials, read once instead of once a request (n8n reads them from its database
 * and resolves their expressions each time). Keyed weakly by the context, so nothing outlives the run and nothing
 * is shared between runs or workflows.
 */
export interface Session {
	rate: RateState;
	/** A promise, so requests in flight at once share one object (and so one JWT login). */
	credentials?: Promise<ICredentialDataDecryptedObject>;
	/** Whether the API key was accepted by an API-key endpoint (learnt from a probe after a 401). */
	apiKeyWorks?: boolean;
	/** The route family that answered a request with two routes this run (routes.ts): asked first from then on. */
	family?: 'documented' | 'login';
	/** The token a login of this run issued (JWT): a 401 for it means the route does not take the login. */
	freshToken?: string;
	/** The families an execution hint has named this run (routes.ts). */
	routesTold?: Set<string>;
	/** Each item's Request Options, handed over by the router before the item's operation runs (node runs only). */
	itemSettings: Map<number, Partial<RequestSettings>>;
}

const sessions = new WeakMap<object, Session>();

export function sessionOf(ctx: object): Session {
	let session = sessions.get(ctx);
	if (!session) {
		session = { rate: { inFlight: 0 }, itemSettings: new Map() };
		sessions.set(ctx, session);
	}
	return session;
}

/**
 * The credential's data, read once per run. The same object is handed to n8n with each request, so a JWT login
 * (preAuthentication) stores its new token in it for the requests that follow.
 */
export async function credentialsOf(
	ctx: ApiContext,
	itemIndex?: number,
): Promise<ICredentialDataDecryptedObject> {
	const session = sessionOf(ctx);
	session.credentials ??= ctx.getCredentials(CREDENTIAL_TYPE, itemIndex);
	return await session.credentials;
}

/** What `httpRequestWithAuthentication` needs to use these credentials without reading them again. */
export function credentialsDecrypted(ctx: ApiContext, data: ICredentialDataDecryptedObject) {
	return {
		id: ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '',
		name: CREDENTIAL_TYPE,
		type: CREDENTIAL_TYPE,
		data,
	};
}

// ---- The credential's secrets, kept out of what comes back ----

/**
 * Keeps the credential's secrets out of errors and workflow data: a server or proxy may echo the Authorization
 * header or the key in its answer.
 */

const SECRET_FIELDS = ['apiKey', 'password', 'accessToken'];
const REDACTED = '***';

/** The credential's secrets as they may appear in a text (raw, trimmed, URL-encoded), longest first. */
async function secretsOf(
	ctx: ApiContext,
	itemIndex: number | undefined,
	minLength: number,
): Promise<string[]> {
	try {
		const credentials = await credentialsOf(ctx, itemIndex);
		return SECRET_FIELDS.map((field) => credentials[field])
			.filter((value): value is string => typeof value === 'string')
			.flatMap((value) => [value, value.trim(), encodeURIComponent(value.trim())])
			.filter((value) => value.length >= minLength)
			.sort((a, b) => b.length - a.length);
	} catch {
		return [];
	}
}

function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
	return out;
}

/** Replaces every secret in the texts of an error (message, description, context, stack...) or an answer. */
function scrub(
	target: Record<string, unknown>,
	secrets: string[],
	seen: Set<object>,
	depth: number,
	maxDepth: number,
): void {
	if (seen.has(target) || depth > maxDepth) return;
	seen.add(target);
	const keys = new Set([
		...Object.keys(target),
		'message',
		'description',
		'stack',
		'messages',
		'context',
		'cause',
	]);
	for (const key of keys) {
		let value: unknown;
		try {
			value = target[key];
		} catch {
			continue;
		}
		if (typeof value === 'string') {
			const clean = redact(value, secrets);
			if (clean !== value) {
				try {
					target[key] = clean;
				} catch {
					// read-only property: nothing to do
				}
			}
		} else if (value && typeof value === 'object' && key !== 'node') {
			scrub(value as Record<string, unknown>, secrets, seen, depth + 1, maxDepth);
		}
	}
}

/** Removes the secrets (4 characters or longer) from an error before it leaves the transport. */
export async function scrubError(ctx: ApiContext, error: Error, itemIndex?: number): Promise<void> {
	const secrets = await secretsOf(ctx, itemIndex, 4);
	if (secrets.length) scrub(error as unknown as Record<string, unknown>, secrets, new Set(), 0, 6);
}

/** Removes the secrets (8 characters or longer) from an answer before it becomes workflow data. */
export async function scrubAnswer(
	ctx: ApiContext,
	body: unknown,
	itemIndex?: number,
): Promise<void> {
	if (!body || typeof body !== 'object') return;
	const secrets = await secretsOf(ctx, itemIndex, 8);
	if (!secrets.length) return;
	// One native serialisation finds out whether there is anything to remove; the walk runs only then.
	const text = JSON.stringify(body);
	if (secrets.some((secret) => text.includes(secret))) {
		scrub(body as Record<string, unknown>, secrets, new Set(), 0, 32);
	}
}

// ---- Settings ----

/** The router hands over an item's Request Options: every request made for that item uses them (see settingsOf). */
export function useRequestOptions(
	ctx: ApiContext,
	itemIndex: number,
	settings: Partial<RequestSettings>,
): void {
	sessionOf(ctx).itemSettings.set(itemIndex, settings);
}

/**
 * The settings of one request, merged in one place: the request's own, else its item's Request Options, over the
 * defaults (a slow endpoint's longer timeout included, see settingsFor).
 */
export function settingsOf(
	ctx: ApiContext,
	req: { slow?: boolean; itemIndex?: number; settings?: Partial<RequestSettings> },
): RequestSettings {
	const ofItem =
		req.itemIndex === undefined ? undefined : sessionOf(ctx).itemSettings.get(req.itemIndex);
	return settingsFor(req.slow, req.settings ?? ofItem);
}

/** The settings of one request: its own values over the defaults; a slow route gets a longer default timeout. */
export function settingsFor(
	slow: boolean | undefined,
	own: Partial<RequestSettings> = {},
): RequestSettings {
	const { slowTimeoutMs, ...settings } = DEFAULT_SETTINGS;
	if (slow) settings.timeoutMs = slowTimeoutMs;
	for (const [key, value] of Object.entries(own)) {
		if (value !== undefined) settings[key as keyof RequestSettings] = value;
	}
	return settings;
}

/** What the last answer's rate-limit headers said, shared by the requests of one run (see sessionOf). */
export interface RateState {
	remaining?: number;
	resetAtMs?: number;
	/** Requests sent and not yet answered: they will use up budget the last answer still counted as free. */
	inFlight: number;
}

export function noteRateHeaders(state: RateState, headers: Record<string, string>): void {
	const remaining = headers['x-ratelimit-remaining'];
	if (remaining !== undefined && remaining.trim() !== '' && Number.isFinite(Number(remaining))) {
		state.remaining = Number(remaining);
		state.resetAtMs = parseResetHeader(headers['x-ratelimit-reset'], Date.now());
	}
}

/**
 * How long to wait before the next request: when the budget the last answer reported is used up (by that answer
 * or by requests in flight since), until the reset, instead of earning a 429. 0 when a request may go now.
 */
export function paceDelay(state: RateState, nowMs: number): number {
	if (state.remaining === undefined || state.resetAtMs === undefined) return 0;
	if (state.remaining - state.inFlight > 0) return 0;
	return Math.max(0, state.resetAtMs - nowMs);
}

/**
 * How many requests may be in flight at once: at most `wanted`, and never more than the budget the service last
 * reported (no headers: `wanted`). At least 1, so work goes on and pacing decides when.
 */
export function parallelBudget(state: RateState, wanted: number): number {
	if (state.remaining === undefined) return Math.max(1, wanted);
	return Math.max(1, Math.min(wanted, state.remaining));
}

/**
 * Requests in flight at once: at most `wanted`, and never more than the rate-limit budget the service last reported.
 * The first runs alone: its answer brings the budget (and a JWT login happens once, not once a request). The caller
 * starts each request itself once `free()` resolves and hands its promise to `add` (which must not reject), so the
 * request's own function is called by the caller, not by this class; `allDone()` waits for all.
 */
export class Slots {
	private readonly running = new Set<Promise<void>>();
	private first: Promise<void> | undefined;

	constructor(
		private readonly rate: RateState,
		private readonly wanted: number,
	) {}

	async free(): Promise<void> {
		if (this.first) await this.first;
		while (this.running.size >= parallelBudget(this.rate, this.wanted))
			await Promise.race(this.running);
	}

	add(run: Promise<void>): void {
		const tracked: Promise<void> = run.finally(() => this.running.delete(tracked));
		this.first ??= tracked;
		this.running.add(tracked);
	}

	async allDone(): Promise<void> {
		await Promise.all(this.running);
	}
}

/**
 * Room for several requests at once: at most Parallel Requests (from `settings`, else the default), and never more than
 * the rate-limit budget the service last reported. See Slots above.
 */
export function parallelSlots(ctx: ApiContext, settings: Partial<RequestSettings>): Slots {
	return new Slots(sessionOf(ctx).rate, parallelRequests(ctx, settings));
}

/** Parallel Requests (from `settings`, else the default). */
export function parallelRequests(ctx: ApiContext, settings: Partial<RequestSettings>): number {
	return settingsOf(ctx, { settings }).parallelRequests;
}

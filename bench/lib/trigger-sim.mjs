// The trigger benchmark: the COMPILED trigger (dist/nodes/SmsPlatform/SmsPlatformTrigger.node.js) polled in-process
// with a minimal fake IPollFunctions, against an in-memory notification list served like the service serves it:
// newest first, `page` / `page_size` (max 100), `{count, next, previous, results}`, UUID ids, `created_at` with
// second precision (so many records share a timestamp). A simulated clock advances one poll interval per poll.
//
// Events arrive in bursts between polls (many polls see none), and some arrive while a poll is reading pages (new
// records push the older ones down a page). After the last event the trigger keeps polling until it has emitted
// everything, then polls a while in steady state. Exactly-once is checked per event id.
//
// The list and the exactly-once tally are the jest trigger tests' own (sandbox/trigger-sim.cjs); this file adds the
// arrival pattern, the fake poll context for the compiled trigger, and the figures.
import { createRequire } from 'node:module';
import path from 'node:path';

import { prng } from '../../sandbox/prng.cjs';
import { ExactlyOnce, ServiceList } from '../../sandbox/trigger-sim.cjs';

const require = createRequire(import.meta.url);

/**
 * Loads the compiled trigger class.
 * @param {string} projectRoot
 */
export function loadTrigger(projectRoot) {
	const file = path.join(projectRoot, 'dist', 'nodes', 'SmsPlatform', 'SmsPlatformTrigger.node.js');
	const { SmsPlatformTrigger } = require(file);
	return { file, Trigger: SmsPlatformTrigger };
}

const idOf = (/** @type {number} */ index) =>
	`00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
const indexOf = (/** @type {string} */ id) => parseInt(id.slice(24), 16);
const isoSeconds = (/** @type {number} */ ms) =>
	new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * @typedef {object} SimOptions
 * @property {number} events total events to generate
 * @property {number} [seed]
 * @property {number} [maxEvents] the trigger's "Max Events per Poll" (undefined: its default)
 * @property {number} [pollIntervalMs] simulated time between polls (default 60 s)
 * @property {(rand: () => number) => number[]} [burst] sizes: returns the events of one interval as offsets (ms)
 * @property {number} [midPollChance] chance that events arrive just before a page is served
 * @property {number} [steadyPolls] polls after everything was emitted (steady state)
 * @property {number} [maxPolls] safety bound
 * @property {Array<{ atPoll: number, count: number, perSecond: number }>} [script] fixed bursts instead of random ones
 * @property {number} [drainLimit] polls allowed after the last event arrived (default 5000)
 * @property {number} [preexisting] notifications already there when the trigger is activated (default 5; not events)
 */

/**
 * The default arrival pattern: half the intervals quiet; otherwise a burst of about 100 events (exponential,
 * capped at 1,500) at a random moment of the interval, 1 to 200 events a second.
 * @param {() => number} rand
 * @param {number} intervalMs
 */
function defaultBurst(rand, intervalMs) {
	if (rand() < 0.5) return [];
	const count = Math.min(1500, 1 + Math.floor(-Math.log(1 - rand()) * 100));
	const perSecond = 1 + Math.floor(rand() * 200);
	const startOffset = Math.floor(rand() * intervalMs * 0.5);
	const offsets = [];
	for (let index = 0; index < count; index++)
		offsets.push(startOffset + Math.floor((index / perSecond) * 1000));
	return offsets.filter((offset) => offset < intervalMs);
}

/**
 * Runs one simulation. Returns the figures.
 * @param {any} Trigger the compiled class
 * @param {SimOptions} options
 */
export async function simulateTrigger(Trigger, options) {
	const {
		events,
		seed = 42,
		maxEvents,
		pollIntervalMs = 60_000,
		midPollChance = 0.02,
		steadyPolls = 200,
		maxPolls = 10_000_000,
		script,
		preexisting = 5,
		drainLimit = 5000,
	} = options;
	const rand = prng(seed);
	const trigger = new Trigger();
	const baseUrl = 'http://sandbox.sim';
	const list = new ServiceList(baseUrl, '/api/notifications/');
	const listUrl = `${baseUrl}${list.path}`;
	const tally = new ExactlyOnce();
	let now = Date.UTC(2026, 0, 1);
	let generated = 0;
	let requestsThisPoll = 0;
	// Service time never goes backwards in the list.
	let lastSecond = 0;
	/** @param {number} ms */
	const add = (ms) => {
		lastSecond = Math.max(Math.floor(ms / 1000) * 1000, lastSecond);
		const index = list.size;
		list.add({
			id: idOf(index),
			title: 'Payment received',
			message: `Notification number ${index + 1}`,
			type: 'info',
			is_read: false,
			created_at: isoSeconds(lastSecond),
		});
	};
	for (let index = 0; index < preexisting; index++) add(now - 3_600_000 + index * 1000);

	/** @param {number} ms */
	const arrive = (ms) => {
		if (generated < events) {
			add(ms);
			generated++;
		}
	};

	/** @type {Record<string, unknown>} */
	let staticData = {};
	const parameters = {
		event: 'newNotification',
		options: maxEvents === undefined ? {} : { maxEvents },
	};
	const node = {
		id: 'sim',
		name: 'SMS Platform Trigger',
		type: 'n8n-nodes-sms-platform.smsPlatformTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const credentials = { baseUrl, authMethod: 'apiKeyBearer', apiKey: 'sk_sim' };

	const makeContext = () => ({
		getNodeParameter: (/** @type {string} */ name, /** @type {unknown} */ fallback) =>
			name in parameters ? /** @type {any} */ (parameters)[name] : fallback,
		getWorkflowStaticData: () => staticData,
		getMode: () => 'trigger',
		getNode: () => node,
		getCredentials: async () => credentials,
		getTimezone: () => 'UTC',
		logger: {
			warn: () => void stats.warnings++,
			info: () => {},
			debug: () => {},
			error: () => void stats.warnings++,
			verbose: () => {},
		},
		helpers: {
			returnJsonArray: (/** @type {any[]} */ list) => list.map((json) => ({ json })),
			/**
			 * @param {string} _type
			 * @param {{ url: string, qs?: Record<string, unknown>, method: string }} request
			 */
			httpRequestWithAuthentication: async (_type, request) => {
				requestsThisPoll++;
				if (request.method !== 'GET' || !request.url.startsWith(listUrl)) {
					return {
						statusCode: 404,
						headers: {},
						body: {
							error: `Not found: ${request.method} ${request.url}`,
							code: 'not_found',
							details: {},
						},
					};
				}
				// Records created while the poll reads: they appear at the top and push older ones down.
				if (midPollChance > 0 && rand() < midPollChance) {
					const count = 1 + Math.floor(rand() * 20);
					for (let index = 0; index < count; index++) arrive(now);
				}
				const page = Number(request.qs?.page ?? 1);
				const pageSize = Number(request.qs?.page_size ?? 20);
				// Django's paginator: a page past the end is a 404.
				if (list.size > 0 && (page - 1) * Math.min(list.maxPageSize, pageSize) >= list.size) {
					return {
						statusCode: 404,
						headers: {},
						body: { error: 'Invalid page.', code: 'not_found', details: {} },
					};
				}
				return { statusCode: 200, headers: {}, body: list.page(page, pageSize) };
			},
		},
	});

	const stats = {
		polls: 0,
		requests: 0,
		emitted: 0,
		duplicates: 0,
		/** notifications from before the activation that were emitted (must be 0) */
		spurious: 0,
		/** warnings the trigger logged (e.g. records passed over) */
		warnings: 0,
		staticMaxBytes: 0,
		staticFinalBytes: 0,
		/** polls where nothing was new and nothing was left to emit */
		quiet: { polls: 0, requests: 0, max: 0 },
		/** polls that emitted events */
		withEvents: { polls: 0, requests: 0, max: 0, events: 0 },
		/** polls that ended with events still to emit (more than Max Events per Poll were waiting) */
		draining: { polls: 0, requests: 0, max: 0 },
		maxBacklog: 0,
		wallMs: 0,
	};
	/**
	 * @param {{ polls: number, requests: number, max: number }} bucket
	 * @param {number} requests
	 */
	const count = (bucket, requests) => {
		bucket.polls++;
		bucket.requests += requests;
		bucket.max = Math.max(bucket.max, requests);
	};

	const started = performance.now();
	let afterDone = 0;
	let pollsAfterGenerated = 0;
	let pollIndex = 0;
	// The first poll after activation takes the baseline: events before it are not "new". Activate on an empty list.
	for (;;) {
		if (stats.polls >= maxPolls) break;
		// Arrivals during the interval before this poll.
		const before = generated;
		if (pollIndex > 0 && generated < events) {
			const planned = script ? script.filter((entry) => entry.atPoll === pollIndex) : undefined;
			if (planned) {
				for (const entry of planned) {
					for (let index = 0; index < entry.count; index++)
						arrive(now - pollIntervalMs + 1000 + Math.floor((index / entry.perSecond) * 1000));
				}
			} else {
				for (const offset of defaultBurst(rand, pollIntervalMs))
					arrive(now - pollIntervalMs + offset);
			}
		}
		const newSincePoll = generated - before;
		const backlogBefore = generated - stats.emitted; // approximate: duplicates would make this lower
		stats.maxBacklog = Math.max(stats.maxBacklog, backlogBefore);

		requestsThisPoll = 0;
		const ctx = makeContext();
		const result = await trigger.poll.call(ctx);
		pollIndex++;
		stats.polls++;
		stats.requests += requestsThisPoll;
		const items = result ? result[0] : [];
		for (const item of items) {
			const id = String(item.json.id);
			if (indexOf(id) < preexisting) stats.spurious++;
			else if (tally.emitted.has(id)) stats.duplicates++;
			else stats.emitted++;
			tally.emit(id);
		}
		// n8n persists static data as JSON: round-trip it, and measure it.
		const json = JSON.stringify(staticData);
		const bytes = Buffer.byteLength(json);
		stats.staticMaxBytes = Math.max(stats.staticMaxBytes, bytes);
		stats.staticFinalBytes = bytes;
		staticData = JSON.parse(json);

		const leftToEmit = generated - stats.emitted;
		if (items.length > 0) {
			count(stats.withEvents, requestsThisPoll);
			stats.withEvents.events += items.length;
		} else if (newSincePoll === 0 && backlogBefore === 0) {
			count(stats.quiet, requestsThisPoll);
		}
		if (items.length > 0 && leftToEmit > 0) count(stats.draining, requestsThisPoll);

		now += pollIntervalMs;
		if (generated >= events) pollsAfterGenerated++;
		if (pollsAfterGenerated > drainLimit) break;
		if (generated >= events && leftToEmit <= 0 && items.length === 0) {
			afterDone++;
			if (afterDone > steadyPolls) break;
		}
		// Nothing can come any more (all events generated, a run of empty polls): stop, the rest are lost.
		if (generated >= events && items.length === 0 && leftToEmit > 0) {
			afterDone++;
			if (afterDone > steadyPolls) break;
		}
	}
	stats.wallMs = performance.now() - started;
	const expected = [];
	for (let index = preexisting; index < preexisting + generated; index++)
		expected.push(idOf(index));
	const { duplicates, unexpected, missing } = tally.check(expected);
	return {
		...stats,
		generated,
		missing: missing.length,
		duplicatedIds: duplicates.filter((id) => indexOf(id) >= preexisting).length,
		exactlyOnce: missing.length === 0 && duplicates.length === 0 && unexpected.length === 0,
	};
}

/**
 * Edge cases, each a small run with a scripted burst (default Max Events per Poll: 100).
 * @param {any} Trigger
 */
export async function stressCases(Trigger) {
	const cases = [
		{
			name: '1,500 events in one second',
			options: {
				events: 1500,
				script: [{ atPoll: 1, count: 1500, perSecond: 1_000_000 }],
				midPollChance: 0,
				steadyPolls: 30,
				maxPolls: 400,
			},
		},
		{
			name: '6,000 events between two polls (200/s)',
			options: {
				events: 6000,
				script: [{ atPoll: 1, count: 6000, perSecond: 200 }],
				midPollChance: 0,
				steadyPolls: 30,
				maxPolls: 400,
			},
		},
		{
			name: '300 events right after activation on an empty list',
			options: {
				events: 300,
				preexisting: 0,
				script: [{ atPoll: 1, count: 300, perSecond: 10 }],
				midPollChance: 0,
				steadyPolls: 30,
				maxPolls: 400,
			},
		},
		{
			name: '400 events in one second, more arriving while the polls read pages',
			options: {
				events: 1000,
				script: [{ atPoll: 1, count: 400, perSecond: 1_000_000 }],
				midPollChance: 0.5,
				steadyPolls: 30,
				maxPolls: 400,
			},
		},
	];
	const out = [];
	for (const entry of cases)
		out.push({ name: entry.name, result: await simulateTrigger(Trigger, entry.options) });
	return out;
}

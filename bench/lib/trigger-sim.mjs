// The trigger benchmark: the COMPILED trigger (dist/nodes/SmsPlatform/SmsPlatformTrigger.node.js) polled in-process
// with a minimal fake IPollFunctions (a fast stand-in for n8n's PollContext), against an in-memory notification list
// served like the service serves it: newest first, `page` / `page_size` (max 100), `{count, next, previous, results}`,
// a page past the end a 404, `created_at` with second precision (so many records share a timestamp).
//
// The scenario is the jest trigger tests' own (sandbox/trigger-scenario.cjs, with the list and the exactly-once tally
// of sandbox/trigger-sim.cjs), in its bursts model: a simulated clock advances one poll interval per poll, events
// arrive in bursts between polls (many polls see none) and some while a poll reads pages (new records push the older
// ones down a page); after the last event the trigger keeps polling until it has emitted everything, then polls a
// while in steady state. This file adds only how a poll is run, and the figures.
import { createRequire } from 'node:module';
import path from 'node:path';

import { runScenario } from '../../sandbox/trigger-scenario.cjs';
import { ServiceList } from '../../sandbox/trigger-sim.cjs';

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

/** @typedef {Omit<import('../../sandbox/trigger-scenario.cjs').ScenarioOptions, 'event' | 'list' | 'start'>} SimOptions */

/**
 * Runs one simulation. Returns the figures.
 * @param {any} Trigger the compiled class
 * @param {SimOptions} options
 */
export async function simulateTrigger(Trigger, options) {
	const baseUrl = 'http://sandbox.sim';
	const list = new ServiceList(baseUrl, '/api/notifications/');
	list.pastEndNotFound = true;
	let warnings = 0;
	const credentials = { baseUrl, authMethod: 'apiKeyBearer', apiKey: 'sk_sim' };
	const logger = {
		warn: () => void warnings++,
		info: () => {},
		debug: () => {},
		error: () => void warnings++,
		verbose: () => {},
	};

	/** @type {import('../../sandbox/trigger-scenario.cjs').ScenarioOptions['start']} */
	const start = (parameters, staticDataJson) => {
		const trigger = new Trigger();
		/** @type {Record<string, unknown>} */
		let staticData = JSON.parse(staticDataJson);
		const node = {
			id: 'sim',
			name: 'SMS Platform Trigger',
			type: 'n8n-nodes-sms-platform.smsPlatformTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters,
		};
		/** @param {string} mode */
		const context = (mode) => ({
			getNodeParameter: (/** @type {string} */ name, /** @type {unknown} */ fallback) =>
				name in parameters ? /** @type {any} */ (parameters)[name] : fallback,
			getWorkflowStaticData: () => staticData,
			getMode: () => mode,
			getNode: () => node,
			getCredentials: async () => credentials,
			getTimezone: () => 'UTC',
			logger,
			helpers: {
				returnJsonArray: (/** @type {any[]} */ items) => items.map((json) => ({ json })),
				/**
				 * @param {string} _type
				 * @param {{ url: string, qs?: Record<string, unknown>, method: string }} request
				 */
				httpRequestWithAuthentication: async (_type, request) => ({
					...list.answer(request.url, request.qs, request.method),
					headers: {},
				}),
			},
		});
		return {
			async poll(mode = 'trigger') {
				const result = await trigger.poll.call(context(mode));
				// n8n persists static data as JSON: round-trip it.
				staticData = JSON.parse(JSON.stringify(staticData));
				return result ? result[0].map((/** @type {any} */ item) => item.json) : null;
			},
			staticDataJson: () => JSON.stringify(staticData),
		};
	};

	const run = await runScenario({ ...options, event: 'newNotification', list, start });
	const { duplicates, unexpected, missing } = run.tally.check(run.expected);
	// The figures the report prints (sandbox/trigger-scenario.cjs says what each is), in their order.
	return {
		polls: run.polls,
		requests: run.requests,
		emitted: run.emitted,
		duplicates: run.duplicates,
		spurious: run.spurious,
		/** warnings the trigger logged (e.g. records passed over) */
		warnings,
		staticMaxBytes: run.staticMaxBytes,
		staticFinalBytes: run.staticFinalBytes,
		quiet: run.quiet,
		withEvents: run.withEvents,
		draining: run.draining,
		maxBacklog: run.maxBacklog,
		wallMs: run.wallMs,
		generated: run.generated,
		missing: missing.length,
		duplicatedIds: duplicates.filter((id) => !run.historic.has(id)).length,
		exactlyOnce: missing.length === 0 && duplicates.length === 0 && unexpected.length === 0,
	};
}

/**
 * Edge cases, each a small run with a scripted burst (default Max Events per Poll: 100).
 * @param {any} Trigger
 */
export async function stressCases(Trigger) {
	/** One scripted burst at the first poll after activation; no arrivals while pages are read unless said. */
	const edge = (
		/** @type {number} */ events,
		/** @type {number} */ count,
		/** @type {number} */ perSecond,
		/** @type {Partial<SimOptions>} */ more = {},
	) => ({
		events,
		script: [{ atPoll: 1, count, perSecond }],
		midPollChance: 0,
		steadyPolls: 30,
		maxPolls: 400,
		...more,
	});
	const cases = [
		{ name: '1,500 events in one second', options: edge(1500, 1500, 1_000_000) },
		{ name: '6,000 events between two polls (200/s)', options: edge(6000, 6000, 200) },
		{
			name: '300 events right after activation on an empty list',
			options: edge(300, 300, 10, { history: 0 }),
		},
		{
			name: '400 events in one second, more arriving while the polls read pages',
			options: edge(1000, 400, 1_000_000, { midPollChance: 0.5 }),
		},
	];
	const out = [];
	for (const entry of cases)
		out.push({ name: entry.name, result: await simulateTrigger(Trigger, entry.options) });
	return out;
}

// The one exactly-once scenario of the dev tools, run by the jest trigger tests (test/trigger/support/simulation.ts)
// and the benchmark (bench/lib/trigger-sim.mjs): the loop that advances the service's clock, makes records arrive,
// complete and change, injects faults, polls, and tallies what came out (sandbox/trigger-sim.cjs). Each side plugs in
// only how a poll is run: jest the TypeScript trigger in n8n's real PollContext with the list served through nock,
// the benchmark the compiled trigger in a fast stand-in context with the list answered in process.
// Two arrival models, chosen by the options: `polls` (jest) is a rough service over a fixed number of polls, `events`
// (benchmark) a given number of notifications in bursts between polls a simulated minute apart. The same seed gives
// the same run. CommonJS, so that jest's TypeScript tests can require it as the ES modules import it.
'use strict';

const { prng } = require('./prng.cjs');
const {
	ExactlyOnce,
	T0,
	iso,
	livePayment,
	notification,
	payment,
	settle: change,
	uuid,
} = require('./trigger-sim.cjs');

/** @typedef {import('./trigger-sim.cjs').ListRecord} ListRecord */
/** @typedef {import('./trigger-sim.cjs').ServiceList} ServiceList */

/**
 * How a poll is run: an active trigger with its static data, started from the static data JSON n8n stored.
 * @typedef {{ poll(mode?: 'trigger' | 'manual'): Promise<Array<Record<string, unknown>> | null>, staticDataJson(): string }} Poller
 */

/**
 * @typedef {object} ScenarioOptions
 * @property {'newNotification' | 'paymentCompleted'} event
 * @property {ServiceList} list the service's list; the caller's poller sends its requests to `list.answer()`
 * @property {(parameters: { event: string, options: { maxEvents?: number } }, staticDataJson: string) => Poller} start
 *   starts the trigger: at activation, and at each n8n restart (only the static data JSON survives)
 * @property {number} [seed]
 * @property {number} [maxEvents] Max Events per Poll at activation (undefined: the trigger's default)
 * @property {number} [history] records already there at activation (default 5)
 * @property {number} [polls] the rough service (jest): this many polls with records arriving at random (in bursts, in
 *   the middle of paging, many in the same second, ids in no relation to time), payments going pending → completed or
 *   failed later, requests failing (5xx, dropped connections: sometimes once, which the transport retries, sometimes
 *   for the rest of the poll), manual test fetches, and n8n restarts with a random Max Events per Poll; then all
 *   settles and the trigger drains.
 * @property {'documented' | 'newRecord' | 'grouped'} [shape] how the billing history shows a payment's life (issue 23).
 *   `documented` (default): pages, one record whose status changes, only `created_at`. `newRecord`: pages, the
 *   completion adds a record of its own with the same `transaction_id` (the initiation record stays pending, or is
 *   marked completed later). `grouped`: the real server's whole history at once, grouped by kind with other kinds mixed
 *   in, one record per payment whose status changes, with `completed_at` and `updated_at`; completed records are
 *   touched again now and then (a later `updated_at`).
 * @property {boolean} [updatedAtOnly] grouped payments with `updated_at` only
 * @property {number} [events] the bursts (benchmark): this many notifications, arriving in the interval before each poll
 *   (half the intervals quiet; otherwise a burst of about 100, up to 1,500, at 1 to 200 a second) or as scripted
 * @property {Array<{ atPoll: number, count: number, perSecond: number }>} [script] fixed bursts instead of random ones
 * @property {number} [intervalMs] simulated time between polls (default 60 s)
 * @property {number} [midPollChance] chance that 1 to 20 notifications arrive just before a page is served
 * @property {number} [steadyPolls] empty polls after the arrivals before the run stops, less one
 * @property {number} [drainLimit] polls allowed after the arrivals
 * @property {number} [maxPolls] safety bound
 */

/** Max Events per Poll after a restart: small ones make backlogs that take several polls (and pages) to drain. */
const MAX_EVENTS_CHOICES = [5, 20, 100];

/**
 * A burst of the benchmark: offsets (ms) into the interval of its events, none when the interval is quiet.
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

const bucket = () => ({ polls: 0, requests: 0, max: 0 });

/**
 * Runs one scenario; throws what a poll throws unless a fault was injected into it.
 * @param {ScenarioOptions} options
 */
async function runScenario(options) {
	const { event, list, start, polls, events = Infinity, intervalMs = 60_000 } = options;
	const rough = polls !== undefined;
	const random = prng(options.seed ?? 42);
	const chance = (/** @type {number} */ p) => random() < p;
	const between = (/** @type {number} */ min, /** @type {number} */ max) =>
		min + Math.floor(random() * (max - min + 1));
	const isPayments = event === 'paymentCompleted';
	const shape = options.shape ?? 'documented';
	const midPollChance = rough ? 0.3 : (options.midPollChance ?? 0.02);
	if (shape === 'grouped') list.shape = 'grouped';
	/** A payment is its transaction: the records of one payment share it. */
	const keyOf = (/** @type {Record<string, unknown>} */ r) => String(r.transaction_id ?? r.id);

	let now = rough ? T0 * 1000 : Date.UTC(2026, 0, 1);
	/** Service time (whole seconds) never goes backwards in the list. */
	let second = 0;
	const at = (/** @type {number} */ ms) => (second = Math.max(Math.floor(ms / 1000), second));
	let made = 0;
	let generated = 0;
	let activated = false;
	/** @type {ListRecord[]} */
	const all = [];
	/** @type {ListRecord[]} */
	const pending = [];
	/** Completed payments' records the service may touch again (grouped), or initiation records it may mark (newRecord). */
	/** @type {ListRecord[]} */
	const recent = [];

	/** @param {string} id @param {string} status */
	const paymentRecord = (id, status) => {
		const extra = { amount: between(1, 500) * 1000 };
		if (shape === 'documented') return payment(id, second, status, extra);
		if (shape === 'newRecord') return payment(id, second, status, { ...extra, transaction_id: id });
		const record = livePayment(id, second, status, extra);
		if (options.updatedAtOnly) delete record.completed_at;
		return record;
	};
	/** One new record at `ms`; after the activation, one of the `events`. */
	const create = (/** @type {number} */ ms) => {
		if (activated && generated >= events) return;
		at(ms);
		const id = rough
			? uuid(random)
			: `00000000-0000-4000-8000-${made.toString(16).padStart(12, '0')}`;
		made++;
		if (isPayments && shape === 'grouped' && chance(0.1)) {
			// Other kinds in the grouped history (it ignores the type filter): never payments.
			list.add({ ...payment(id, second, 'completed'), type: chance(0.5) ? 'usage' : 'purchase' });
			return;
		}
		const record = isPayments
			? paymentRecord(id, chance(0.6) ? 'pending' : 'completed')
			: notification(id, second, rough ? { is_read: chance(0.3) } : {});
		list.add(record);
		all.push(record);
		if (activated) generated++;
		if (record.status === 'pending') pending.push(record);
	};
	const complete = (/** @type {ListRecord} */ record) => {
		if (shape === 'newRecord') {
			// The initiation record stays pending; the completion is a record of its own.
			const done = payment(uuid(random), at(now), 'completed', {
				amount: record.amount,
				transaction_id: record.id,
			});
			list.add(done);
			all.push(done);
		} else change(record, 'completed', at(now));
		recent.push(record);
	};
	/** Payments move on: some pending ones complete, a few fail; the service touches a few recently completed ones. */
	const settle = (/** @type {number} */ pComplete, /** @type {number} */ pFail) => {
		if (!isPayments) return;
		for (let i = pending.length - 1; i >= 0; i--) {
			const roll = random();
			if (roll < pComplete) complete(pending[i]);
			else if (roll < pComplete + pFail) change(pending[i], 'failed', at(now));
			else continue;
			pending.splice(i, 1);
		}
		// Only recent ones: the trigger remembers the latest 200 payments done (the emitted ones among them).
		while (recent.length > 50) recent.shift();
		for (const record of recent) {
			if (!chance(0.05)) continue;
			if (shape === 'newRecord') record.status = 'completed';
			else if ('updated_at' in record) record.updated_at = iso(at(now));
		}
	};

	const history = options.history ?? 5;
	for (let i = 0; i < history; i++) {
		if (rough) now += chance(0.5) ? 0 : between(1, 30) * 1000;
		create(rough ? now : now - 3_600_000 + i * 1000);
	}
	if (rough) now += 1000;

	let midPaging = !rough;
	let faulty = false;
	let outageAt = Infinity;
	let requestIndex = 0;
	list.onRequest = () => {
		requestIndex++;
		// Arrivals (and completions) while the trigger is paging.
		if (midPaging && midPollChance > 0 && random() < midPollChance) {
			for (let k = between(1, rough ? 3 : 20); k > 0; k--) create(now);
			settle(0.2, 0.02);
		}
		if (!faulty) return undefined;
		if (requestIndex >= outageAt)
			return chance(0.5) ? { status: between(500, 504) } : { drop: true };
		if (chance(0.04)) return chance(0.5) ? { status: 500 } : { drop: true }; // once: the transport retries it
		return undefined;
	};

	const parameters = (/** @type {number | undefined} */ maxEvents) => ({
		event,
		options: maxEvents === undefined ? {} : { maxEvents },
	});
	let poller = start(parameters(options.maxEvents), '{}');
	const report = {
		/** What the activation poll (the baseline) emitted: null. */
		activation: /** @type {unknown} */ (undefined),
		tally: new ExactlyOnce(),
		/** Ids (of payments: transactions) that should come out exactly once. */
		expected: new Set(/** @type {string[]} */ ([])),
		/** What was there at activation (completed payments, notifications): never fires. */
		historic: new Set(/** @type {string[]} */ ([])),
		generated: 0,
		polls: 0,
		requests: 0,
		/** First emissions of new records, emissions again, emissions of historic ones. */
		emitted: 0,
		duplicates: 0,
		spurious: 0,
		/** Emitted records older than the one emitted before them (notifications come out in time order). */
		outOfOrder: 0,
		failedPolls: 0,
		/** The messages polls failed with (only polls a fault was injected into may fail). */
		failures: /** @type {string[]} */ ([]),
		restarts: 0,
		manualFetches: 0,
		/** Manual fetches that changed the static data (must be none). */
		manualChanged: 0,
		staticMaxBytes: 0,
		staticFinalBytes: 0,
		/** Polls where nothing was new and nothing was left to emit; polls that emitted; those that left some waiting. */
		quiet: bucket(),
		withEvents: { ...bucket(), events: 0 },
		draining: bucket(),
		maxBacklog: 0,
		/** Requests of each empty poll after the arrivals (the steady state). */
		steadyRequests: /** @type {number[]} */ ([]),
		wallMs: 0,
	};

	/** Before a poll of the rough service: time passes, records arrive, payments settle, n8n restarts, a manual fetch. */
	const roughStep = async () => {
		now += between(0, 2) * 1000;
		if (chance(0.5)) for (let k = between(1, 6); k > 0; k--) create(now);
		if (chance(0.02)) {
			// A burst (a broadcast, a batch of payments): many records in one second, more than a page.
			for (let k = between(30, isPayments ? 120 : 200); k > 0; k--) create(now);
			now += 1000;
		}
		settle(0.15, 0.03);
		if (chance(0.05)) {
			const maxEvents = MAX_EVENTS_CHOICES[between(0, MAX_EVENTS_CHOICES.length - 1)];
			poller = start(parameters(maxEvents), poller.staticDataJson());
			report.restarts++;
		}
		if (chance(0.03)) {
			const before = poller.staticDataJson();
			outageAt = Infinity;
			midPaging = false;
			await poller.poll('manual');
			if (poller.staticDataJson() !== before) report.manualChanged++;
			report.manualFetches++;
		}
		requestIndex = 0;
		midPaging = true;
		outageAt = chance(0.07) ? between(1, 2) : Infinity;
	};
	/** Before a poll of the bursts: a simulated interval passes, with its burst. */
	const burstStep = (/** @type {number} */ pollIndex) => {
		now += intervalMs;
		if (generated >= events) return;
		const planned = options.script?.filter((entry) => entry.atPoll === pollIndex);
		if (planned) {
			for (const entry of planned) {
				for (let index = 0; index < entry.count; index++)
					create(now - intervalMs + 1000 + Math.floor((index / entry.perSecond) * 1000));
			}
		} else {
			for (const offset of defaultBurst(random, intervalMs)) create(now - intervalMs + offset);
		}
	};

	// What the activation's baseline sees: history. Completed payments and all notifications up to here never fire.
	for (const r of all) if (!isPayments || r.status === 'completed') report.historic.add(keyOf(r));
	activated = true;
	const started = performance.now();
	let arrivalPolls = 0;
	let draining = false;
	let pollsAfter = 0;
	let emptyAfter = 0;
	let lastTime = 0;
	const steadyPolls = options.steadyPolls ?? (rough ? 2 : 200);
	const drainLimit = options.drainLimit ?? (rough ? 99 : 5000);
	for (;;) {
		if (report.polls >= (options.maxPolls ?? 10_000_000)) break;
		const activation = report.polls === 0;
		if (rough && !activation && !draining && arrivalPolls >= polls) {
			// Drain: everything settles, no more faults; poll until the trigger is quiet.
			draining = true;
			faulty = midPaging = false;
			outageAt = Infinity;
			settle(0.9, 0.1);
			for (const r of pending) complete(r);
			pending.length = 0;
			poller = start(parameters(1000), poller.staticDataJson());
		}
		const before = generated;
		if (!activation && rough && !draining) {
			await roughStep();
			arrivalPolls++;
		} else if (!activation && !rough) burstStep(report.polls);
		const newSincePoll = generated - before;
		const backlogBefore = generated - report.emitted;
		report.maxBacklog = Math.max(report.maxBacklog, backlogBefore);

		const requestsBefore = list.requests;
		let items = /** @type {Array<Record<string, unknown>> | null} */ (null);
		try {
			items = await poller.poll();
		} catch (error) {
			if (outageAt === Infinity) throw error;
			report.failures.push(/** @type {Error} */ (error).message);
			report.failedPolls++;
		}
		const requests = list.requests - requestsBefore;
		report.polls++;
		report.requests += requests;
		if (activation) {
			report.activation = items;
			faulty = rough;
		}
		for (const item of items ?? []) {
			const key = keyOf(item);
			if (report.historic.has(key)) report.spurious++;
			else if (report.tally.emitted.has(key)) report.duplicates++;
			else report.emitted++;
			report.tally.emit(key);
			const time = Date.parse(String(item.created_at));
			if (time < lastTime) report.outOfOrder++;
			lastTime = time;
		}
		const bytes = poller.staticDataJson().length;
		report.staticMaxBytes = Math.max(report.staticMaxBytes, bytes);
		report.staticFinalBytes = bytes;

		const count = items?.length ?? 0;
		const add = (/** @type {ReturnType<typeof bucket>} */ b) => {
			b.polls++;
			b.requests += requests;
			b.max = Math.max(b.max, requests);
		};
		if (count > 0) {
			add(report.withEvents);
			report.withEvents.events += count;
		} else if (newSincePoll === 0 && backlogBefore === 0) add(report.quiet);
		if (count > 0 && generated - report.emitted > 0) add(report.draining);

		if (rough ? draining : generated >= events) {
			if (++pollsAfter > drainLimit) break;
			if (count === 0) {
				report.steadyRequests.push(requests);
				if (++emptyAfter > steadyPolls) break;
			}
		}
	}
	report.wallMs = performance.now() - started;
	report.generated = generated;
	for (const r of all) {
		if (report.historic.has(keyOf(r))) continue;
		if (!isPayments || r.status === 'completed') report.expected.add(keyOf(r));
	}
	return report;
}

module.exports = { runScenario };

import type { IDataObject } from 'n8n-workflow';

import { ExactlyOnce } from '../../../sandbox/trigger-sim.cjs';

import { LiveTrigger } from './live';
import { ServiceList, T0, iso, livePayment, notification, payment, prng, uuid } from './service';
import type { Fault, ListRecord } from './service';

export type SimulatedEvent = 'newNotification' | 'paymentCompleted';

export interface SimulationOptions {
	event: SimulatedEvent;
	seed: number;
	polls: number;
	/** Records already there at activation. */
	history: number;
	/** Server cap on page_size (the node asks for 100). */
	maxPageSize?: number;
	/**
	 * How the billing history shows a payment's life (issue 23). `documented` (default): pages, one record whose status
	 * changes, only `created_at`. `newRecord`: pages, the completion adds a record of its own with the same
	 * `transaction_id` (the initiation record stays pending, or is marked completed later). `grouped`: the real
	 * server's whole history at once, grouped by kind with other kinds mixed in, one record per payment whose status
	 * changes, with `completed_at` and `updated_at` (`updated_at` only with `updatedAtOnly`); completed records are
	 * touched again now and then (a later `updated_at`).
	 */
	shape?: 'documented' | 'newRecord' | 'grouped';
	updatedAtOnly?: boolean;
}

export interface SimulationReport {
	/** Ids (of payments: transactions) the trigger should have emitted exactly once. */
	expected: Set<string>;
	/** How often each id (of payments: transaction) was emitted: the tally the benchmark uses too. */
	tally: ExactlyOnce;
	/** Emission order, for the order check. */
	sequence: ListRecord[];
	polls: number;
	failedPolls: number;
	restarts: number;
	manualFetches: number;
	requests: number;
	/** Largest static data (JSON length) seen after any poll. */
	maxStaticData: number;
	/** Requests of each of the last quiet polls (nothing new, no fault). */
	quietRequests: number[];
	created: number;
}

/** Max Events per Poll after a restart: small ones make backlogs that take several polls (and pages) to drain. */
const MAX_EVENTS_CHOICES = [5, 20, 100];

/**
 * A service with records arriving at random (in bursts, in the middle of paging, many in the same second), payments
 * going pending → completed or failed later, requests failing (5xx, dropped connections: sometimes once, which the
 * transport retries, sometimes for the rest of the poll), manual test fetches, and n8n restarts that keep only the
 * static data JSON. Returns what the trigger emitted, for the exactly-once check.
 */
export async function simulate(options: SimulationOptions): Promise<SimulationReport> {
	const random = prng(options.seed);
	const chance = (p: number) => random() < p;
	const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
	const isPayments = options.event === 'paymentCompleted';
	const shape = options.shape ?? 'documented';
	const list = isPayments
		? new ServiceList('/api/billing/history/', { type: 'payment' })
		: new ServiceList('/api/notifications/');
	list.maxPageSize = options.maxPageSize ?? 100;
	if (shape === 'grouped') list.shape = 'grouped';
	list.mount();

	let now = T0;
	const all: ListRecord[] = [];
	const pending: ListRecord[] = [];
	/** Completed payments' records the service may touch again (grouped), or initiation records it may mark (newRecord). */
	const recent: ListRecord[] = [];
	/** A payment is its transaction: the records of one payment share it. */
	const keyOf = (record: IDataObject) => String(record.transaction_id ?? record.id);
	const paymentRecord = (id: string, status: string): ListRecord => {
		const extra = { amount: between(1, 500) * 1000 };
		if (shape === 'documented') return payment(id, now, status, extra);
		if (shape === 'newRecord') return payment(id, now, status, { ...extra, transaction_id: id });
		const record = livePayment(id, now, status, extra);
		if (options.updatedAtOnly) delete record.completed_at;
		return record;
	};
	const create = () => {
		const id = uuid(random);
		if (isPayments && shape === 'grouped' && chance(0.1)) {
			// Other kinds in the grouped history (it ignores the type filter): never payments.
			list.add({ ...payment(id, now, 'completed'), type: chance(0.5) ? 'usage' : 'purchase' });
			return;
		}
		const record = isPayments
			? paymentRecord(id, chance(0.6) ? 'pending' : 'completed')
			: notification(id, now, { is_read: chance(0.3) });
		list.add(record);
		all.push(record);
		if (record.status === 'pending') pending.push(record);
	};
	const complete = (record: ListRecord) => {
		if (shape === 'newRecord') {
			// The initiation record stays pending; the completion is a record of its own.
			const done = payment(uuid(random), now, 'completed', {
				amount: record.amount,
				transaction_id: record.id,
			});
			list.add(done);
			all.push(done);
			recent.push(record);
			return;
		}
		record.status = 'completed';
		if ('updated_at' in record) record.updated_at = iso(now);
		if ('completed_at' in record) record.completed_at = iso(now);
		recent.push(record);
	};
	/** Payments move on: some pending ones complete, a few fail; the service touches a few recently completed ones. */
	const settle = (pComplete: number, pFail: number) => {
		for (let i = pending.length - 1; i >= 0; i--) {
			const roll = random();
			if (roll < pComplete) complete(pending[i]);
			else if (roll < pComplete + pFail) {
				pending[i].status = 'failed';
				if ('updated_at' in pending[i]) pending[i].updated_at = iso(now);
			} else continue;
			pending.splice(i, 1);
		}
		// Only recent ones: the trigger remembers the latest 200 payments done (the emitted ones among them).
		while (recent.length > 50) recent.shift();
		for (const record of recent) {
			if (!chance(0.05)) continue;
			if (shape === 'newRecord') record.status = 'completed';
			else if ('updated_at' in record) record.updated_at = iso(now);
		}
	};

	for (let i = 0; i < options.history; i++) {
		now += chance(0.5) ? 0 : between(1, 30);
		create();
	}
	now += 1;

	const parameters = (maxEvents: number): IDataObject => ({
		event: options.event,
		options: { maxEvents },
	});
	let live = new LiveTrigger(parameters(100));
	expect(await live.poll()).toBeNull();
	// What the baseline saw: history. Completed payments and all notifications up to here never fire.
	const historic = new Set(
		all.filter((r) => !isPayments || r.status === 'completed').map((r) => keyOf(r)),
	);

	const report: SimulationReport = {
		expected: new Set(),
		tally: new ExactlyOnce(),
		sequence: [],
		polls: 0,
		failedPolls: 0,
		restarts: 0,
		manualFetches: 0,
		requests: 0,
		maxStaticData: live.staticDataJson().length,
		quietRequests: [],
		created: 0,
	};

	let outageAt = Infinity;
	let requestIndex = 0;
	let midPaging = 0;
	list.onRequest = (): Fault => {
		requestIndex++;
		// Arrivals (and completions) while the trigger is paging.
		if (midPaging > 0 && chance(0.3)) {
			for (let k = between(1, 3); k > 0; k--) create();
			if (isPayments) settle(0.2, 0.02);
		}
		if (requestIndex >= outageAt)
			return chance(0.5) ? { status: between(500, 504) } : { drop: true };
		if (chance(0.04)) return chance(0.5) ? { status: 500 } : { drop: true }; // once: the transport retries it
		return undefined;
	};

	const record = (items: IDataObject[] | null) => {
		for (const item of items ?? []) {
			report.tally.emit(keyOf(item));
			report.sequence.push(item as ListRecord);
		}
	};

	for (let poll = 0; poll < options.polls; poll++) {
		now += between(0, 2);
		if (chance(0.5)) for (let k = between(1, 6); k > 0; k--) create();
		if (chance(0.02)) {
			// A burst (a broadcast, a batch of payments): many records in one second, more than a page.
			for (let k = between(30, isPayments ? 120 : 200); k > 0; k--) create();
			now += 1;
		}
		if (isPayments) settle(0.15, 0.03);

		if (chance(0.05)) {
			live = live.restart(
				parameters(MAX_EVENTS_CHOICES[between(0, MAX_EVENTS_CHOICES.length - 1)]),
			);
			report.restarts++;
		}
		if (chance(0.03)) {
			const before = live.staticDataJson();
			outageAt = Infinity;
			midPaging = 0;
			await live.poll('manual');
			expect(live.staticDataJson()).toBe(before);
			report.manualFetches++;
		}

		requestIndex = 0;
		midPaging = 1;
		outageAt = chance(0.07) ? between(1, 2) : Infinity;
		const requestsBefore = list.requests;
		try {
			record(await live.poll());
		} catch (error) {
			expect(outageAt).not.toBe(Infinity);
			expect((error as Error).message).toMatch(
				/^The service could not answer$|connection to the SMS Platform service broke off/,
			);
			report.failedPolls++;
		}
		report.polls++;
		report.requests += list.requests - requestsBefore;
		report.maxStaticData = Math.max(report.maxStaticData, live.staticDataJson().length);
	}

	// Drain: everything settles, no more faults; poll until the trigger is quiet.
	list.onRequest = undefined;
	settle(0.9, 0.1);
	for (const r of pending) complete(r);
	pending.length = 0;
	live = live.restart(parameters(1000));
	let quiet = 0;
	for (let poll = 0; poll < 100 && quiet < 3; poll++) {
		const requestsBefore = list.requests;
		const items = await live.poll();
		record(items);
		report.maxStaticData = Math.max(report.maxStaticData, live.staticDataJson().length);
		if (items === null) {
			quiet++;
			report.quietRequests.push(list.requests - requestsBefore);
		}
	}

	report.created = all.length - options.history;
	for (const r of all) {
		if (historic.has(keyOf(r))) continue;
		if (!isPayments || r.status === 'completed') report.expected.add(keyOf(r));
	}
	return report;
}

/** Exactly once, and that the run exercised what it claims (failures, restarts, manual fetches); bounded state. */
export function checkExactlyOnce(
	report: SimulationReport,
	event: SimulatedEvent,
	minPolls = 1000,
): void {
	const { duplicates, unexpected, missing } = report.tally.check(report.expected);
	expect({ duplicates, unexpected, missing }).toEqual({
		duplicates: [],
		unexpected: [],
		missing: [],
	});
	expect(report.polls).toBeGreaterThanOrEqual(minPolls);
	// The run did exercise what it claims to.
	expect(report.expected.size).toBeGreaterThan(minPolls);
	expect(report.failedPolls).toBeGreaterThan(minPolls / 50);
	expect(report.restarts).toBeGreaterThan(minPolls / 50);
	expect(report.manualFetches).toBeGreaterThan(minPolls / 100);
	// Static data stays small: a cursor, the ids at its second, pending payments.
	expect(report.maxStaticData).toBeLessThan(20_000);
	// Quiet steady state: one request a poll.
	expect(report.quietRequests).toEqual([1, 1, 1]);
	if (event === 'newNotification') {
		// Notifications come out in the service's time order.
		const times = report.sequence.map((r) => Date.parse(r.created_at));
		expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
	}
}

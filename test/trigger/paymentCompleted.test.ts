import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import type { TimelineState } from '../../nodes/SmsPlatform/events/timeline';
import {
	MAX_WATCHED_PAYMENTS,
	WATCH_MAX_AGE_MS,
} from '../../nodes/SmsPlatform/events/paymentCompleted';
import { API_KEY, BASE_URL, pollTrigger } from '../support/harness';
import { LiveTrigger } from './support/live';
import {
	ServiceList,
	T0,
	iso,
	livePayment,
	payment,
	ids,
	pollSequence as pollAll,
	settle,
} from './support/service';
import type { ListRecord } from './support/service';

const PARAMS: IDataObject = { event: 'paymentCompleted' };

const pollSequence = (
	steps: Array<() => void>,
	parameters: IDataObject = PARAMS,
	initial: IDataObject = {},
) => pollAll(steps, parameters, initial);

function history(): ServiceList {
	const list = new ServiceList('/api/billing/history/', { type: 'payment' });
	list.mount();
	return list;
}

describe('trigger paymentCompleted', () => {
	it('first activation sets a baseline from the newest record and emits nothing', async () => {
		const list = new ServiceList('/api/billing/history/');
		list.add(payment('p-old-1', T0 - 100, 'completed'));
		list.add(payment('p-old-2', T0, 'completed'));
		const exact = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get('/api/billing/history/')
			.query({ type: 'payment', page: '1', page_size: '100' })
			.reply(200, list.page(1, 100));

		const { items, staticData } = await pollTrigger({ parameters: PARAMS });

		expect(items).toBeNull();
		expect(staticData).toEqual({
			paymentCompleted: {
				config: JSON.stringify({ event: 'paymentCompleted' }),
				// `done`: the payments known completed (here at activation), so none passes for new later.
				timeline: {
					since: '2025-03-01T08:00:00.000Z',
					atSince: ['p-old-2'],
					pending: {},
					done: ['p-old-1', 'p-old-2'],
				},
				routes: { family: 'documented', credential: 'cred-1:apiKeyBearer' },
			},
		});
		exact.done();
	});

	it('emits one new completed payment once, as the record the service returned', async () => {
		const list = history();
		list.add(payment('p-old', T0, 'completed'));
		let added: IDataObject = {};
		const { emitted } = await pollSequence([
			() => {},
			() => {
				added = list.add(
					payment('p-new', T0 + 5, 'completed', {
						description: 'Mobile money payment for Starter',
					}),
				);
			},
			() => {},
		]);
		expect(emitted).toEqual([null, [added], null]);
		expect(emitted[1]![0]).toEqual({
			id: 'p-new',
			type: 'payment',
			description: 'Mobile money payment for Starter',
			amount: 25000,
			currency: 'TZS',
			status: 'completed',
			created_at: '2025-03-01T08:00:05Z',
		});
	});

	it('emits several new payments at once, oldest first', async () => {
		const list = history();
		list.add(payment('p-old', T0, 'completed'));
		const { emitted } = await pollSequence([
			() => {},
			() => {
				list.add(payment('p-c', T0 + 30, 'completed'));
				list.add(payment('p-a', T0 + 10, 'completed'));
				list.add(payment('p-b', T0 + 20, 'completed'));
			},
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], ['p-a', 'p-b', 'p-c'], []]);
	});

	it('remembers by id the payments sharing the boundary timestamp: a later one with that second still fires, none twice', async () => {
		const list = history();
		list.add(payment('p-old', T0, 'completed'));
		const { emitted, staticData } = await pollSequence([
			() => {},
			// Arrives after the baseline, in the baseline's own second.
			() => list.add(payment('p-a', T0, 'completed')),
			() => {
				list.add(payment('p-m', T0 + 7, 'completed'));
				list.add(payment('p-z', T0 + 7, 'completed'));
			},
			// Arrives after that poll, with the same second, and sorts between the two (by id).
			() => list.add(payment('p-q', T0 + 7, 'completed')),
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], ['p-a'], ['p-m', 'p-z'], ['p-q'], []]);
		expect((staticData.paymentCompleted as IDataObject).timeline).toEqual({
			since: iso(T0 + 7).replace('Z', '.000Z'),
			atSince: ['p-m', 'p-z', 'p-q'],
			pending: {},
			done: ['p-old', 'p-a', 'p-m', 'p-z', 'p-q'],
		});
	});

	it('fires a payment that was pending at an earlier poll when it is first seen completed, and never a failed one', async () => {
		const list = history();
		list.add(payment('p-old', T0, 'completed'));
		let pending: IDataObject = {};
		let failing: IDataObject = {};
		const { emitted, staticData } = await pollSequence([
			() => {},
			() => {
				pending = list.add(payment('p-1', T0 + 10, 'pending'));
				failing = list.add(payment('p-2', T0 + 11, 'pending'));
			},
			// Newer records arrive; p-1 is still pending.
			() => list.add(payment('p-3', T0 + 20, 'completed')),
			() => {
				pending.status = 'completed';
				failing.status = 'failed';
			},
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], [], ['p-3'], ['p-1'], []]);
		expect(emitted[3]![0]).toEqual(payment('p-1', T0 + 10, 'completed'));
		expect((staticData.paymentCompleted as IDataObject).timeline).toMatchObject({ pending: {} });
	});

	it('a payment pending at activation fires when it completes (not history: it completes after activation)', async () => {
		const list = history();
		list.add(payment('p-done', T0 - 50, 'completed'));
		const waiting = list.add(payment('p-wait', T0 - 40, 'pending'));
		list.add(payment('p-new', T0, 'completed'));
		const { emitted } = await pollSequence([
			() => {},
			() => {},
			() => {
				waiting.status = 'completed';
			},
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], [], ['p-wait'], []]);
	});

	it('a payment pending at activation beyond the first page is remembered too, and fires when it completes', async () => {
		const list = history();
		const waiting = list.add(payment('p-wait', T0 - 500, 'pending'));
		for (let i = 0; i < 150; i++)
			list.add(payment(`p-h${String(i).padStart(3, '0')}`, T0 - 400 + i, 'completed'));
		const { emitted } = await pollSequence([
			() => {},
			() => {
				waiting.status = 'completed';
			},
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], ['p-wait'], []]);
		// Re-checking it means reading back to it: 2 pages while it is pending, 1 once it is done.
		expect(list.requests).toBe(2 + 2 + 1);
	});

	it('a payment created and completed between two polls fires once; one seen completed is never re-fired', async () => {
		const list = history();
		const { emitted } = await pollSequence([
			() => list.add(payment('p-0', T0, 'completed')),
			() => list.add(payment('p-1', T0 + 1, 'completed')),
			() => {},
			() => {},
		]);
		expect(emitted.map(ids)).toEqual([[], ['p-1'], [], []]);
	});

	it('emits at most Max Events per Poll, oldest first; the rest follow at the next polls', async () => {
		const list = history();
		list.add(payment('p-base', T0, 'completed'));
		const params = { event: 'paymentCompleted', options: { maxEvents: 2 } };
		const { emitted } = await pollSequence(
			[
				() => {},
				() => {
					for (let i = 1; i <= 5; i++) list.add(payment(`p-${i}`, T0 + i, 'completed'));
				},
				() => {},
				() => {},
				() => {},
			],
			params,
		);
		expect(emitted.map(ids)).toEqual([[], ['p-1', 'p-2'], ['p-3', 'p-4'], ['p-5'], []]);
	});

	it('reads pages until it reaches the cursor when many arrived, and emits them all across polls exactly once', async () => {
		const list = history();
		list.add(payment('p-base', T0, 'completed'));
		const { emitted } = await pollSequence([
			() => {},
			() => {
				for (let i = 1; i <= 250; i++)
					list.add(payment(`p-${String(i).padStart(3, '0')}`, T0 + Math.ceil(i / 3), 'completed'));
			},
			() => {},
			() => {},
			() => {},
		]);
		expect(emitted.map((items) => (items ?? []).length)).toEqual([0, 100, 100, 50, 0]);
		const all = emitted.flatMap(ids);
		expect(all).toEqual(
			Array.from({ length: 250 }, (_, i) => `p-${String(i + 1).padStart(3, '0')}`),
		);
		// Polls 2..4 had to go down to the cursor: 3, 2 and 1 pages; then one request.
		expect(list.requests).toBe(1 + 3 + 2 + 1 + 1);
	});

	it('in steady state makes exactly one request per poll', async () => {
		const list = history();
		for (let i = 0; i < 150; i++) list.add(payment(`p-h${i}`, T0 - 1000 + i, 'completed'));
		let staticData: IDataObject = {};
		const perPoll: number[] = [];
		for (let poll = 0; poll < 10; poll++) {
			if (poll % 2)
				list.add(payment(`p-n${poll}`, T0 + poll, poll % 4 === 1 ? 'completed' : 'pending'));
			const before = list.requests;
			staticData = (await pollTrigger({ parameters: PARAMS, staticData })).staticData;
			perPoll.push(list.requests - before);
		}
		// The baseline reads back up to a week (at most 10 pages) for payments still pending; then one request a poll.
		expect(perPoll).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
	});

	it('passes over records that are not payments when the server ignores the type filter, and reads amounts sent as strings', async () => {
		nock(BASE_URL)
			.get('/api/billing/history/')
			.query(true)
			.reply(200, {
				count: 1,
				next: null,
				previous: null,
				results: [payment('p-0', T0, 'completed')],
			});
		const first = await pollTrigger({ parameters: PARAMS });
		const records = [
			payment('p-2', T0 + 2, 'completed', { amount: '15000.50' }),
			{ ...payment('u-1', T0 + 1, 'completed'), type: 'usage', amount: -12 },
			{ ...payment('b-1', T0 + 1, 'completed'), type: 'purchase' },
			payment('p-0', T0, 'completed'),
		];
		nock(BASE_URL)
			.get('/api/billing/history/')
			.query(true)
			.reply(200, { count: 4, next: null, previous: null, results: records });
		const second = await pollTrigger({ parameters: PARAMS, staticData: first.staticData });
		expect(second.items).toEqual([payment('p-2', T0 + 2, 'completed', { amount: 15000.5 })]);
		nock(BASE_URL)
			.get('/api/billing/history/')
			.query(true)
			.reply(200, { count: 4, next: null, previous: null, results: records });
		const third = await pollTrigger({ parameters: PARAMS, staticData: second.staticData });
		expect(third.items).toBeNull();
	});

	it('manual mode (Fetch Test Event) returns the most recent completed payment and leaves the state untouched', async () => {
		const list = history();
		list.add(payment('p-1', T0, 'completed'));
		const { staticData } = await pollTrigger({ parameters: PARAMS });
		list.add(payment('p-2', T0 + 10, 'completed'));
		list.add(payment('p-3', T0 + 20, 'pending'));

		const manual = await pollTrigger({ parameters: PARAMS, staticData, mode: 'manual' });
		expect(manual.items).toEqual([payment('p-2', T0 + 10, 'completed')]);
		expect(manual.staticData).toEqual(staticData);

		// The trigger still emits p-2 when active: the test fetch did not move the cursor.
		const next = await pollTrigger({ parameters: PARAMS, staticData: manual.staticData });
		expect(ids(next.items)).toEqual(['p-2']);
	});

	it('manual mode with no completed payment says so clearly, state untouched', async () => {
		const list = history();
		list.add(payment('p-1', T0, 'pending'));
		const live = new LiveTrigger(PARAMS, JSON.stringify({ other: 1 }));
		await expect(live.poll('manual')).rejects.toThrow(
			'No completed payment found yet to show as a test event',
		);
		expect(live.staticDataJson()).toBe(JSON.stringify({ other: 1 }));
	});

	it('forgets pending payments a week older than the cursor, so the state stays bounded', async () => {
		const list = history();
		list.add(payment('p-base', T0, 'completed'));
		const { emitted, staticData } = await pollSequence([
			() => {},
			() => list.add(payment('p-stuck', T0 + 10, 'pending')),
			() => list.add(payment('p-later', T0 + 10 + 7 * 24 * 3600 - 1, 'completed')),
			() => list.add(payment('p-much-later', T0 + 10 + 7 * 24 * 3600 + 1, 'completed')),
		]);
		expect(emitted.map(ids)).toEqual([[], [], ['p-later'], ['p-much-later']]);
		expect((staticData.paymentCompleted as IDataObject).timeline).toEqual({
			since: new Date((T0 + 10 + 7 * 24 * 3600 + 1) * 1000).toISOString(),
			atSince: ['p-much-later'],
			pending: {},
			done: ['p-base', 'p-later', 'p-much-later'],
		});
	});
});

/**
 * How a history shows a payment's life. Issue 23: a real server keeps one record per payment and changes its status,
 * with its creation time from before the trigger's cursor.
 */
interface Shape {
	name: string;
	/** Whether a record shows when its payment completed (a payment the watch let go still fires then). */
	showsCompletion: boolean;
	/** The list, mounted. */
	list(): ServiceList;
	/** A payment initiated at `seconds`: pending. */
	initiate(list: ServiceList, id: string, seconds: number): ListRecord;
	/** It completes at `seconds`. */
	complete(list: ServiceList, record: ListRecord, seconds: number): void;
	/** A payment that shows up only once completed: created at `created`, completed at `completed`. */
	completed(list: ServiceList, id: string, created: number, completed: number): ListRecord;
	/** The service changes the completed payment's records again at `seconds` (nothing for the payment's status). */
	touch(list: ServiceList, record: ListRecord, seconds: number): void;
}

function pagedHistory(): ServiceList {
	const list = new ServiceList('/api/billing/history/', { type: 'payment' });
	list.mount();
	return list;
}

function groupedHistory(): ServiceList {
	const list = pagedHistory();
	list.shape = 'grouped';
	// The grouped history ignores the type filter: other kinds come too.
	list.add({ ...payment('u-1', T0 - 7200, 'completed'), type: 'usage', amount: -12 });
	list.add({ ...payment('b-1', T0 - 7100, 'completed'), type: 'purchase' });
	return list;
}

/** The initiation record stays pending; the completion adds a record of its own with the same transaction. */
const documentedNewRecord: Shape = {
	name: 'documented history (page envelope), a new record at completion',
	showsCompletion: true,
	list: pagedHistory,
	initiate: (list, id, seconds) =>
		list.add(payment(id, seconds, 'pending', { transaction_id: id })),
	complete: (list, record, seconds) => {
		list.add(payment(`${record.id}-done`, seconds, 'completed', { transaction_id: record.id }));
	},
	completed(list, id, created, completed) {
		list.add(payment(id, created, 'pending', { transaction_id: id }));
		return list.add(payment(`${id}-done`, completed, 'completed', { transaction_id: id }));
	},
	// The initiation record is marked completed too, later.
	touch: (list, record) => {
		const initiation = list.newestFirst().find((r) => r.id === record.transaction_id);
		if (initiation) initiation.status = 'completed';
	},
};

/** The sandbox's documented profile: the record's status changes, it carries only `created_at`. */
const documentedInPlace: Shape = {
	name: 'documented history (page envelope), status changed in place, only created_at',
	showsCompletion: false,
	list: pagedHistory,
	initiate: (list, id, seconds) => list.add(payment(id, seconds, 'pending')),
	complete: (_list, record) => {
		record.status = 'completed';
	},
	completed: (list, id, created) => list.add(payment(id, created, 'completed')),
	touch: (_list, record) => {
		record.description = 'Mobile money payment (receipt sent)';
	},
};

/** The real server: grouped, one record per payment whose status changes, `completed_at` and `updated_at`. */
const grouped: Shape = {
	name: 'grouped history ({success, data: {payments}}), status changed in place, completed_at',
	showsCompletion: true,
	list: groupedHistory,
	initiate: (list, id, seconds) => list.add(livePayment(id, seconds, 'pending')),
	complete: (_list, record, seconds) => {
		settle(record, 'completed', seconds);
	},
	completed: (list, id, created, completed) =>
		list.add(
			livePayment(id, created, 'completed', {
				completed_at: iso(completed),
				updated_at: iso(completed),
			}),
		),
	touch: (_list, record, seconds) => {
		record.updated_at = iso(seconds);
	},
};

/** As above with `updated_at` only: the emitted-payment memory keeps a later update from firing it again. */
const groupedUpdatedAt: Shape = {
	...grouped,
	name: 'grouped history, status changed in place, updated_at only',
	initiate: (list, id, seconds) =>
		list.add(payment(id, seconds, 'pending', { transaction_id: id, updated_at: iso(seconds) })),
	completed: (list, id, created, completed) =>
		list.add(payment(id, created, 'completed', { transaction_id: id, updated_at: iso(completed) })),
};

const SHAPES = [documentedNewRecord, documentedInPlace, grouped, groupedUpdatedAt];

/** The payments a poll emitted (their transaction, else their id). */
const paymentsOf = (items: IDataObject[] | null) =>
	(items ?? []).map((item) => String(item.transaction_id ?? item.id));

describe.each(SHAPES)('trigger paymentCompleted, issue 23: $name', (shape) => {
	it('a payment pending at activation that completes later fires once, also across restarts', async () => {
		const list = shape.list();
		shape.completed(list, 'p-before', T0 - 60, T0 - 50);
		const waiting = shape.initiate(list, 'p-1', T0 - 40);
		shape.completed(list, 'p-base', T0, T0);
		let live = new LiveTrigger(PARAMS);
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
		live = live.restart();
		expect(await live.poll()).toBeNull();
		shape.complete(list, waiting, T0 + 60);
		const fired = await live.poll();
		expect(paymentsOf(fired)).toEqual(['p-1']);
		expect(fired![0]).toMatchObject({ status: 'completed', type: 'payment' });
		expect(await live.poll()).toBeNull();
		live = live.restart();
		expect(await live.poll()).toBeNull();
		shape.touch(list, fired![0] as ListRecord, T0 + 120);
		expect(await live.poll()).toBeNull();
		live = live.restart();
		expect(await live.poll()).toBeNull();
	});

	it(`a payment first seen completed, created before the cursor and completed after it, ${shape.showsCompletion ? 'fires once' : 'cannot be told from history (no completion time): nothing'}`, async () => {
		const list = shape.list();
		shape.completed(list, 'p-base', T0, T0);
		let live = new LiveTrigger(PARAMS);
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
		// Created an hour before the cursor; the history lists it only now, completed.
		const late = shape.completed(list, 'p-late', T0 - 3600, T0 + 60);
		expect(paymentsOf(await live.poll())).toEqual(shape.showsCompletion ? ['p-late'] : []);
		expect(await live.poll()).toBeNull();
		live = live.restart();
		shape.touch(list, late, T0 + 120);
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
	});

	it('a payment completed before activation never fires, also one created long before the newest record', async () => {
		const list = shape.list();
		shape.completed(list, 'p-base', T0, T0);
		// Created a day before the newest record, completed after it, before activation.
		const slow = shape.completed(list, 'p-slow', T0 - 86_400, T0 + 30);
		let live = new LiveTrigger(PARAMS);
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
		live = live.restart();
		shape.touch(list, slow, T0 + 90);
		expect(await live.poll()).toBeNull();
		// Nothing is left watched: the completed payment's pending record (if any) is history too.
		expect(JSON.parse(live.staticDataJson())).toMatchObject({
			paymentCompleted: { timeline: { pending: {} } },
		});
	});

	it(`the watch is bounded: at most ${MAX_WATCHED_PAYMENTS} payments, the oldest let go first`, async () => {
		const list = shape.list();
		shape.completed(list, 'p-base', T0, T0);
		const live = new LiveTrigger(PARAMS);
		expect(await live.poll()).toBeNull();
		const waiting = Array.from({ length: MAX_WATCHED_PAYMENTS + 1 }, (_, i) =>
			shape.initiate(list, `w-${String(i).padStart(3, '0')}`, T0 + 1 + i),
		);
		expect(await live.poll()).toBeNull();
		const watched = Object.keys(
			(JSON.parse(live.staticDataJson()) as { paymentCompleted: { timeline: TimelineState } })
				.paymentCompleted.timeline.pending,
		);
		expect(watched).toHaveLength(MAX_WATCHED_PAYMENTS);
		expect(watched).not.toContain('w-000');
		expect(watched).toContain('w-001');
		shape.complete(list, waiting[0], T0 + 1000);
		shape.complete(list, waiting[MAX_WATCHED_PAYMENTS], T0 + 1000);
		// The one let go fires only where its record says when it completed.
		const newest = `w-${MAX_WATCHED_PAYMENTS}`;
		expect(paymentsOf(await live.poll())).toEqual(
			shape.showsCompletion ? ['w-000', newest] : [newest],
		);
		expect(await live.poll()).toBeNull();
	});

	it('the watch is bounded in age: a payment created a week before the cursor is let go', async () => {
		const list = shape.list();
		shape.completed(list, 'p-base', T0, T0);
		const live = new LiveTrigger(PARAMS);
		expect(await live.poll()).toBeNull();
		const stuck = shape.initiate(list, 'p-stuck', T0 + 10);
		const kept = shape.initiate(list, 'p-kept', T0 + 20);
		expect(await live.poll()).toBeNull();
		const week = WATCH_MAX_AGE_MS / 1000;
		shape.completed(list, 'p-week', T0 + 15 + week, T0 + 15 + week);
		expect(paymentsOf(await live.poll())).toEqual(['p-week']);
		const state = JSON.parse(live.staticDataJson()) as {
			paymentCompleted: { timeline: TimelineState };
		};
		expect(Object.keys(state.paymentCompleted.timeline.pending)).toEqual(['p-kept']);
		shape.complete(list, stuck, T0 + 20 + week);
		shape.complete(list, kept, T0 + 20 + week);
		expect(paymentsOf(await live.poll())).toEqual(
			shape.showsCompletion ? ['p-kept', 'p-stuck'] : ['p-kept'],
		);
		expect(await live.poll()).toBeNull();
	});

	it('one request a poll when nothing changes, with payments watched on the first page', async () => {
		const list = shape.list();
		for (let i = 0; i < 40; i++)
			shape.completed(
				list,
				`p-h${String(i).padStart(2, '0')}`,
				T0 - 4000 + i * 60,
				T0 - 3990 + i * 60,
			);
		const waiting = [0, 1, 2].map((i) => shape.initiate(list, `p-w${i}`, T0 - 100 + i));
		let live = new LiveTrigger(PARAMS);
		const perPoll: number[] = [];
		const poll = async () => {
			const before = list.requests;
			const items = await live.poll();
			perPoll.push(list.requests - before);
			return paymentsOf(items);
		};
		expect(await poll()).toEqual([]);
		for (let i = 0; i < 3; i++) expect(await poll()).toEqual([]);
		live = live.restart();
		expect(await poll()).toEqual([]);
		shape.complete(list, waiting[1], T0 + 60);
		expect(await poll()).toEqual(['p-w1']);
		for (let i = 0; i < 3; i++) expect(await poll()).toEqual([]);
		expect(perPoll).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
	});
});

import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import {
	MAX_REMEMBERED_PAYMENTS,
	MAX_WATCHED_PAYMENTS,
} from '../../nodes/SmsPlatform/events/paymentCompleted';
import { MAX_BOUNDARY_IDS } from '../../nodes/SmsPlatform/events/timeline';
import type { TimelineState } from '../../nodes/SmsPlatform/events/timeline';
import { BASE_URL, pollTrigger } from '../support/harness';
import { LiveTrigger, failureOf } from './support/live';
import {
	ServiceBalance,
	ServiceList,
	T0,
	iso,
	livePayment,
	notification,
	payment,
	prng,
	uuid,
} from './support/service';

const NOTIFICATIONS = { event: 'newNotification' };
const PAYMENTS = { event: 'paymentCompleted' };

function inbox(): ServiceList {
	const list = new ServiceList('/api/notifications/');
	list.mount();
	return list;
}

function history(): ServiceList {
	const list = new ServiceList('/api/billing/history/', { type: 'payment' });
	list.mount();
	return list;
}

const ids = (items: IDataObject[] | null) =>
	(items ?? []).map((item) => item.transaction_id ?? item.id);

describe('trigger state', () => {
	it('an error in the middle of paging fails the poll clearly and leaves the state untouched; the next poll loses nothing', async () => {
		const list = inbox();
		list.add(notification('n-base', T0));
		let live = new LiveTrigger(NOTIFICATIONS);
		expect(await live.poll()).toBeNull();
		for (let i = 1; i <= 250; i++)
			list.add(notification(`n-${String(i).padStart(3, '0')}`, T0 + i));
		const before = live.staticDataJson();

		// Page 2 keeps failing (the transport's retries included).
		list.onRequest = ({ page }) =>
			page === 2 ? { status: 502, body: '<html><title>502 Bad Gateway</title></html>' } : undefined;
		const requestsBefore = list.requests;
		const error = await failureOf(live.poll());
		expect(error.message).toBe('The service could not answer');
		expect(error.description).toContain('GET /api/notifications/');
		expect(list.requests - requestsBefore).toBe(1 + 4); // page 1, page 2 tried 4 times
		expect(live.staticDataJson()).toBe(before);

		// The connection drops on page 3 this time.
		list.onRequest = ({ page }) => (page === 3 ? { drop: true } : undefined);
		await expect(live.poll()).rejects.toThrow(
			'The connection to the SMS Platform service broke off (ECONNRESET)',
		);
		expect(live.staticDataJson()).toBe(before);

		list.onRequest = undefined;
		live = live.restart();
		const all: unknown[] = [];
		for (let poll = 0; poll < 4; poll++) all.push(...ids(await live.poll()));
		expect(all).toEqual(
			Array.from({ length: 250 }, (_, i) => `n-${String(i + 1).padStart(3, '0')}`),
		);
	});

	it('an error leaves pending payments and the cursor as they were (static data carried as JSON)', async () => {
		const list = history();
		list.add(payment('p-0', T0, 'completed'));
		const first = await pollTrigger({ parameters: PAYMENTS });
		const waiting = list.add(payment('p-1', T0 + 1, 'pending'));
		const second = await pollTrigger({ parameters: PAYMENTS, staticData: first.staticData });
		expect(second.items).toBeNull();
		waiting.status = 'completed';
		list.add(payment('p-2', T0 + 2, 'completed'));
		list.onRequest = () => ({ status: 500 });
		const live = new LiveTrigger(PAYMENTS, JSON.stringify(second.staticData));
		await expect(live.poll()).rejects.toThrow('The service could not answer');
		expect(JSON.parse(live.staticDataJson())).toEqual(second.staticData);
		list.onRequest = undefined;
		expect(ids(await live.poll())).toEqual(['p-1', 'p-2']);
	});

	it('a 401 fails with the server words and what to do, state untouched', async () => {
		const list = inbox();
		list.add(notification('n-0', T0));
		const live = new LiveTrigger(NOTIFICATIONS);
		await live.poll();
		const before = live.staticDataJson();
		list.onRequest = () => ({
			status: 401,
			body: { error: 'Invalid API key', code: 'invalid_api_key', details: {} },
		});
		const error = await failureOf(live.poll());
		expect(error.message).toBe('The service did not accept the credential');
		expect(error.description).toContain(
			"The API key, sent as 'Authorization: Bearer', was not accepted",
		);
		expect(list.requests).toBe(2); // no retry on 401
		expect(live.staticDataJson()).toBe(before);
	});

	it('changing the event resets the state: a new baseline, no history, one bucket only', async () => {
		const notifications = inbox();
		const payments = history();
		const balance = new ServiceBalance();
		balance.mount();
		notifications.add(notification('n-0', T0));
		payments.add(payment('p-0', T0, 'completed'));

		const a = await pollTrigger({ parameters: NOTIFICATIONS });
		notifications.add(notification('n-1', T0 + 1));
		payments.add(payment('p-1', T0 + 1, 'completed'));

		// Switch to payments: a baseline (p-0 and p-1 are history), the notification bucket is gone.
		const b = await pollTrigger({ parameters: PAYMENTS, staticData: a.staticData });
		expect(b.items).toBeNull();
		expect(Object.keys(b.staticData)).toEqual(['paymentCompleted']);
		payments.add(payment('p-2', T0 + 2, 'completed'));
		const c = await pollTrigger({ parameters: PAYMENTS, staticData: b.staticData });
		expect(ids(c.items)).toEqual(['p-2']);

		// And back: n-1 arrived while the trigger watched payments, so it is history now.
		notifications.add(notification('n-2', T0 + 3));
		const d = await pollTrigger({ parameters: NOTIFICATIONS, staticData: c.staticData });
		expect(d.items).toBeNull();
		expect(Object.keys(d.staticData)).toEqual(['newNotification']);
		notifications.add(notification('n-3', T0 + 4));
		const e = await pollTrigger({ parameters: NOTIFICATIONS, staticData: d.staticData });
		expect(ids(e.items)).toEqual(['n-3']);

		const f = await pollTrigger({
			parameters: { event: 'lowBalance', threshold: 10 },
			staticData: e.staticData,
		});
		expect(Object.keys(f.staticData)).toEqual(['lowBalance']);
	});

	it('changing a parameter (Unread Only) resets the state; Max Events per Poll does not', async () => {
		const list = inbox();
		list.add(notification('n-0', T0));
		const a = await pollTrigger({ parameters: NOTIFICATIONS });
		list.add(notification('n-1', T0 + 1));
		const b = await pollTrigger({
			parameters: { event: 'newNotification', options: { maxEvents: 5 } },
			staticData: a.staticData,
		});
		expect(ids(b.items)).toEqual(['n-1']);
		list.add(notification('n-2', T0 + 2));
		const c = await pollTrigger({
			parameters: { event: 'newNotification', options: { unreadOnly: true } },
			staticData: b.staticData,
		});
		expect(c.items).toBeNull();
		expect((c.staticData.newNotification as IDataObject).config).toBe(
			JSON.stringify({ event: 'newNotification', unreadOnly: true }),
		);
	});

	it('manual mode on another event leaves the active event state untouched', async () => {
		const list = inbox();
		const payments = history();
		list.add(notification('n-0', T0));
		payments.add(payment('p-0', T0, 'completed'));
		const a = await pollTrigger({ parameters: NOTIFICATIONS });
		const manual = await pollTrigger({
			parameters: PAYMENTS,
			staticData: a.staticData,
			mode: 'manual',
		});
		expect(ids(manual.items)).toEqual(['p-0']);
		expect(manual.staticData).toEqual(a.staticData);
	});

	it('two workflows keep separate state (nothing lives in the module)', async () => {
		const list = inbox();
		list.add(notification('n-0', T0));
		const one = new LiveTrigger(NOTIFICATIONS);
		await one.poll();
		list.add(notification('n-1', T0 + 1));
		const two = new LiveTrigger(NOTIFICATIONS);
		expect(await two.poll()).toBeNull();
		list.add(notification('n-2', T0 + 2));
		expect(ids(await one.poll())).toEqual(['n-1', 'n-2']);
		expect(ids(await two.poll())).toEqual(['n-2']);
		expect(await one.poll()).toBeNull();
	});

	it('more records sharing one second than it can remember: that second is finished in one poll, the cursor moves past it, nothing twice', async () => {
		const list = inbox();
		list.add(notification('n-0', T0));
		let live = new LiveTrigger({ event: 'newNotification', options: { maxEvents: 1000 } });
		await live.poll();
		const burst = Math.max(1050, MAX_BOUNDARY_IDS * 2 + 50);
		for (let i = 0; i < burst; i++)
			list.add(notification(`n-b${String(i).padStart(4, '0')}`, T0 + 1));
		const emitted: unknown[] = [];
		for (let poll = 0; poll < 3; poll++) {
			emitted.push(...ids(await live.poll()));
			// Static data stays bounded whatever the burst.
			expect(live.staticDataJson().length).toBeLessThan(40_000);
			live = live.restart();
		}
		expect(emitted).toHaveLength(burst);
		expect(new Set(emitted).size).toBe(burst);
		expect(JSON.parse(live.staticDataJson())).toMatchObject({
			newNotification: { timeline: { since: '2025-03-01T08:00:01.001Z', atSince: [] } },
		});
		list.add(notification('n-after', T0 + 2));
		expect(ids(await live.poll())).toEqual(['n-after']);
	});

	it('remembers at most 200 pending payments (the newest), so static data stays bounded', async () => {
		const list = history();
		list.add(payment('p-0', T0, 'completed'));
		const live = new LiveTrigger(PAYMENTS);
		await live.poll();
		for (let i = 0; i < 300; i++)
			list.add(payment(`p-${String(i).padStart(3, '0')}`, T0 + 1 + i, 'pending'));
		expect(await live.poll()).toBeNull();
		const state = JSON.parse(live.staticDataJson()) as {
			paymentCompleted: { timeline: { pending: object } };
		};
		const pending = Object.keys(state.paymentCompleted.timeline.pending);
		expect(pending).toHaveLength(200);
		expect(pending).toContain('p-299');
		expect(pending).not.toContain('p-099');
		expect(live.staticDataJson().length).toBeLessThan(20000);
	});

	it('when more arrived than the page bound (5,000 records), it reads 50 pages, keeps going from there, and does not fail', async () => {
		const list = inbox();
		list.add(notification('n-0', T0));
		const live = new LiveTrigger({ event: 'newNotification', options: { maxEvents: 1000 } });
		await live.poll();
		for (let i = 1; i <= 5100; i++)
			list.add(notification(`n-${String(i).padStart(5, '0')}`, T0 + i));
		const requests = list.requests;
		const items = await live.poll();
		expect(list.requests - requests).toBe(50);
		// The oldest 100 were beyond the bound: passed over (logged), the next 1000 come first.
		expect(ids(items)[0]).toBe('n-00101');
		expect(items).toHaveLength(1000);
	});

	it('reads a list served without an envelope (bare array) and stops at a short page', async () => {
		const records = [notification('n-2', T0 + 2), notification('n-1', T0 + 1)];
		nock(BASE_URL).get('/api/notifications/').query(true).reply(200, [records[1]]);
		const a = await pollTrigger({ parameters: NOTIFICATIONS });
		nock(BASE_URL).get('/api/notifications/').query(true).reply(200, records);
		const b = await pollTrigger({ parameters: NOTIFICATIONS, staticData: a.staticData });
		expect(ids(b.items)).toEqual(['n-2']);
	});

	it(`Payment Completed state stays bounded: ${MAX_WATCHED_PAYMENTS} watched and the latest ${MAX_REMEMBERED_PAYMENTS} done, with UUIDs`, async () => {
		const random = prng(9);
		const list = history();
		list.shape = 'grouped';
		list.add(livePayment(uuid(random), T0, 'completed'));
		let live = new LiveTrigger({ event: 'paymentCompleted', options: { maxEvents: 1000 } });
		expect(await live.poll()).toBeNull();
		// updated_at only: a later update moves a record's time, only the memory tells it fired.
		const completed = Array.from({ length: 300 }, (_, i) => {
			const record = payment(uuid(random), T0 + 1 + i, 'completed', {
				updated_at: iso(T0 + 1 + i),
			});
			return list.add(record);
		});
		for (let i = 0; i < 300; i++) list.add(livePayment(uuid(random), T0 + 400 + i, 'pending'));
		expect(await live.poll()).toHaveLength(300);
		live = live.restart();
		const json = live.staticDataJson();
		const { timeline } = (JSON.parse(json) as { paymentCompleted: { timeline: TimelineState } })
			.paymentCompleted;
		expect(Object.keys(timeline.pending)).toHaveLength(MAX_WATCHED_PAYMENTS);
		expect(timeline.done).toEqual(completed.slice(-MAX_REMEMBERED_PAYMENTS).map((r) => r.id));
		// About 21,200 characters: 200 watched UUIDs with their creation times, 200 remembered UUIDs.
		expect(json.length).toBeLessThan(24_000);
		// The service updates every one of them again: the remembered ones stay quiet; the oldest, beyond the memory,
		// cannot be told from a completion and fire again (a record with completed_at keeps its time and never does).
		for (const record of completed) record.updated_at = iso(T0 + 1000);
		const again = await live.poll();
		expect(ids(again)).toEqual(
			completed
				.slice(0, 300 - MAX_REMEMBERED_PAYMENTS)
				.map((r) => r.id)
				.sort(),
		);
		expect(await live.poll()).toBeNull();
	});
});

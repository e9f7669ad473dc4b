/**
 * Payment Completed with the login, on a server that records a completion only when asked (issue 42; the real
 * service: billing/views_payment.py sync_pending_payments). While a payment is watched (seen pending), each poll asks
 * `POST …/payments/sync/` once before reading the list; what it records fires once. Nothing watched: no sync.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, jwtCredentials } from '../support/harness';
import { LiveTrigger } from './support/live';

const PATH = '/api/billing/payments/transactions/';
const SYNC = '/api/billing/payments/sync/';
const T0 = Date.parse('2026-11-20T06:00:00Z');
const local = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().replace('Z', '000+03:00');

function transaction(n: number, createdMs: number, status = 'pending'): IDataObject {
	return {
		id: `5eed0006-0000-4000-8000-${String(n).padStart(12, '0')}`,
		order_id: `MIFUMO-${n}`,
		amount: '899982.00',
		currency: 'TZS',
		payment_method_display: 'ZenoPay Mobile Money',
		status,
		created_at: local(createdMs),
		updated_at: local(createdMs),
		completed_at: status === 'completed' ? local(createdMs) : null,
	};
}

/** The server: its payments, what the provider already said of some, and every request (method and path). */
class Server {
	records: IDataObject[] = [];

	paidAtProvider = new Set<unknown>();

	/** Orders the provider cancelled: the sync leaves them pending, as branch main's does (issue 51). */
	cancelledAtProvider = new Set<unknown>();

	asked: string[] = [];

	mount(): void {
		nock(BASE_URL)
			.post('/api/auth/login/')
			.times(50)
			.reply(200, { tokens: { access: 'token', refresh: 'r' } });
		nock(BASE_URL)
			.persist()
			.post(SYNC)
			.reply(() => {
				this.asked.push(`POST ${SYNC}`);
				const results = this.records
					.filter((r) => r.status === 'pending')
					.map((r) => {
						if (!this.paidAtProvider.has(r.id)) return { id: r.id, status: 'pending' };
						Object.assign(r, {
							status: 'completed',
							completed_at: local(T0 + 60_000),
							updated_at: local(T0 + 60_000),
						});
						return { id: r.id, status: 'completed' };
					});
				return [200, { success: true, data: { checked: results.length, results } }];
			});
		nock(BASE_URL)
			.persist()
			.get((uri) => uri.endsWith('/progress/'))
			.reply((uri) => {
				this.asked.push(`GET ${uri}`);
				const record = this.records.find((r) => uri === `${PATH}${String(r.id)}/progress/`);
				if (!record) return [500, { success: false, message: 'No PaymentTransaction matches' }];
				const provider = this.cancelledAtProvider.has(record.id) ? 'FAIL' : 'PENDING';
				return [200, { success: true, data: { ...record, payment_status: provider } }];
			});
		nock(BASE_URL)
			.persist()
			.get((uri) => uri.split('?')[0] === PATH)
			.reply(() => {
				this.asked.push(`GET ${PATH}`);
				const all = [...this.records].sort(
					(a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)),
				);
				return [200, { count: all.length, next: null, previous: null, results: all }];
			});
	}
}

afterEach(() => nock.cleanAll());

describe('trigger paymentCompleted: completions recorded by one sync a poll', () => {
	it('a payment the provider completed and nobody asked about fires once; sync only while one is watched', async () => {
		const server = new Server();
		server.mount();
		server.records.push(transaction(1, T0 - 86_400_000, 'completed'));
		const live = new LiveTrigger({ event: 'paymentCompleted' }, '{}', jwtCredentials());
		// Activation: nothing watched, no sync.
		expect(await live.poll()).toBeNull();
		expect(server.asked).toEqual([`GET ${PATH}`]);
		const paid = transaction(2, T0);
		server.records.push(paid);
		server.asked.length = 0;
		// Seen pending for the first time: watched from now on (nothing was watched before this poll: no sync).
		expect(await live.poll()).toBeNull();
		expect(server.asked).toEqual([`GET ${PATH}`]);
		// Watched, the provider has not been paid yet: one sync, nothing recorded; the payment the sync left pending is
		// read once (has its provider declined it?); nothing fires.
		server.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(server.asked).toEqual([
			`POST ${SYNC}`,
			`GET ${PATH}${String(paid.id)}/progress/`,
			`GET ${PATH}`,
		]);
		// Paid at the provider: the next poll's sync records it, the read sees it completed, it fires once.
		server.paidAtProvider.add(paid.id);
		server.asked.length = 0;
		const fired = await live.poll();
		expect(server.asked).toEqual([`POST ${SYNC}`, `GET ${PATH}`]);
		expect((fired ?? []).map((item) => item.transaction_id)).toEqual([paid.id]);
		expect(fired![0]).toMatchObject({ status: 'completed', amount: 899982 });
		// Nothing watched any more: no sync, nothing fires again, also after a restart.
		server.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(await live.restart().poll()).toBeNull();
		expect(server.asked).toEqual([`GET ${PATH}`, `GET ${PATH}`]);
	});

	it('a payment the provider declined that the sync leaves pending (branch main) is let go at the next poll, never fired; one read a poll, each watched payment in turn', async () => {
		const server = new Server();
		server.mount();
		const live = new LiveTrigger({ event: 'paymentCompleted' }, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		const [first, second] = [transaction(3, T0), transaction(4, T0 + 1000)];
		server.records.push(first, second);
		// Seen pending: both watched.
		expect(await live.poll()).toBeNull();
		// Neither declined: one sync, then the progress of one of them (the first in key order), then the list.
		server.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(server.asked).toEqual([
			`POST ${SYNC}`,
			`GET ${PATH}${String(first.id)}/progress/`,
			`GET ${PATH}`,
		]);
		// The second is cancelled at the provider: the next poll reads it (its turn) and lets it go.
		server.cancelledAtProvider.add(second.id);
		server.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(server.asked).toEqual([
			`POST ${SYNC}`,
			`GET ${PATH}${String(second.id)}/progress/`,
			`GET ${PATH}`,
		]);
		// Only the first is watched now: it is read in turn, the declined one never again; one sync a poll.
		server.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
		expect(server.asked.filter((a) => a.includes(String(second.id)))).toEqual([]);
		expect(server.asked.filter((a) => a === `POST ${SYNC}`)).toHaveLength(2);
		// The first completes: it fires; the declined one never does, nothing is watched, no sync.
		server.paidAtProvider.add(first.id);
		server.asked.length = 0;
		const fired = await live.poll();
		expect((fired ?? []).map((item) => item.transaction_id)).toEqual([first.id]);
		server.asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(server.asked).toEqual([`GET ${PATH}`]);
	});

	it("with the login on a server of the API reference's routes (no sync there): the sync is never asked", async () => {
		nock(BASE_URL)
			.post('/api/auth/login/')
			.times(10)
			.reply(200, { tokens: { access: 'token', refresh: 'r' } });
		const asked: string[] = [];
		// The reference's server: the service's own routes are missing, its billing history answers.
		nock(BASE_URL)
			.persist()
			.intercept(() => true, 'POST')
			.reply((uri) => (asked.push(`POST ${uri.split('?')[0]}`), [404, '<h1>Not Found</h1>']));
		nock(BASE_URL)
			.persist()
			.get((uri) => uri.split('?')[0] === PATH)
			.reply(() => (asked.push(`GET ${PATH}`), [404, '<h1>Not Found</h1>']));
		const pending = {
			id: 'h-9',
			transaction_id: 'tx-9',
			type: 'payment',
			amount: 5000,
			status: 'pending',
			created_at: new Date(T0).toISOString(),
		};
		nock(BASE_URL)
			.persist()
			.get((uri) => uri.split('?')[0] === '/api/billing/history/')
			.reply(() => {
				asked.push('GET /api/billing/history/');
				return [200, { success: true, data: [pending] }];
			});
		const live = new LiveTrigger({ event: 'paymentCompleted' }, '{}', jwtCredentials());
		// The first poll learns the family (the service's list is missing: one 404); the payment is watched from then.
		expect(await live.poll()).toBeNull();
		expect(asked).toEqual([`GET ${PATH}`, 'GET /api/billing/history/']);
		asked.length = 0;
		expect(await live.poll()).toBeNull();
		expect(await live.restart().poll()).toBeNull();
		expect(asked).toEqual(['GET /api/billing/history/', 'GET /api/billing/history/']);
		const state = JSON.parse(live.staticDataJson()) as {
			paymentCompleted: { timeline: { pending: IDataObject } };
		};
		expect(Object.keys(state.paymentCompleted.timeline.pending)).toEqual(['tx-9']);
	});

	it('a failing sync does not fail the poll: the list is read as it stands', async () => {
		nock(BASE_URL)
			.post('/api/auth/login/')
			.times(10)
			.reply(200, { tokens: { access: 'token', refresh: 'r' } });
		const pending = transaction(3, T0);
		nock(BASE_URL)
			.persist()
			.get((uri) => uri.split('?')[0] === PATH)
			.reply(200, { count: 1, next: null, previous: null, results: [pending] });
		const sync = nock(BASE_URL).post(SYNC).reply(404, '<h1>Not Found</h1>');
		const live = new LiveTrigger({ event: 'paymentCompleted' }, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
		expect(sync.isDone()).toBe(true);
		// Still watched: it fires when the list shows it completed.
		const state = JSON.parse(live.staticDataJson()) as {
			paymentCompleted: { timeline: { pending: IDataObject } };
		};
		expect(Object.keys(state.paymentCompleted.timeline.pending)).toEqual([pending.id]);
	});
});

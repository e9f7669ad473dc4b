/**
 * Payment Completed with the email and password login (issue 28): the trigger reads the real server's payment
 * transactions (`GET /api/billing/payments/transactions/`, billing/views_payment.py PaymentTransactionListView), where
 * a payment's own status changes, not the billing history (which lists a package's payment as its purchase). Served
 * here as that view does: newest created first, 20 a page whatever `page_size` says, a page past the end 404, the
 * serializer's fields (amount as a decimal string, times with the server's offset). With an API key nothing changes
 * (test/trigger/paymentCompleted.test.ts: the documented history, one request).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { endpoints } from '../../nodes/SmsPlatform/endpoints';
import { paymentRecord } from '../../nodes/SmsPlatform/loginAnswers';
import { BASE_URL, jwtCredentials } from '../support/harness';
import { LiveTrigger } from './support/live';

const PATH = '/api/billing/payments/transactions/';
const PARAMS: IDataObject = { event: 'paymentCompleted' };
const T0 = Date.parse('2026-11-20T06:00:00Z');

/** The server's time for `ms`, as it writes it (Africa/Dar_es_Salaam, microseconds). */
function local(ms: number): string {
	return new Date(ms + 3 * 3600_000).toISOString().replace('Z', '000+03:00');
}

function transaction(n: number, createdMs: number, status = 'pending'): IDataObject {
	const id = `5eed0006-0000-4000-8000-${String(n).padStart(12, '0')}`;
	return {
		id,
		order_id: `MIFUMO-20261120-DP${String(n).padStart(6, '0')}`,
		zenopay_order_id: `zp-${n}`,
		invoice_number: `INV-20261120-DP${String(n).padStart(6, '0')}`,
		amount: '899982.00',
		currency: 'TZS',
		buyer_email: 'baraka@dukapoa.test',
		payment_method: 'zenopay_mobile_money',
		payment_method_display: 'ZenoPay Mobile Money',
		status,
		status_display: status.charAt(0).toUpperCase() + status.slice(1),
		webhook_received: false,
		created_at: local(createdMs),
		updated_at: local(createdMs),
		completed_at: status === 'completed' ? local(createdMs) : null,
		failed_at: null,
		error_message: '',
		purchase_data: { id: `5eed0007-${n}`, package_name: 'Lite', credits: 49999, unit_price: 18 },
	};
}

/** `mark_as_completed`: the status, `completed_at` and `updated_at` change; `created_at` stays. */
function complete(record: IDataObject, atMs: number): void {
	record.status = 'completed';
	record.status_display = 'Completed';
	record.completed_at = local(atMs);
	record.updated_at = local(atMs);
}

/** The real server's list: what it holds, and every request it got (path and query). */
class TransactionList {
	records: IDataObject[] = [];

	asked: string[] = [];

	add(record: IDataObject): IDataObject {
		this.records.push(record);
		return record;
	}

	mount(): void {
		nock(BASE_URL)
			.post('/api/auth/login/')
			.times(20)
			.reply(200, { tokens: { access: 'token', refresh: 'r' } });
		nock(BASE_URL)
			.persist()
			.get((uri) => uri.split('?')[0] === PATH)
			.reply((uri) => {
				this.asked.push(uri);
				const query = new URL(uri, BASE_URL).searchParams;
				const page = Number(query.get('page') ?? 1);
				const sorted = [...this.records].sort(
					(a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)),
				);
				const status = query.get('status');
				const all = status ? sorted.filter((r) => r.status === status) : sorted;
				const pages = Math.max(1, Math.ceil(all.length / 20));
				if (page > pages) return [404, { detail: 'Invalid page.' }];
				const link = (n: number) => `http://testserver${PATH}?page=${n}`;
				return [
					200,
					{
						count: all.length,
						next: page < pages ? link(page + 1) : null,
						previous: page > 1 ? link(page - 1) : null,
						results: all.slice((page - 1) * 20, page * 20),
					},
				];
			});
	}
}

const transactionsOf = (items: IDataObject[] | null) =>
	(items ?? []).map((item) => String(item.transaction_id));

describe('trigger paymentCompleted with the login: the payment transactions', () => {
	afterEach(() => nock.cleanAll());

	it('reads a transaction as the documented payment record, its transaction in transaction_id', () => {
		const record = transaction(4, T0);
		expect(paymentRecord(record)).toEqual({
			id: record.id,
			type: 'payment',
			description: 'Payment of 899982.00 TZS via ZenoPay Mobile Money',
			amount: '899982.00',
			currency: 'TZS',
			status: 'pending',
			created_at: record.created_at,
			transaction_id: record.id,
			...record,
		});
		const page = { count: 1, next: null, previous: null, results: [record] };
		expect(endpoints.payments().login?.toDocumented?.(page)).toEqual({
			...page,
			results: [paymentRecord(record)],
		});
		// The login route gets no type filter (the list has none; its records are all payments).
		expect(endpoints.payments()).toMatchObject({
			path: '/api/billing/history/',
			login: { path: PATH, qs: {} },
		});
	});

	it('a payment pending at activation fires once when it completes; re-polls and restarts do not repeat it', async () => {
		const list = new TransactionList();
		list.mount();
		list.add(transaction(1, T0 - 3 * 86_400_000, 'completed'));
		list.add(transaction(3, T0 - 2 * 86_400_000, 'failed'));
		const waiting = list.add(transaction(4, T0 - 86_400_000));
		let live = new LiveTrigger(PARAMS, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
		complete(waiting, T0);
		const fired = await live.poll();
		expect(transactionsOf(fired)).toEqual([waiting.id]);
		expect(fired![0]).toMatchObject({
			type: 'payment',
			status: 'completed',
			amount: 899982,
			currency: 'TZS',
			order_id: waiting.order_id,
			completed_at: waiting.completed_at,
		});
		// One id: `id` repeated `transaction_id` (as Initiate Payment's output).
		expect(fired![0].id).toBeUndefined();
		expect(await live.poll()).toBeNull();
		live = live.restart();
		expect(await live.poll()).toBeNull();
		// The server touches the record again (a later updated_at): still once.
		waiting.updated_at = local(T0 + 60_000);
		expect(await live.poll()).toBeNull();
		// Only the login's list was read, each poll one request of page 1 (the page size is the node's, ignored there).
		expect(new Set(list.asked)).toEqual(new Set([`${PATH}?page=1&page_size=100`]));
	});

	it('new payments completed between polls fire once each, oldest completion first; failed ones never', async () => {
		const list = new TransactionList();
		list.mount();
		list.add(transaction(1, T0 - 86_400_000, 'completed'));
		const live = new LiveTrigger(PARAMS, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		const a = list.add(transaction(10, T0 + 1000));
		const b = list.add(transaction(11, T0 + 2000));
		const c = list.add(transaction(12, T0 + 3000));
		complete(b, T0 + 5000);
		complete(a, T0 + 6000);
		c.status = 'failed';
		expect(transactionsOf(await live.poll())).toEqual([b.id, a.id]);
		expect(await live.poll()).toBeNull();
		expect(await live.poll()).toBeNull();
	});

	it('a payment pending at activation on the second page (20 a page) fires when it completes, once', async () => {
		const list = new TransactionList();
		list.mount();
		const old = list.add(transaction(1, T0 - 3600_000));
		for (let n = 2; n <= 25; n++) list.add(transaction(n, T0 - 3600_000 + n * 1000, 'completed'));
		const live = new LiveTrigger(PARAMS, '{}', jwtCredentials());
		expect(await live.poll()).toBeNull();
		// The whole list at activation: two pages, never the 404 of a third.
		expect(list.asked).toEqual([`${PATH}?page=1&page_size=100`, `${PATH}?page=2&page_size=100`]);
		complete(old, T0);
		expect(transactionsOf(await live.poll())).toEqual([old.id]);
		expect(await live.poll()).toBeNull();
	});
});

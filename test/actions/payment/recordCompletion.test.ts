/**
 * Payment → Get Status with the login (issue 42): the real service records a completion only when asked. When its
 * progress route shows the provider's answer beside a stored `pending`, the node asks `POST …/payments/sync/` once and
 * reads again only if the sync recorded this payment. Never the 60-second `…/status/` route.
 */
import nock from 'nock';

import { BASE_URL, jwtCredentials, runNode } from '../../support/harness';

const TX = '5eed0006-0000-4000-8000-000000000004';
const PROGRESS = `/api/billing/payments/transactions/${TX}/progress/`;
const SYNC = '/api/billing/payments/sync/';

const progress = (status: string, provider: string) => ({
	success: true,
	data: {
		transaction_id: TX,
		order_id: 'MIFUMO-20261120-DP000004',
		amount: 899982.0,
		currency: 'TZS',
		status,
		payment_status: provider,
		completed_at: status === 'completed' ? '2026-11-28T10:00:00+03:00' : null,
	},
});
const synced = (status: string) => ({
	success: true,
	data: { checked: 2, updated: 1, failed_checks: 0, results: [{ id: TX, status }] },
});

/** Every request the node sent, as `METHOD path`. */
function recorder() {
	const seen: string[] = [];
	nock(BASE_URL)
		.post('/api/auth/login/')
		.reply(200, { tokens: { access: 'jwt-1' } });
	return {
		seen,
		on: (method: 'get' | 'post', path: string, status: number, body: object) => {
			const server = nock(BASE_URL);
			const route = method === 'get' ? server.get(path) : server.post(path);
			return route.reply(status, () => (seen.push(`${method.toUpperCase()} ${path}`), body));
		},
	};
}

const run = async () =>
	(
		await runNode({
			parameters: { resource: 'payment', operation: 'getStatus', transactionId: TX },
			credentials: jwtCredentials(),
		})
	).output[0].json;

afterEach(() => nock.cleanAll());

describe('payment.getStatus: a completion recorded once', () => {
	it('pending, the provider answered, sync records it completed: read again, outputs completed (3 requests)', async () => {
		const wire = recorder();
		wire.on('get', PROGRESS, 200, progress('pending', 'SUCCESS'));
		wire.on('post', SYNC, 200, synced('completed'));
		wire.on('get', PROGRESS, 200, progress('completed', 'SUCCESS'));
		expect(await run()).toEqual({
			id: TX,
			order_id: 'MIFUMO-20261120-DP000004',
			amount: 899982,
			currency: 'TZS',
			status: 'completed',
			completed_at: '2026-11-28T10:00:00+03:00',
			payment_status: 'SUCCESS',
		});
		expect(wire.seen).toEqual([`GET ${PROGRESS}`, `POST ${SYNC}`, `GET ${PROGRESS}`]);
	});

	it('the provider failed it: recorded failed the same way', async () => {
		const wire = recorder();
		wire.on('get', PROGRESS, 200, progress('pending', 'FAIL'));
		wire.on('post', SYNC, 200, synced('failed'));
		wire.on('get', PROGRESS, 200, progress('failed', 'FAIL'));
		expect(await run()).toMatchObject({ status: 'failed' });
		expect(wire.seen).toHaveLength(3);
	});

	it('sync says it is still pending: not read again (2 requests), outputs pending', async () => {
		const wire = recorder();
		wire.on('get', PROGRESS, 200, progress('pending', 'SUCCESS'));
		wire.on('post', SYNC, 200, synced('pending'));
		expect(await run()).toMatchObject({ status: 'pending', payment_status: 'SUCCESS' });
		expect(wire.seen).toEqual([`GET ${PROGRESS}`, `POST ${SYNC}`]);
	});

	it('completed already, or no answer from the provider (UNKNOWN): no sync (1 request)', async () => {
		for (const [status, provider] of [
			['completed', 'SUCCESS'],
			['pending', 'UNKNOWN'],
		]) {
			const wire = recorder();
			wire.on('get', PROGRESS, 200, progress(status, provider));
			expect(await run()).toMatchObject({ status, payment_status: provider });
			expect(wire.seen).toEqual([`GET ${PROGRESS}`]);
			nock.cleanAll();
		}
	});

	it('a failed sync leaves the stored status standing: the item succeeds with pending', async () => {
		const wire = recorder();
		wire.on('get', PROGRESS, 200, progress('pending', 'SUCCESS'));
		nock(BASE_URL)
			.post(SYNC)
			.times(4)
			.reply(
				500,
				() => (
					wire.seen.push(`POST ${SYNC}`),
					{ success: false, message: 'Failed to sync payments' }
				),
			);
		expect(await run()).toMatchObject({ status: 'pending' });
		expect(wire.seen[0]).toBe(`GET ${PROGRESS}`);
		expect(wire.seen.filter((r) => r === `GET ${PROGRESS}`)).toHaveLength(1);
	});
});

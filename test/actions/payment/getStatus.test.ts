import nock from 'nock';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { describeIdHandling } from '../shared';

const TRANSACTION_ID = '8d7e6f5a-4b3c-4d2e-9f1a-0b9c8d7e6f5a';
const TRANSACTION = {
	id: TRANSACTION_ID,
	order_id: 'ORD-20250115-A1B2C3',
	amount: 25000.0,
	currency: 'TZS',
	status: 'completed',
	completed_at: '2025-01-15T10:35:00Z',
};

describe('payment.getStatus', () => {
	it('GETs the transaction status with the key as Bearer and outputs the transaction itself', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(`/api/billing/payments/transactions/${TRANSACTION_ID}/status/`)
			.query({})
			.reply(200, { success: true, transaction: TRANSACTION });
		const { output } = await runNode({
			parameters: { resource: 'payment', operation: 'getStatus', transactionId: TRANSACTION_ID },
		});
		expect(output).toEqual([{ json: TRANSACTION, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('reads the transaction from its documented wrapper when the answer holds other objects beside it', async () => {
		const scope = nock(BASE_URL)
			.get(`/api/billing/payments/transactions/${TRANSACTION_ID}/status/`)
			.reply(200, { success: true, provider: { name: 'M-Pesa' }, transaction: TRANSACTION });
		const { output } = await runNode({
			parameters: { resource: 'payment', operation: 'getStatus', transactionId: TRANSACTION_ID },
		});
		expect(output).toEqual([{ json: TRANSACTION, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('converts an amount sent as a string; a pending transaction has completed_at null', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(`/api/billing/payments/transactions/${TRANSACTION_ID}/status/`)
			.reply(200, {
				success: true,
				transaction: { ...TRANSACTION, amount: '25000.00', status: 'pending', completed_at: null },
			});
		const { output } = await runNode({
			parameters: { resource: 'payment', operation: 'getStatus', transactionId: TRANSACTION_ID },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([
			{
				json: { ...TRANSACTION, amount: 25000, status: 'pending', completed_at: null },
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	describeIdHandling({
		kind: 'payment',
		resource: 'payment',
		operation: 'getStatus',
		param: 'transactionId',
		label: 'Transaction ID',
		path: (id) => `/api/billing/payments/transactions/${id}/status/`,
		okBody: { success: true, transaction: TRANSACTION },
		okOutput: TRANSACTION,
		notFound: 'Transaction not found',
	});
});

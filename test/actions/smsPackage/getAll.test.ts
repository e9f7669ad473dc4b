import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, listSearch } from '../../support/harness';
import { describeListOperation, listRunner } from '../listContract';

const PATH = '/api/billing/sms/packages/';

const BASIC = {
	id: '9b1d0e2f-0000-4000-8000-000000000001',
	name: 'Basic',
	sms_count: 1000,
	price: 25000.0,
	currency: 'TZS',
	bonus_sms: 0,
	validity_days: 30,
	is_active: true,
};
const STANDARD = {
	id: '9b1d0e2f-0000-4000-8000-000000000002',
	name: 'Standard',
	sms_count: 5000,
	price: 110000.5,
	currency: 'TZS',
	bonus_sms: 500,
	validity_days: 90,
	is_active: true,
};
const LEGACY = {
	id: '9b1d0e2f-0000-4000-8000-000000000003',
	name: 'Legacy Starter',
	sms_count: 100,
	price: 3000.0,
	currency: 'TZS',
	bonus_sms: 0,
	validity_days: 7,
	is_active: false,
};
const ENTERPRISE = {
	id: '9b1d0e2f-0000-4000-8000-000000000004',
	name: 'Enterprise',
	sms_count: 50000,
	price: 1000000.0,
	currency: 'TZS',
	bonus_sms: 10000,
	validity_days: 365,
	is_active: true,
};

function pkg(n: number): IDataObject {
	return {
		id: `9b1d0e2f-0000-4000-9000-${String(n).padStart(12, '0')}`,
		name: `Package ${n}`,
		sms_count: 100 * n,
		price: 2500.0 * n,
		currency: 'TZS',
		bonus_sms: n % 5 === 0 ? 10 * n : 0,
		validity_days: 30,
		is_active: true,
	};
}
describeListOperation({
	resource: 'smsPackage',
	operation: 'getAll',
	path: PATH,
	noun: 'packages',
	record: pkg,
});

const { run, items } = listRunner('smsPackage', 'getAll');

describe('smsPackage.getAll', () => {
	it('converts the documented numbers sent as strings (sms_count, price, bonus_sms, validity_days)', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, {
				count: 1,
				results: [
					{
						...STANDARD,
						sms_count: '5000',
						price: '110000.50',
						bonus_sms: '500',
						validity_days: '90',
					},
				],
			});
		const { output } = await run({ returnAll: true });
		expect(output).toEqual(items([STANDARD]));
		scope.done();
	});
});

describe('the SMS package search (Initiate Payment picker)', () => {
	const parameters = { resource: 'partnerTenant', operation: 'initiatePayment' };

	it('lists active packages with name, price and currency, then credits (the bonus in the description); inactive ones are left out', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, { count: 4, results: [BASIC, STANDARD, LEGACY, ENTERPRISE] });
		const result = await listSearch('searchPackages', parameters);
		expect(result).toEqual({
			results: [
				{ name: 'Basic · 25000 TZS · 1000 credits', value: BASIC.id },
				{
					name: 'Standard · 110000.5 TZS · 5500 credits',
					value: STANDARD.id,
					description: 'Includes 500 bonus credits',
				},
				{
					name: 'Enterprise · 1000000 TZS · 60000 credits',
					value: ENTERPRISE.id,
					description: 'Includes 10000 bonus credits',
				},
			],
		});
		scope.done();
	});

	it('narrows by name, case-insensitively', async () => {
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, { count: 4, results: [BASIC, STANDARD, LEGACY, ENTERPRISE] });
		const result = await listSearch('searchPackages', parameters, '  stand ');
		expect(result).toEqual({
			results: [
				{
					name: 'Standard · 110000.5 TZS · 5500 credits',
					value: STANDARD.id,
					description: 'Includes 500 bonus credits',
				},
			],
		});
		scope.done();
	});

	it('a filter that matches only an inactive package finds nothing', async () => {
		nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, { count: 4, results: [BASIC, STANDARD, LEGACY, ENTERPRISE] });
		expect(await listSearch('searchPackages', parameters, 'legacy')).toEqual({ results: [] });
	});

	it('sends the key as X-API-Key in header mode and reads string numbers', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, {
				count: 1,
				results: [{ ...STANDARD, sms_count: '5000', bonus_sms: '500', price: '110000.50' }],
			});
		const result = await listSearch(
			'searchPackages',
			parameters,
			undefined,
			apiKeyCredentials('apiKeyHeader'),
		);
		expect(result).toEqual({
			results: [
				{
					name: 'Standard · 110000.5 TZS · 5500 credits',
					value: STANDARD.id,
					description: 'Includes 500 bonus credits',
				},
			],
		});
		scope.done();
	});
});

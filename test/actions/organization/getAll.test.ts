import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

const PATH = '/api/tenants/';

function tenant(n: number): IDataObject {
	return {
		id: `7a6b5c4d-0000-4000-8000-${String(n).padStart(12, '0')}`,
		name: `Tenant ${n}`,
		subdomain: `tenant${n}`,
		business_name: `Tenant ${n} Ltd`,
		business_type: n % 2 ? 'retail' : 'education',
		email: `owner${n}@example.com`,
		phone_number: `+25571${String(n).padStart(7, '0')}`,
		is_active: n % 7 !== 0,
		created_at: '2024-12-01T08:00:00Z',
	};
}
const tenants = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => tenant(from + i));
const run = async (parameters: IDataObject, credentials = apiKeyCredentials()) =>
	await runNode({
		parameters: { resource: 'organization', operation: 'getAll', ...parameters },
		credentials,
	});
const items = (list: IDataObject[]) => list.map((json) => ({ json, pairedItem: { item: 0 } }));

describe('organization.getAll', () => {
	it('Return All reads pages 1, 2, 3 of 100 with the key as Bearer and stops when next is null', async () => {
		const all = tenants(1, 250);
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, {
				count: 250,
				next: `${BASE_URL}${PATH}?page=2&page_size=100`,
				previous: null,
				results: all.slice(0, 100),
			})
			.get(PATH)
			.query({ page: '2', page_size: '100' })
			.reply(200, {
				count: 250,
				next: `${BASE_URL}${PATH}?page=3&page_size=100`,
				previous: `${BASE_URL}${PATH}?page=1&page_size=100`,
				results: all.slice(100, 200),
			})
			.get(PATH)
			.query({ page: '3', page_size: '100' })
			.reply(200, {
				count: 250,
				next: null,
				previous: `${BASE_URL}${PATH}?page=2&page_size=100`,
				results: all.slice(200),
			});
		const { output } = await run({ returnAll: true });
		expect(output).toEqual(items(all));
		scope.done();
	});

	it('Return All with the documented page-style {count, results}: one request when all are in', async () => {
		const all = tenants(1, 3);
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, { count: 3, results: all });
		const { output } = await run({ returnAll: true });
		expect(output).toEqual(items(all));
		scope.done();
	});

	it('a Limit of 5 asks for page_size=5 and makes one request (X-API-Key mode, no Authorization)', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(PATH)
			.query({ page: '1', page_size: '5' })
			.reply(200, {
				count: 250,
				next: `${BASE_URL}${PATH}?page=2&page_size=5`,
				previous: null,
				results: tenants(1, 5),
			});
		const { output } = await run({ returnAll: false, limit: 5 }, apiKeyCredentials('apiKeyHeader'));
		expect(output).toEqual(items(tenants(1, 5)));
		scope.done();
	});

	it('a Limit of 150 stops after 2 requests of 100 with exactly 150 tenants', async () => {
		const all = tenants(1, 200);
		const scope = nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(200, {
				count: 250,
				next: `${BASE_URL}${PATH}?page=2&page_size=100`,
				results: all.slice(0, 100),
			})
			.get(PATH)
			.query({ page: '2', page_size: '100' })
			.reply(200, {
				count: 250,
				next: `${BASE_URL}${PATH}?page=3&page_size=100`,
				results: all.slice(100),
			});
		const { output } = await run({ returnAll: false, limit: 150 });
		expect(output).toEqual(items(all.slice(0, 150)));
		scope.done();
	});

	it('a 403 gives a NodeApiError with the server’s words', async () => {
		nock(BASE_URL)
			.get(PATH)
			.query({ page: '1', page_size: '100' })
			.reply(403, { detail: 'You do not have permission to perform this action.' });
		const error = await caught(async () => await run({ returnAll: true }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The credential is not allowed to do this [item 0]');
	});
});

import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { caught } from '../shared';

const PATH = '/api/integration/v1/partner/tenants/create/';

const PARAMETERS = {
	resource: 'partnerTenant',
	operation: 'create',
	tenantName: 'Acme Shop',
	ownerEmail: 'owner@acme.example',
	ownerName: 'Neema Mushi',
	contactPhone: '+255712345678',
	initialCredits: 100,
};

const BODY = {
	tenant_name: 'Acme Shop',
	owner_email: 'owner@acme.example',
	owner_name: 'Neema Mushi',
	contact_phone: '+255712345678',
	initial_credits: 100,
};

const ACCOUNT = {
	service_account_id: '6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
	service_account_id_public: 'SA-7F3K9Q2M',
	service_api_key: null,
	tenant_name: 'Acme Shop',
	tenant_id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
	sms_balance: 100,
	owner_email: 'owner@acme.example',
	created_at: '2025-01-15T10:30:00.123456+00:00',
};

const run = async (
	parameters: IDataObject = {},
	extra: { continueOnFail?: boolean; items?: IDataObject[] } = {},
) => await runNode({ parameters: { ...PARAMETERS, ...parameters }, ...extra });

describe('partnerTenant.create', () => {
	it('POSTs the documented body with the key as Bearer and outputs the tenant account inside {success, data}', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
		})
			.post(PATH, BODY)
			.query({})
			.reply(201, { success: true, data: ACCOUNT });
		const { output } = await run();
		expect(output).toEqual([{ json: ACCOUNT, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('trims the text fields, normalises the phone and converts a string sms_balance (X-API-Key mode)', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.post(PATH, { ...BODY, initial_credits: 0 })
			.reply(201, { success: true, data: { ...ACCOUNT, sms_balance: '0' } });
		const { output } = await runNode({
			parameters: {
				...PARAMETERS,
				tenantName: '  Acme Shop ',
				ownerEmail: ' owner@acme.example ',
				ownerName: 'Neema Mushi  ',
				contactPhone: ' +255 712-345-678 ',
				initialCredits: 0,
			},
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: { ...ACCOUNT, sms_balance: 0 }, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('creates one tenant per input item from expressions, each paired to its item', async () => {
		const second = {
			...ACCOUNT,
			tenant_name: 'Beta Traders',
			tenant_id: 'b2c3d4e5-0000-4000-8000-000000000002',
		};
		const scope = nock(BASE_URL)
			.post(PATH, BODY)
			.reply(201, { success: true, data: ACCOUNT })
			.post(PATH, {
				...BODY,
				tenant_name: 'Beta Traders',
				owner_email: 'b@beta.example',
				initial_credits: 50,
			})
			.reply(201, { success: true, data: second });
		const { output } = await run(
			{
				tenantName: '={{ $json.name }}',
				ownerEmail: '={{ $json.email }}',
				initialCredits: '={{ $json.credits }}',
			},
			{
				items: [
					{ name: 'Acme Shop', email: 'owner@acme.example', credits: 100 },
					{ name: 'Beta Traders', email: 'b@beta.example', credits: 50 },
				],
			},
		);
		expect(output).toEqual([
			{ json: ACCOUNT, pairedItem: { item: 0 } },
			{ json: second, pairedItem: { item: 1 } },
		]);
		scope.done();
	});

	it.each([
		[{ tenantName: '  ' }, "'Tenant Name' is empty [item 0]"],
		[
			{ ownerEmail: 'not-an-email' },
			`'Owner Email' "not-an-email" is not an email address [item 0]`,
		],
		[{ ownerName: '' }, "'Owner Name' is empty [item 0]"],
		[{ contactPhone: '0712345678' }, `'Contact Phone' "0712345678" is not a usable phone number`],
		[{ initialCredits: 1.5 }, "'Initial Credits' must be a whole number from 0"],
	])('refuses %j before any request', async (parameters, message) => {
		const scope = nock(BASE_URL).post(PATH).reply(201, { success: true, data: ACCOUNT });
		const error = await caught(async () => await run(parameters));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(scope.isDone()).toBe(false);
	});

	it('a 400 with DRF field errors names the field in the error; sent once, not retried', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, BODY)
			.once()
			.reply(400, { owner_email: ['A tenant with this owner email already exists.'] });
		const error = await caught(async () => await run());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service refused the request as invalid [item 0]');
		scope.done();
	});

	it('a 500 is sent once and says it was not repeated, not that it was tried again', async () => {
		let requests = 0;
		nock(BASE_URL)
			.post(PATH, BODY)
			.times(3)
			.reply(() => {
				requests++;
				return [500, { detail: 'Internal server error' }];
			});
		const error = await caught(async () => await run());
		expect(requests).toBe(1);
		expect(error.message).toBe('The service could not answer [item 0]');
		expect(error.description).toBe(
			'The service said: "Internal server error" (HTTP 500). The service may or may not have done it: the request was not repeated automatically, to avoid doing it twice. Check the record or list before trying again. Request: POST /api/integration/v1/partner/tenants/create/.',
		);
	});

	it('with Continue On Fail, a 403 gives an error item and the next item is still created', async () => {
		const scope = nock(BASE_URL)
			.post(PATH, { ...BODY, tenant_name: 'Forbidden Co' })
			.reply(403, { error: 'Partner access required', code: 'FORBIDDEN', details: {} })
			.post(PATH, BODY)
			.reply(201, { success: true, data: ACCOUNT });
		const { output } = await run(
			{ tenantName: '={{ $json.name }}' },
			{ items: [{ name: 'Forbidden Co' }, { name: 'Acme Shop' }], continueOnFail: true },
		);
		expect(output).toEqual([
			{
				json: {
					error: 'The credential is not allowed to do this [item 0]',
					description: expect.stringContaining('permission') as unknown as string,
					httpCode: '403',
					errorCode: 'FORBIDDEN',
					itemIndex: 0,
				},
				pairedItem: { item: 0 },
			},
			{ json: ACCOUNT, pairedItem: { item: 1 } },
		]);
		scope.done();
	});
});

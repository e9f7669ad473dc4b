import nock from 'nock';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../../support/harness';
import { describeIdHandling } from '../shared';

const CONTACT_ID = '5e4d3c2b-1a09-4f8e-a7d6-c5b4a3928170';
const CONTACT = {
	id: CONTACT_ID,
	name: 'Amina Juma',
	phone_e164: '+255712345678',
	email: 'amina@example.com',
	attributes: { city: 'Dar es Salaam', customer_tier: 'gold' },
	tags: ['vip', 'newsletter'],
	is_active: true,
	opt_in_at: '2024-11-02T08:15:00Z',
	opt_out_at: null,
	created_at: '2024-11-02T08:15:00Z',
	updated_at: '2025-01-10T12:00:00Z',
};
/** Simplify (on by default): the contact without its record times, the most used fields first. */
const SIMPLE = {
	id: CONTACT_ID,
	name: 'Amina Juma',
	phone_e164: '+255712345678',
	email: 'amina@example.com',
	is_active: true,
	tags: ['vip', 'newsletter'],
	attributes: { city: 'Dar es Salaam', customer_tier: 'gold' },
	opt_in_at: '2024-11-02T08:15:00Z',
	opt_out_at: null,
};

describe('contact.get', () => {
	it('GETs the contact with the key as Bearer and outputs it simplified (the default)', async () => {
		const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
			.get(`/api/messaging/contacts/${CONTACT_ID}/`)
			.query({})
			.reply(200, CONTACT);
		const { output } = await runNode({
			parameters: { resource: 'contact', operation: 'get', contactId: CONTACT_ID },
		});
		expect(output).toEqual([{ json: SIMPLE, pairedItem: { item: 0 } }]);
		expect(Object.keys(output[0].json)).toEqual(Object.keys(SIMPLE));
		scope.done();
	});

	it('with Simplify off, outputs the contact unchanged', async () => {
		const scope = nock(BASE_URL).get(`/api/messaging/contacts/${CONTACT_ID}/`).reply(200, CONTACT);
		const { output } = await runNode({
			parameters: { resource: 'contact', operation: 'get', contactId: CONTACT_ID, simple: false },
		});
		expect(output).toEqual([{ json: CONTACT, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('Simplify leaves out the fields the service did not send, instead of adding empty ones', async () => {
		const partial: Record<string, unknown> = { ...CONTACT };
		delete partial.email;
		delete partial.tags;
		const scope = nock(BASE_URL).get(`/api/messaging/contacts/${CONTACT_ID}/`).reply(200, partial);
		const { output } = await runNode({
			parameters: { resource: 'contact', operation: 'get', contactId: CONTACT_ID },
		});
		const expected: Record<string, unknown> = { ...SIMPLE };
		delete expected.email;
		delete expected.tags;
		expect(output).toEqual([{ json: expected, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('sends the key as X-API-Key without Authorization and unwraps {success, data}', async () => {
		const scope = nock(BASE_URL, {
			reqheaders: { 'x-api-key': API_KEY },
			badheaders: ['authorization'],
		})
			.get(`/api/messaging/contacts/${CONTACT_ID}/`)
			.reply(200, { success: true, data: CONTACT });
		const { output } = await runNode({
			parameters: { resource: 'contact', operation: 'get', contactId: CONTACT_ID },
			credentials: apiKeyCredentials('apiKeyHeader'),
		});
		expect(output).toEqual([{ json: SIMPLE, pairedItem: { item: 0 } }]);
		scope.done();
	});

	describeIdHandling({
		kind: 'contact',
		resource: 'contact',
		operation: 'get',
		param: 'contactId',
		label: 'Contact ID',
		path: (id) => `/api/messaging/contacts/${id}/`,
		okBody: CONTACT,
		okOutput: SIMPLE,
		notFound: 'Contact not found',
	});
});

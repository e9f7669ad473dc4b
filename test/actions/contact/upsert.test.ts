import nock from 'nock';

import { BASE_URL, caught, runNode } from '../../support/harness';

/** Create or Update: items combined into bulk imports, one paired output item each. */

const IMPORT = '/api/messaging/contacts/bulk-import/';
const PARAMS = {
	resource: 'contact',
	operation: 'upsert',
	name: '={{ $json.name }}',
	phone: '={{ $json.phone }}',
	additionalFields: { email: '={{ $json.email }}' },
	options: { defaultCountryCode: '255' },
};
const contactOf = (name: string, phone: string, email = '') => ({ full_name: name, phone, email });

describe('contact.upsert', () => {
	it('3 items, one existing: one import request, 3 paired outputs saying which was created and which updated', async () => {
		const scope = nock(BASE_URL)
			.post(IMPORT, {
				import_type: 'phone_contacts',
				update_existing: true,
				skip_duplicates: true,
				contacts: [
					contactOf('Amina', '+255712345678', 'amina@example.com'),
					contactOf('Baraka', '+255713000111'),
					contactOf('Chiku', '+255714000222'),
				],
			})
			.reply(201, {
				success: true,
				imported: 2,
				updated: 1,
				skipped: 0,
				total_processed: 3,
				errors: [],
				message: 'Successfully imported 2, updated 1, skipped 0 contacts',
			})
			// Which two were created: the two newest contacts the service lists.
			.get('/api/messaging/contacts/')
			.query({ ordering: '-created_at', page: 1, page_size: 2 })
			.reply(200, {
				count: 3,
				next: null,
				previous: null,
				results: [
					{ id: 'c', phone_e164: '+255714000222' },
					{ id: 'a', phone_e164: '+255712345678' },
				],
			});
		const { output } = await runNode({
			parameters: PARAMS,
			items: [
				{ name: 'Amina', phone: '0712 345 678', email: 'amina@example.com' },
				{ name: 'Baraka', phone: '+255713000111' },
				{ name: 'Chiku', phone: '255714000222' },
			],
		});
		expect(output).toEqual([
			{
				json: {
					action: 'created',
					name: 'Amina',
					phone: '+255712345678',
					email: 'amina@example.com',
				},
				pairedItem: { item: 0 },
			},
			{
				json: { action: 'updated', name: 'Baraka', phone: '+255713000111' },
				pairedItem: { item: 1 },
			},
			{
				json: { action: 'created', name: 'Chiku', phone: '+255714000222' },
				pairedItem: { item: 2 },
			},
		]);
		scope.done();
	});

	it('all created (or all updated) needs no read; a contact the service refuses says why', async () => {
		const scope = nock(BASE_URL)
			.post(IMPORT)
			.reply(201, {
				success: true,
				imported: 1,
				updated: 0,
				skipped: 0,
				total_processed: 2,
				errors: [
					"Contact 2: {'phone_e164': [ErrorDetail(string='A contact with this phone number already exists in your contact list.', code='invalid')]}",
				],
			});
		const { output } = await runNode({
			parameters: PARAMS,
			items: [
				{ name: 'Amina', phone: '+255712345678' },
				{ name: 'Baraka', phone: '+255713000111' },
			],
		});
		expect(output).toEqual([
			{
				json: { action: 'created', name: 'Amina', phone: '+255712345678' },
				pairedItem: { item: 0 },
			},
			{
				json: {
					action: 'refused',
					name: 'Baraka',
					phone: '+255713000111',
					reason: 'A contact with this phone number already exists in your contact list.',
				},
				pairedItem: { item: 1 },
			},
		]);
		scope.done();
	});

	it('2,500 items go in 3 requests of at most 1,000 contacts, in order', async () => {
		const items = Array.from({ length: 2500 }, (_, i) => ({
			name: `Contact ${i}`,
			phone: `+2557${String(10000000 + i)}`,
		}));
		const sizes: number[] = [];
		const scope = nock(BASE_URL)
			.post(IMPORT)
			.times(3)
			.reply(201, (_, body: { contacts: unknown[] }) => {
				sizes.push(body.contacts.length);
				return { imported: body.contacts.length, updated: 0, skipped: 0, errors: [] };
			});
		const { output } = await runNode({ parameters: PARAMS, items });
		expect(sizes).toEqual([1000, 1000, 500]);
		expect(output).toHaveLength(2500);
		expect(output[2499]).toEqual({
			json: { action: 'created', name: 'Contact 2499', phone: '+255710002499' },
			pairedItem: { item: 2499 },
		});
		scope.done();
	});

	it('an invalid phone is an item error before any request; the other items are imported (Continue On Fail)', async () => {
		const scope = nock(BASE_URL)
			.post(IMPORT, (body: { contacts: unknown[] }) => body.contacts.length === 1)
			.reply(201, { imported: 1, updated: 0, skipped: 0, errors: [] });
		const { output } = await runNode({
			continueOnFail: true,
			parameters: PARAMS,
			items: [
				{ name: 'Amina', phone: 'not a number' },
				{ name: 'Baraka', phone: '+255713000111' },
			],
		});
		expect(output[0].json.error).toBe(
			'\'Phone\' "not a number" is not a usable phone number: a phone number may only contain digits, an initial +, spaces, dashes, dots and parentheses [item 0]',
		);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output[1]).toEqual({
			json: { action: 'created', name: 'Baraka', phone: '+255713000111' },
			pairedItem: { item: 1 },
		});
		scope.done();
	});

	it('without Continue On Fail, an invalid item stops the run before any request', async () => {
		const error = await caught(() =>
			runNode({
				parameters: PARAMS,
				items: [
					{ name: 'Amina', phone: '+255712345678' },
					{ name: '', phone: '+255713000111' },
				],
			}),
		);
		expect(error.message).toBe("'Name' is empty [item 1]");
	});

	it('a failed import is each of its items’ error, and is not repeated', async () => {
		const scope = nock(BASE_URL).post(IMPORT).once().reply(502, 'Bad Gateway');
		const { output } = await runNode({
			continueOnFail: true,
			parameters: PARAMS,
			items: [
				{ name: 'Amina', phone: '+255712345678' },
				{ name: 'Baraka', phone: '+255713000111' },
			],
		});
		expect(output.map((item) => [item.json.error, item.json.httpCode, item.pairedItem])).toEqual([
			[expect.stringMatching(/\[item 0\]$/), '502', { item: 0 }],
			[expect.stringMatching(/\[item 1\]$/), '502', { item: 1 }],
		]);
		expect(output[1].json.description).toContain(
			"Running these items again is safe: 'Create or Update' never creates a contact twice.",
		);
		scope.done();
	});
});

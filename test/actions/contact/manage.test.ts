import nock from 'nock';

import { BASE_URL, caught, jwtCredentials, runNode } from '../../support/harness';

/** Contact operations besides Get and Create or Update: the exact request each sends and the exact output. */

const ID = '5e4d3c2b-1a09-4f8e-a7d6-c5b4a3928170';
const OTHER_ID = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const CONTACT = {
	id: ID,
	name: 'Amina Juma',
	phone_e164: '+255712345678',
	email: 'amina@example.com',
	attributes: { city: 'Dar es Salaam' },
	tags: ['vip'],
	opt_in_at: null,
	opt_out_at: null,
	opt_out_reason: '',
	is_active: true,
	last_contacted_at: null,
	is_opted_in: null,
	created_by: 'demo@sandbox.test',
	created_by_id: 1,
	created_at: '2026-11-26T02:00:00.000000Z',
	updated_at: '2026-11-26T02:00:00.000000Z',
};
/** A DRF page of the real server: 20 records a page, `page` only. */
const page = (results: object[], next: string | null = null, count = results.length) => ({
	count,
	next,
	previous: null,
	results,
});

describe('contact.create', () => {
	it('POSTs name, E.164 phone (a local number with Default Country Code), email, tags and attributes; looks the contact up by phone after a 201 without id', async () => {
		const scope = nock(BASE_URL)
			.post('/api/auth/login/')
			.reply(200, { tokens: { access: 'jwt-1' } })
			.post('/api/messaging/contacts/', {
				name: 'Amina Juma',
				phone_e164: '+255712345678',
				email: 'amina@example.com',
				tags: ['vip'],
				attributes: { city: 'Dar es Salaam' },
			})
			.matchHeader('authorization', 'Bearer jwt-1')
			.reply(201, {
				name: 'Amina Juma',
				phone_e164: '+255712345678',
				email: 'amina@example.com',
				attributes: { city: 'Dar es Salaam' },
				tags: ['vip'],
			})
			.get('/api/messaging/contacts/')
			.query({ phone_e164: '+255712345678', page: 1, page_size: 20 })
			.reply(200, page([CONTACT]));
		const { output } = await runNode({
			credentials: jwtCredentials(),
			parameters: {
				resource: 'contact',
				operation: 'create',
				name: 'Amina Juma',
				phone: '0712 345 678',
				additionalFields: {
					email: 'amina@example.com',
					tags: 'vip, ',
					attributes: { attribute: [{ name: 'city', value: 'Dar es Salaam' }] },
				},
				options: { defaultCountryCode: '255' },
			},
		});
		expect(output).toEqual([{ json: CONTACT, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('outputs the created contact at once when the answer has its id', async () => {
		const scope = nock(BASE_URL)
			.post('/api/messaging/contacts/', { name: 'Amina Juma', phone_e164: '+255712345678' })
			.reply(201, CONTACT);
		const { output } = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'create',
				name: 'Amina Juma',
				phone: '+255712345678',
			},
		});
		expect(output).toEqual([{ json: CONTACT, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('a duplicate phone (DRF field error) says the contact exists and to use Create or Update', async () => {
		const scope = nock(BASE_URL)
			.post('/api/messaging/contacts/')
			.reply(400, {
				phone_e164: ['A contact with this phone number already exists in your contact list.'],
			})
			// Whether the number is a contact's: asked of the contact list, not read from the error's text.
			.get('/api/messaging/contacts/')
			.query({ phone_e164: '+255712345678', page: 1, page_size: 20 })
			.reply(200, page([{ ...CONTACT, phone_e164: '+255712345678' }]));
		const error = await caught(() =>
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'create',
					name: 'Amina',
					phone: '+255712345678',
				},
			}),
		);
		expect(error.message).toBe(
			'A contact with the phone number +255712345678 already exists [item 0]',
		);
		expect(error.description).toBe(
			"The service said: \"phone_e164: A contact with this phone number already exists in your contact list.\" (HTTP 400). Check the fields the service names, then run the node again. Request: POST /api/messaging/contacts/. To change that contact, use the operation 'Create or Update' (it updates the contact with this number), or 'Update' with its ID (find it with 'Get Many' → 'Filters' → 'Phone').",
		);
		scope.done();
	});

	it("a 400 whose number no contact has stays the service's own error, whatever its words say", async () => {
		const scope = nock(BASE_URL)
			.post('/api/messaging/contacts/')
			.reply(400, { phone_e164: ['A contact with this phone number already exists.'] })
			.get('/api/messaging/contacts/')
			.query({ phone_e164: '+255712345678', page: 1, page_size: 20 })
			.reply(200, page([]));
		const error = await caught(() =>
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'create',
					name: 'Amina',
					phone: '+255712345678',
				},
			}),
		);
		expect(error.message).toBe('The service refused the request as invalid [item 0]');
		scope.done();
	});

	it('a phone that is not a number fails the item before any request, naming the field and value', async () => {
		const error = await caught(() =>
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'create',
					name: 'Amina',
					phone: '0712345678',
				},
			}),
		);
		expect(error.message).toBe(
			'\'Phone\' "0712345678" is not a usable phone number: a local number: set "Default Country Code" in the options, or write it in E.164 (+255...) [item 0]',
		);
	});

	it('stores a number by its numbering plan: a trunk 0 after +255 dropped; one digit short fails before any request', async () => {
		const scope = nock(BASE_URL)
			.post('/api/auth/login/')
			.reply(200, { tokens: { access: 'jwt-1' } })
			.post('/api/messaging/contacts/', { name: 'Amina Juma', phone_e164: '+255712345678' })
			.reply(201, CONTACT);
		const create = (phone: string) =>
			runNode({
				credentials: jwtCredentials(),
				parameters: { resource: 'contact', operation: 'create', name: 'Amina Juma', phone },
			});
		const { output } = await create('+255 0712 345 678');
		expect(output[0].json.phone_e164).toBe('+255712345678');
		scope.done();
		const error = await caught(() => create('+255 712 345 67'));
		expect(error.message).toBe(
			'\'Phone\' "+255 712 345 67" is not a usable phone number: a number in Tanzania (+255) has 9 digits after the country code, this one has 8 [item 0]',
		);
	});
});

describe('contact.getAll', () => {
	it('sends the filters and sort as the service names them and reads past 20 records (pages of 20, page only)', async () => {
		const records = Array.from({ length: 45 }, (_, i) => ({
			...CONTACT,
			id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		}));
		const qs = { search: 'Juma', is_active: 'true', ordering: 'name', page_size: 100 };
		const scope = nock(BASE_URL)
			.get('/api/messaging/contacts/')
			.query({ ...qs, page: 1 })
			.reply(200, page(records.slice(0, 20), `${BASE_URL}/api/messaging/contacts/?page=2`, 45))
			.get('/api/messaging/contacts/')
			.query({ ...qs, page: 2 })
			.reply(200, page(records.slice(20, 40), `${BASE_URL}/api/messaging/contacts/?page=3`, 45))
			.get('/api/messaging/contacts/')
			.query({ ...qs, page: 3 })
			.reply(200, page(records.slice(40), null, 45));
		const { output } = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'getAll',
				returnAll: true,
				filters: { search: 'Juma', isActive: 'active' },
				options: { sort: 'name' },
			},
		});
		expect(output.map((item) => item.json.id)).toEqual(records.map((record) => record.id));
		expect(output[44]).toEqual({ json: records[44], pairedItem: { item: 0 } });
		scope.done();
	});

	it('filters by a local phone number normalised with Default Country Code, and by email', async () => {
		const scope = nock(BASE_URL)
			.get('/api/messaging/contacts/')
			.query({
				phone_e164: '+255712345678',
				email: 'amina@example.com',
				ordering: '-created_at',
				page: 1,
				page_size: 50,
			})
			.reply(200, page([CONTACT]));
		const { output } = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'getAll',
				filters: { phone: '0712345678', email: 'amina@example.com' },
				options: { defaultCountryCode: '255', sort: '-created_at' },
			},
		});
		expect(output).toEqual([{ json: CONTACT, pairedItem: { item: 0 } }]);
		scope.done();
	});
});

describe('contact.update', () => {
	it('PATCHes only the fields given and outputs the contact as the service answers it', async () => {
		const updated = { ...CONTACT, name: 'Amina J.', is_active: false, tags: ['a', 'b'] };
		const scope = nock(BASE_URL)
			.patch(`/api/messaging/contacts/${ID}/`, {
				name: 'Amina J.',
				tags: ['a', 'b'],
				is_active: false,
			})
			.reply(200, updated);
		const { output } = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: ID,
				updateFields: { name: 'Amina J.', tags: 'a,b', isActive: false },
			},
		});
		expect(output).toEqual([{ json: updated, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it("the service's 500 for a phone another contact has is told as that, and the PATCH is not repeated", async () => {
		const scope = nock(BASE_URL)
			.patch(`/api/messaging/contacts/${ID}/`, { phone_e164: '+255713000111' })
			.once()
			.reply(500, '<h1>Server Error (500)</h1>', { 'content-type': 'text/html' })
			.get('/api/messaging/contacts/')
			.query({ phone_e164: '+255713000111', page: 1, page_size: 20 })
			.reply(
				200,
				page([{ ...CONTACT, id: OTHER_ID, name: 'Baraka', phone_e164: '+255713000111' }]),
			);
		const error = await caught(() =>
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'update',
					contactId: ID,
					updateFields: { phone: '+255 713 000 111' },
				},
			}),
		);
		expect(error.message).toBe(
			'Another contact already has the phone number +255713000111 [item 0]',
		);
		expect(error.description).toBe(
			`The service said: "Server Error (500)" (HTTP 500). The contact ${OTHER_ID} (Baraka) has this number, and a number belongs to one contact of an account. Nothing was changed, and the update was not repeated. Delete or change that contact first, or update it instead. Request: PATCH /api/messaging/contacts/${ID}/.`,
		);
		expect(error.httpCode).toBe('500');
		scope.done();
	});

	it('with no field to update, fails the item before any request', async () => {
		const error = await caught(() =>
			runNode({
				parameters: { resource: 'contact', operation: 'update', contactId: ID, updateFields: {} },
			}),
		);
		expect(error.message).toBe("No field to update: 'Update Fields' is empty [item 0]");
	});
});

describe('contact.delete, optIn, optOut', () => {
	it('DELETE outputs { deleted: true }', async () => {
		const scope = nock(BASE_URL).delete(`/api/messaging/contacts/${ID}/`).reply(204);
		const { output } = await runNode({
			parameters: { resource: 'contact', operation: 'delete', contactId: ID },
		});
		expect(output).toEqual([{ json: { deleted: true }, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('Opt In POSTs to opt-in/ and outputs the id', async () => {
		const scope = nock(BASE_URL)
			.post(
				`/api/messaging/contacts/${ID}/opt-in/`,
				(body) => JSON.stringify(body ?? {}) === '{}' || body === '',
			)
			.reply(200, { message: 'Contact opted in successfully' });
		const { output } = await runNode({
			parameters: { resource: 'contact', operation: 'optIn', contactId: ID },
		});
		expect(output).toEqual([{ json: { id: ID, optedIn: true }, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('Opt Out POSTs the reason to opt-out/ and outputs it', async () => {
		const scope = nock(BASE_URL)
			.post(`/api/messaging/contacts/${ID}/opt-out/`, { reason: 'Replied STOP' })
			.reply(200, { message: 'Contact opted out successfully' });
		const { output } = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'optOut',
				contactId: ID,
				options: { reason: 'Replied STOP' },
			},
		});
		expect(output).toEqual([
			{ json: { id: ID, optedOut: true, reason: 'Replied STOP' }, pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	it('a reason over 100 characters is an item error before any request', async () => {
		const { output } = await runNode({
			continueOnFail: true,
			parameters: {
				resource: 'contact',
				operation: 'optOut',
				contactId: ID,
				options: { reason: 'x'.repeat(101) },
			},
		});
		expect(output).toEqual([
			{
				json: {
					error: "'Reason' is 101 characters long: the service keeps at most 100 [item 0]",
					description:
						"Shorten 'Reason' to 100 characters or fewer. Nothing was sent for this item.",
					itemIndex: 0,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('a contact that does not exist is a 404 that says to check the ID', async () => {
		const scope = nock(BASE_URL)
			.post(`/api/messaging/contacts/${ID}/opt-in/`)
			.reply(404, { detail: 'No Contact matches the given query.' });
		const error = await caught(() =>
			runNode({ parameters: { resource: 'contact', operation: 'optIn', contactId: ID } }),
		);
		expect(error.httpCode).toBe('404');
		expect(error.description).toContain('No Contact matches the given query.');
		scope.done();
	});
});

import nock from 'nock';

import { BASE_URL, caught, runNode } from '../../support/harness';

/** Template → Get Many, Get, Create, Update, Delete, against the two shapes of the real server's template list. */

const LIST = '/api/messaging/templates/';
const ID = '3f2b8c1e-9a7d-4c1e-8b2f-5d6e7f8a9b0c';
const LONG = 'x'.repeat(120);
/** A list entry as the branch the service runs gives it: a preview of the body, never the body. */
const entry = (id: string, name: string, body: string) => ({
	id,
	name,
	category: 'utility',
	preview_text: body.length > 100 ? `${body.slice(0, 100)}...` : body,
	variables_count: 0,
});
/** A page of that branch's list: the templates inside `results.templates`. */
const page = (templates: object[], count: number, next: string | null = null) => ({
	count,
	next,
	previous: null,
	results: { templates, filter_options: {}, total_count: count },
});
const base = { resource: 'template' };

afterEach(() => nock.cleanAll());

describe('template.getAll', () => {
	it('reads results.templates; a short preview is the whole body, a long one says bodyCut', async () => {
		const scope = nock(BASE_URL)
			.get(LIST)
			.query({ page: 1, page_size: 100 })
			.reply(200, page([entry('a', 'Short', 'Hi there'), entry('b', 'Long', LONG)], 2));
		const { output } = await runNode({
			parameters: { ...base, operation: 'getAll', returnAll: true },
		});
		expect(output.map((item) => item.json)).toEqual([
			{ ...entry('a', 'Short', 'Hi there'), body_text: 'Hi there', bodyCut: false },
			{ ...entry('b', 'Long', LONG), bodyCut: true },
		]);
		scope.done();
	});

	it('reads a plain page of templates with their body (the other branch of the server)', async () => {
		const record = { id: 'a', name: 'Whole', body_text: LONG, category: 'UTILITY' };
		const scope = nock(BASE_URL)
			.get(LIST)
			.query({ page: 1, page_size: 5 })
			.reply(200, { count: 1, next: null, previous: null, results: [record] });
		const { output } = await runNode({ parameters: { ...base, operation: 'getAll', limit: 5 } });
		expect(output.map((item) => item.json)).toEqual([{ ...record, bodyCut: false }]);
		scope.done();
	});
});

describe('template.get', () => {
	it('finds the template in the list (page 2 here), never by its own route, and writes nothing', async () => {
		const first = Array.from({ length: 20 }, (_, i) => entry(`t${i}`, `T${i}`, 'Hi'));
		const scope = nock(BASE_URL)
			.get(LIST)
			.query({ page: 1, page_size: 100 })
			.reply(200, page(first, 21, `${BASE_URL}${LIST}?page=2`))
			.get(LIST)
			.query({ page: 2, page_size: 100 })
			.reply(200, page([entry(ID, 'Promo', LONG)], 21));
		const { output } = await runNode({
			parameters: { ...base, operation: 'get', templateId: { mode: 'id', value: ID } },
		});
		expect(output).toEqual([
			{ json: { ...entry(ID, 'Promo', LONG), bodyCut: true }, pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	it('a template the list does not have fails, naming the ID', async () => {
		nock(BASE_URL)
			.get(LIST)
			.query(true)
			.reply(200, page([entry('a', 'A', 'Hi')], 1));
		const error = await caught(() =>
			runNode({ parameters: { ...base, operation: 'get', templateId: ID } }),
		);
		expect(error.message).toBe(`The service has no template with the ID "${ID}" [item 0]`);
	});
});

describe('template.create', () => {
	const params = {
		...base,
		operation: 'create',
		name: 'Order ready',
		body: 'Your order is ready.',
		category: 'utility',
		additionalFields: { language: 'sw', description: 'pickup' },
	};
	const sent = {
		name: 'Order ready',
		category: 'utility',
		body_text: 'Your order is ready.',
		language: 'sw',
		description: 'pickup',
	};

	it('201 without an id: the template is found by name and output with its id and whole body', async () => {
		const scope = nock(BASE_URL)
			.post(LIST, sent)
			.reply(201, { ...sent, channel: 'sms', status: 'draft', is_favorite: false })
			.get(LIST)
			.query({ search: 'Order ready', page: 1, page_size: 1 })
			.reply(
				200,
				page(
					[entry('other', 'Order ready 2', 'x'), entry(ID, 'Order ready', 'Your order is ready.')],
					2,
				),
			)
			.get(LIST)
			.query(true)
			.optionally()
			.reply(200, page([], 2));
		const { output } = await runNode({ parameters: params });
		expect(output[0].json).toMatchObject({
			id: ID,
			name: 'Order ready',
			body_text: 'Your order is ready.',
			bodyCut: false,
			status: 'draft',
		});
		scope.done();
	});

	it('a body with {{…}} refused by the server: said in plain words, with its own', async () => {
		nock(BASE_URL)
			.post(LIST)
			.reply(400, {
				body_text: [
					"Invalid variable format found: ['{{name}}']. Variables should be in format {{variable_name}}.",
				],
			});
		const error = await caught(() => runNode({ parameters: { ...params, body: 'Hi {{name}}' } }));
		expect(error.message).toBe(
			'The service does not take {{…}} variables in a template body sent through its API [item 0]',
		);
		expect(error.description).toMatch(/^This server refuses any text between \{\{ and \}\}/);
		expect(error.description).toContain('Invalid variable format found');
		expect(error.description).toContain('HTTP 400');
	});
});

describe('template.update and delete', () => {
	it('PATCHes the fields given and outputs the answer with the id (the server gives none)', async () => {
		const answer = { name: 'New', category: 'utility', body_text: 'Hello', description: '' };
		const scope = nock(BASE_URL)
			.patch(`${LIST}${ID}/`, { name: 'New', body_text: 'Hello' })
			.reply(200, answer);
		const { output } = await runNode({
			parameters: {
				...base,
				operation: 'update',
				templateId: ID,
				updateFields: { name: 'New', body: 'Hello' },
			},
		});
		expect(output[0].json).toEqual({ id: ID, ...answer, bodyCut: false });
		scope.done();
	});

	it('no field to update: fails before any request', async () => {
		const error = await caught(() =>
			runNode({ parameters: { ...base, operation: 'update', templateId: ID, updateFields: {} } }),
		);
		expect(error.message).toBe("No field to update: 'Update Fields' is empty [item 0]");
	});

	it('Delete outputs deleted: true', async () => {
		const scope = nock(BASE_URL).delete(`${LIST}${ID}/`).reply(204);
		const { output } = await runNode({
			parameters: { ...base, operation: 'delete', templateId: { mode: 'list', value: ID } },
		});
		expect(output[0].json).toEqual({ deleted: true });
		scope.done();
	});
});

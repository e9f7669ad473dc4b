import nock from 'nock';

import { BASE_URL, caught, loadOptions, runNode } from '../../support/harness';

/**
 * Template Category in the server's own spelling (issue 51): the node keeps its values (`utility`, …), reads the
 * categories the server describes (OPTIONS on the template list) and sends the server's spelling; the list offered
 * is the server's; a Description the server does not keep is said.
 */

const LIST = '/api/messaging/templates/';
const ID = '3f2b8c1e-9a7d-4c1e-8b2f-5d6e7f8a9b0c';
const choices = (values: Array<[string, string]>) => ({
	actions: {
		POST: {
			category: {
				type: 'choice',
				choices: values.map(([value, display_name]) => ({ value, display_name })),
			},
		},
	},
});
/** The branch `main` of the real server: four upper-case categories, no description. */
const MAIN = choices([
	['AUTHENTICATION', 'Authentication'],
	['MARKETING', 'Marketing'],
	['UTILITY', 'Utility'],
	['OTP', 'One-time password'],
]);
const create = {
	resource: 'template',
	operation: 'create',
	name: 'Order ready',
	body: 'Your order is ready.',
	category: 'utility',
};

afterEach(() => nock.cleanAll());

describe('Template Category on a server that spells it otherwise (main)', () => {
	it('Create sends UTILITY for utility, asking the choices once a run', async () => {
		const sent: unknown[] = [];
		const scope = nock(BASE_URL)
			.options(LIST)
			.once()
			.reply(200, MAIN)
			.post(LIST, (body: object) => (sent.push(body), true))
			.times(2)
			.reply(201, (_uri: string, body: object) => ({ ...body, id: ID, variables: [] }));
		const { output } = await runNode({ parameters: create, items: [{}, {}] });
		expect(sent).toEqual([
			{ name: 'Order ready', category: 'UTILITY', body_text: 'Your order is ready.' },
			{ name: 'Order ready', category: 'UTILITY', body_text: 'Your order is ready.' },
		]);
		expect(output[0].json).toMatchObject({ id: ID, category: 'UTILITY' });
		scope.done();
	});

	it('a category the server does not take fails before anything is sent, naming those it takes', async () => {
		nock(BASE_URL).options(LIST).reply(200, MAIN);
		const error = await caught(() =>
			runNode({ parameters: { ...create, category: 'onboarding' } }),
		);
		expect(error.message).toBe(`'Category' "onboarding" is not one this server takes [item 0]`);
		expect(error.description).toBe(
			'This server takes these categories: Authentication, Marketing, Utility, One-time password. Choose one of them. Nothing was sent.',
		);
	});

	it('a Description the server drops is said: descriptionKept false on Create, an error on an Update of it alone', async () => {
		nock(BASE_URL)
			.options(LIST)
			.reply(200, MAIN)
			.post(LIST)
			.reply(201, { name: 'Order ready', category: 'UTILITY', body_text: 'x', id: ID });
		const { output } = await runNode({
			parameters: { ...create, additionalFields: { description: 'pickup' } },
		});
		expect(output[0].json).toMatchObject({ id: ID, descriptionKept: false });

		nock(BASE_URL)
			.patch(`${LIST}${ID}/`, { description: 'new' })
			.reply(200, { id: ID, name: 'Order ready', category: 'UTILITY', body_text: 'x' });
		const error = await caught(() =>
			runNode({
				parameters: {
					resource: 'template',
					operation: 'update',
					templateId: ID,
					updateFields: { description: 'new' },
				},
			}),
		);
		expect(error.message).toBe(
			"This server does not keep a template's 'Description': nothing was changed [item 0]",
		);
	});

	it("the Category list is the server's, with the node's values", async () => {
		nock(BASE_URL).options(LIST).reply(200, MAIN);
		expect(
			await loadOptions('getTemplateCategories', { resource: 'template', operation: 'create' }),
		).toEqual([
			{ name: 'Authentication', value: 'authentication' },
			{ name: 'Marketing', value: 'marketing' },
			{ name: 'One-time password', value: 'otp' },
			{ name: 'Utility', value: 'utility' },
		]);
	});
});

describe('a server that does not describe its categories', () => {
	it('the node sends its own value, and offers its own list', async () => {
		const scope = nock(BASE_URL)
			.options(LIST)
			.reply(405, { detail: 'Method "OPTIONS" not allowed.' })
			.post(LIST, { name: 'Order ready', category: 'utility', body_text: 'Your order is ready.' })
			.reply(201, { name: 'Order ready', category: 'utility', id: ID });
		await runNode({ parameters: create });
		scope.done();
		nock(BASE_URL).options(LIST).reply(404, { detail: 'Not found.' });
		const offered = (await loadOptions('getTemplateCategories', {})) as Array<{ value: string }>;
		expect(offered.map((o) => o.value)).toContain('win_back');
	});
});

import nock from 'nock';

import { BASE_URL, listSearch } from '../../support/harness';

/** The Template picker of Send and the template operations: the account's templates, searchable by name. */

const LIST = '/api/messaging/templates/';

describe('searchTemplates', () => {
	it('lists the templates by name with the start of the body, filtered by the text typed', async () => {
		const scope = nock(BASE_URL)
			.get(LIST)
			.query(true)
			.reply(200, {
				count: 2,
				next: null,
				previous: null,
				results: {
					templates: [
						{ id: 'a', name: 'Order ready', preview_text: 'Habari {{first_name}}' },
						{ id: 'b', name: 'Welcome', preview_text: 'Karibu' },
					],
				},
			});
		expect(
			await listSearch('searchTemplates', { resource: 'template', operation: 'get' }, 'order'),
		).toEqual({
			results: [{ name: 'Order ready', value: 'a', description: 'Habari {{first_name}}' }],
		});
		scope.done();
	});
});

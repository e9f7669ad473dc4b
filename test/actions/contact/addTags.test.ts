import nock from 'nock';

import { BASE_URL, caught, runNode } from '../../support/harness';

/** Contact → Add Tags: items combined, up to 100 contacts a request; an unknown ID fails only its own item. */

const TAGS = '/api/messaging/contacts/bulk-add-tags/';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const params = {
	resource: 'contact',
	operation: 'addTags',
	contactId: '={{ $json.id }}',
	tags: 'vip, n8n',
};
const ok = (ids: string[]) => ({
	success: true,
	message: `Successfully added tags to ${ids.length} contacts`,
	updated_count: ids.length,
	total_requested: ids.length,
	tags_added: ['vip', 'n8n'],
	errors: [],
});
const items = (count: number) => Array.from({ length: count }, (_, i) => ({ id: uuid(i) }));
const ids = (from: number, to: number) =>
	Array.from({ length: to - from }, (_, i) => uuid(from + i));

afterEach(() => nock.cleanAll());

describe('contact.addTags', () => {
	it('150 items: 2 requests (100 and 50), one output each, paired', async () => {
		const scope = nock(BASE_URL)
			.post(TAGS, { contact_ids: ids(0, 100), tags: ['vip', 'n8n'] })
			.reply(200, ok(ids(0, 100)))
			.post(TAGS, { contact_ids: ids(100, 150), tags: ['vip', 'n8n'] })
			.reply(200, ok(ids(100, 150)));
		const { output } = await runNode({ parameters: params, items: items(150) });
		expect(output).toHaveLength(150);
		expect(output[149]).toEqual({
			json: { id: uuid(149), tagsAdded: ['vip', 'n8n'] },
			pairedItem: { item: 149 },
		});
		scope.done();
	});

	it('one unknown ID: the 404 names it, the rest is sent again once, only its item fails', async () => {
		const unknown = uuid(7);
		const rest = ids(0, 10).filter((id) => id !== unknown);
		const scope = nock(BASE_URL)
			.post(TAGS, { contact_ids: ids(0, 10), tags: ['vip', 'n8n'] })
			.reply(404, {
				success: false,
				message: `Some contacts not found: [UUID('${unknown}')]`,
				updated_count: 0,
			})
			.post(TAGS, { contact_ids: rest, tags: ['vip', 'n8n'] })
			.reply(200, ok(rest));
		const { output } = await runNode({
			parameters: params,
			items: items(10),
			continueOnFail: true,
		});
		expect(output.filter((item) => item.json.tagsAdded)).toHaveLength(9);
		expect(output[7].json).toMatchObject({
			error: `The service has no contact with the ID "${unknown}": no tags were added to it [item 7]`,
			httpCode: '404',
		});
		expect(output[7].json.description).toBe(
			`The service said: "Some contacts not found: [UUID('${unknown}')]" (HTTP 404). No tags were added to this contact; the other contacts of the request got theirs. Check the ID (it may belong to another account), e.g. with 'Get Many'. Request: POST ${TAGS}.`,
		);
		scope.done();
	});

	it('a 404 that names no ID: halves are sent until the unknown one is found', async () => {
		const unknown = uuid(2);
		const notFound = { success: false, message: 'Some contacts not found', updated_count: 0 };
		const scope = nock(BASE_URL)
			.post(TAGS, { contact_ids: ids(0, 4), tags: ['vip', 'n8n'] })
			.reply(404, notFound)
			.post(TAGS, { contact_ids: ids(0, 2), tags: ['vip', 'n8n'] })
			.reply(200, ok(ids(0, 2)))
			.post(TAGS, { contact_ids: ids(2, 4), tags: ['vip', 'n8n'] })
			.reply(404, notFound)
			.post(TAGS, { contact_ids: [unknown], tags: ['vip', 'n8n'] })
			.reply(404, notFound)
			.post(TAGS, { contact_ids: [uuid(3)], tags: ['vip', 'n8n'] })
			.reply(200, ok([uuid(3)]));
		const { output } = await runNode({ parameters: params, items: items(4), continueOnFail: true });
		expect(output.map((item) => Boolean(item.json.tagsAdded))).toEqual([true, true, false, true]);
		scope.done();
	});

	it('items with other tags go in their own request; a contact given twice is sent once', async () => {
		const scope = nock(BASE_URL)
			.post(TAGS, { contact_ids: [uuid(1)], tags: ['a'] })
			.reply(200, ok([uuid(1)]))
			.post(TAGS, { contact_ids: [uuid(2)], tags: ['b', 'c'] })
			.reply(200, ok([uuid(2)]));
		const { output } = await runNode({
			parameters: { ...params, tags: '={{ $json.tags }}' },
			items: [
				{ id: uuid(1), tags: 'a' },
				{ id: uuid(2), tags: ['b', 'c', 'b'] },
				{ id: uuid(1).toUpperCase(), tags: ' a ' },
			],
		});
		expect(output.map((item) => item.json)).toEqual([
			{ id: uuid(1), tagsAdded: ['a'] },
			{ id: uuid(2), tagsAdded: ['b', 'c'] },
			{ id: uuid(1), tagsAdded: ['a'] },
		]);
		scope.done();
	});

	it('a 404 that says nothing of contacts (a server without the route) fails the items, without more requests', async () => {
		const scope = nock(BASE_URL)
			.post(TAGS)
			.reply(404, '<h1>Not Found</h1>', { 'content-type': 'text/html' });
		const { output } = await runNode({ parameters: params, items: items(3), continueOnFail: true });
		expect(output.map((item) => item.json.httpCode)).toEqual(['404', '404', '404']);
		scope.done();
	});

	it.each([
		['not a UUID', { id: '42' }, `'Contact ID' "42" is not a contact ID [item 0]`],
		['no tag', { id: uuid(1), tags: ' , ' }, "'Tags' is empty [item 0]"],
		[
			'21 tags',
			{ id: uuid(1), tags: ids(0, 21).map((_, i) => `t${i}`) },
			"'Tags' has 21 tags, more than 20 [item 0]",
		],
		[
			'a long tag',
			{ id: uuid(1), tags: 'x'.repeat(51) },
			`Tag "${'x'.repeat(51)}" is longer than 50 characters [item 0]`,
		],
		[
			'an odd tag',
			{ id: uuid(1), tags: 'a+b' },
			'Tag "a+b" has characters the service does not take [item 0]',
		],
	])('%s: fails before any request', async (_, item, message) => {
		const error = await caught(() =>
			runNode({ parameters: { ...params, tags: '={{ $json.tags ?? "vip" }}' }, items: [item] }),
		);
		expect(error.message).toBe(message);
	});
});

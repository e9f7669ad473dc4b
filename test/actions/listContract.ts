/**
 * The contract every list operation keeps (Return All / Limit over the service's pages), run against each of them:
 * pages asked for in order with `page` and `page_size`, `next` and `count` followed, the Limit as the page size, each
 * record one output item paired to the input item, both API-key headers, and a refusal with the service's words.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { API_KEY, BASE_URL, apiKeyCredentials, runNode } from '../support/harness';
import { caught } from './shared';

export interface ListSpec {
	resource: string;
	operation: string;
	path: string;
	/** What the records are, for the test names ("tenants"). */
	noun: string;
	/** The n-th record as the service lists it, and as the node outputs it. */
	record: (n: number) => IDataObject;
}

/** One run of a list operation with these parameters, and the output items a list of records gives (item 0). */
export function listRunner(resource: string, operation: string) {
	return {
		run: async (parameters: IDataObject, credentials = apiKeyCredentials()) =>
			await runNode({ parameters: { resource, operation, ...parameters }, credentials }),
		items: (list: IDataObject[]) => list.map((json) => ({ json, pairedItem: { item: 0 } })),
	};
}

export function describeListOperation(spec: ListSpec): void {
	const { path, noun } = spec;
	const records = (from: number, count: number) =>
		Array.from({ length: count }, (_, i) => spec.record(from + i));
	const { run, items } = listRunner(spec.resource, spec.operation);
	const link = (page: number, size: number) => `${BASE_URL}${path}?page=${page}&page_size=${size}`;
	/** Page `page` of a paged envelope of `count` records, `size` a page, holding `results`. */
	const envelope = (page: number, size: number, count: number, results: IDataObject[]) => ({
		count,
		next: page * size < count ? link(page + 1, size) : null,
		previous: page > 1 ? link(page - 1, size) : null,
		results,
	});
	const query = (page: number, size: number) => ({ page: String(page), page_size: String(size) });

	describe(`${spec.resource}.${spec.operation}: the list contract`, () => {
		it(`Return All reads pages 1, 2, 3 of 100 with the key as Bearer and stops when next is null`, async () => {
			const all = records(1, 250);
			const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
				.get(path)
				.query(query(1, 100))
				.reply(200, envelope(1, 100, 250, all.slice(0, 100)))
				.get(path)
				.query(query(2, 100))
				.reply(200, envelope(2, 100, 250, all.slice(100, 200)))
				.get(path)
				.query(query(3, 100))
				.reply(200, envelope(3, 100, 250, all.slice(200)));
			const { output } = await run({ returnAll: true });
			expect(output).toEqual(items(all));
			scope.done();
		});

		it(`Return All with the documented page-style {count, results}: one request when all ${noun} are in`, async () => {
			const all = records(1, 3);
			const scope = nock(BASE_URL)
				.get(path)
				.query(query(1, 100))
				.reply(200, { count: 3, results: all });
			const { output } = await run({ returnAll: true });
			expect(output).toEqual(items(all));
			scope.done();
		});

		it(`Return All without next follows count: 150 ${noun} in two requests`, async () => {
			const all = records(1, 150);
			const scope = nock(BASE_URL)
				.get(path)
				.query(query(1, 100))
				.reply(200, { count: 150, results: all.slice(0, 100) })
				.get(path)
				.query(query(2, 100))
				.reply(200, { count: 150, results: all.slice(100) });
			const { output } = await run({ returnAll: true });
			expect(output).toEqual(items(all));
			scope.done();
		});

		it('a Limit of 5 asks for page_size=5 and makes one request (X-API-Key mode, no Authorization)', async () => {
			const scope = nock(BASE_URL, {
				reqheaders: { 'x-api-key': API_KEY },
				badheaders: ['authorization'],
			})
				.get(path)
				.query(query(1, 5))
				.reply(200, envelope(1, 5, 250, records(1, 5)));
			const { output } = await run(
				{ returnAll: false, limit: 5 },
				apiKeyCredentials('apiKeyHeader'),
			);
			expect(output).toEqual(items(records(1, 5)));
			scope.done();
		});

		it(`a Limit of 150 stops after 2 requests of 100 with exactly 150 ${noun}`, async () => {
			const all = records(1, 200);
			const scope = nock(BASE_URL)
				.get(path)
				.query(query(1, 100))
				.reply(200, envelope(1, 100, 250, all.slice(0, 100)))
				.get(path)
				.query(query(2, 100))
				.reply(200, envelope(2, 100, 250, all.slice(100)));
			const { output } = await run({ returnAll: false, limit: 150 });
			expect(output).toEqual(items(all.slice(0, 150)));
			scope.done();
		});

		it('a 403 gives a NodeApiError with the server’s words', async () => {
			nock(BASE_URL)
				.get(path)
				.query(query(1, 100))
				.reply(403, { detail: 'You do not have permission to perform this action.' });
			const error = await caught(async () => await run({ returnAll: true }));
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe('The credential is not allowed to do this [item 0]');
			expect(error.description).toContain(
				'The service said: "You do not have permission to perform this action." (HTTP 403).',
			);
		});
	});
}

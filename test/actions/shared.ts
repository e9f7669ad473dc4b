/**
 * Shared checks for the operations that take an id in the path: the id is trimmed and URL-encoded into one path
 * segment, an empty id fails its item naming the field, and a 404 becomes an error item (Continue On Fail) or a
 * NodeApiError carrying the server's own words.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { API_KEY, BASE_URL, runNode, caught as caughtError } from '../support/harness';

export interface ByIdSpec {
	resource: string;
	operation: string;
	/** The node parameter that holds the id, and its label in messages. */
	param: string;
	label: string;
	/** The path for an already encoded id. */
	path: (encodedId: string) => string;
	/** A documented success body for the encoded-id test. */
	okBody: IDataObject;
	/** What the operation outputs for `okBody`. */
	okOutput: IDataObject;
	/** The server's words in the 404 body. */
	notFound: string;
	/** The record's kind in the node's 404 title ("The service has no contact with the ID …"). */
	kind: string;
}

/** Runs a function and returns what it threw (fails the test when it did not throw). */
/** The error a run rejects with (see harness). */
export const caught = async (run: () => Promise<unknown>): Promise<Error & IDataObject> =>
	await caughtError<Error & IDataObject>(run);

const ZERO = '00000000-0000-0000-0000-000000000000';

export function describeIdHandling(spec: ByIdSpec): void {
	const parameters = (id: string): IDataObject => ({
		resource: spec.resource,
		operation: spec.operation,
		[spec.param]: id,
	});

	describe(`${spec.label} handling`, () => {
		it('trims the id and encodes it as one path segment', async () => {
			const seen: string[] = [];
			const scope = nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
				.get(spec.path('a%2Fb%3Fc%23d'))
				.reply(200, (uri) => {
					seen.push(uri);
					return spec.okBody;
				});
			const { output } = await runNode({ parameters: parameters(' a/b?c#d ') });
			expect(seen).toEqual([spec.path('a%2Fb%3Fc%23d')]);
			expect(output).toEqual([{ json: spec.okOutput, pairedItem: { item: 0 } }]);
			scope.done();
		});

		it('fails an empty id before any request, naming the field and the item', async () => {
			const scope = nock(BASE_URL).get(/.*/).reply(200, spec.okBody);
			const error = await caught(async () => await runNode({ parameters: parameters('   ') }));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe(`'${spec.label}' is empty [item 0]`);
			expect(scope.isDone()).toBe(false);
		});

		it('with Continue On Fail, gives a 404 as an error item paired to its input item', async () => {
			const scope = nock(BASE_URL)
				.get(spec.path('00000000-0000-0000-0000-000000000000'))
				.reply(404, { error: spec.notFound, code: 'NOT_FOUND', details: {} });
			const { output } = await runNode({
				parameters: parameters('00000000-0000-0000-0000-000000000000'),
				continueOnFail: true,
			});
			expect(output).toEqual([
				{
					json: {
						error: `The service has no ${spec.kind} with the ID "${ZERO}" [item 0]`,
						description: expect.stringContaining(
							`The service said: "${spec.notFound}" (HTTP 404, code NOT_FOUND). Check the ID`,
						) as unknown as string,
						httpCode: '404',
						errorCode: 'NOT_FOUND',
						itemIndex: 0,
					},
					pairedItem: { item: 0 },
				},
			]);
			scope.done();
		});

		it('without Continue On Fail, rejects a 404 with a NodeApiError in the server’s words', async () => {
			const scope = nock(BASE_URL)
				.get(spec.path('00000000-0000-0000-0000-000000000000'))
				.reply(404, { error: spec.notFound, code: 'NOT_FOUND', details: {} });
			const error = await caught(
				async () =>
					await runNode({ parameters: parameters('00000000-0000-0000-0000-000000000000') }),
			);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(`The service has no ${spec.kind} with the ID "${ZERO}" [item 0]`);
			expect(error.description).toContain(`"${spec.notFound}" (HTTP 404`);
			expect((error as unknown as NodeApiError).httpCode).toBe('404');
			expect((error as unknown as NodeApiError).context.itemIndex).toBe(0);
			// A 404 is not retried: exactly one request.
			scope.done();
		});

		it('fails only its own item: later items still run with Continue On Fail', async () => {
			const scope = nock(BASE_URL)
				.get(spec.path('missing-id'))
				.reply(404, { error: spec.notFound, code: 'NOT_FOUND', details: {} })
				.get(spec.path('a%2Fb%3Fc%23d'))
				.reply(200, spec.okBody);
			const { output } = await runNode({
				parameters: { ...parameters('={{ $json.id }}') },
				items: [{ id: 'missing-id' }, { id: '' }, { id: 'a/b?c#d' }],
				continueOnFail: true,
			});
			expect(output).toHaveLength(3);
			expect(output[0]).toEqual({
				json: expect.objectContaining({
					error: `The service has no ${spec.kind} with the ID "missing-id" [item 0]`,
					itemIndex: 0,
				}) as unknown as IDataObject,
				pairedItem: { item: 0 },
			});
			expect(output[1]).toEqual({
				json: expect.objectContaining({
					error: `'${spec.label}' is empty [item 1]`,
					itemIndex: 1,
				}) as unknown as IDataObject,
				pairedItem: { item: 1 },
			});
			expect(output[2]).toEqual({ json: spec.okOutput, pairedItem: { item: 2 } });
			scope.done();
		});
	});
}

/**
 * Sender ID Request → Get and Get Many (issue 42): `GET /api/messaging/sender-requests/{id}/` answers the bare request
 * (SenderIDRequestSerializer); the list is DRF's page of 20, newest first, and ignores `?status=`, so the node
 * filters every page itself.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { BASE_URL, caught, jwtCredentials, runNode } from '../../support/harness';

const LIST = '/api/messaging/sender-requests/';

function request(n: number, status: string): IDataObject {
	return {
		id: `6a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
		tenant: 'b1c2d3e4-0000-4000-8000-000000000001',
		user: 7,
		request_type: 'custom',
		requested_sender_id: `SHOP${n}`,
		sample_content: `Hello from SHOP${n}`,
		status,
		reviewed_by: null,
		reviewed_at: status === 'pending' ? null : '2026-11-27T09:00:00+03:00',
		rejection_reason: status === 'rejected' ? 'Name too generic' : '',
		sms_package: null,
		created_at: `2026-11-${String(27 - (n % 20)).padStart(2, '0')}T08:00:00+03:00`,
		updated_at: '2026-11-27T09:00:00+03:00',
	};
}

const STATUSES = ['pending', 'approved', 'rejected', 'requires_changes', 'cancelled'];
/** 25 requests: two pages of the real server. */
const ALL = Array.from({ length: 25 }, (_, i) => request(i + 1, STATUSES[i % 5]));

/** The real list: 20 a page, `page` only, `status` ignored; records every query asked. */
function mountList(asked: string[]) {
	nock(BASE_URL)
		.post('/api/auth/login/')
		.reply(200, { tokens: { access: 'jwt-1' } });
	nock(BASE_URL)
		.persist()
		.get((uri) => uri.startsWith(LIST) && !uri.slice(LIST.length).includes('/'))
		.reply((uri) => {
			asked.push(uri);
			const page = Number(new URL(uri, BASE_URL).searchParams.get('page') ?? 1);
			if (page > 2) return [404, { detail: 'Invalid page.' }];
			return [
				200,
				{
					count: ALL.length,
					next: page === 1 ? `http://testserver${LIST}?page=2` : null,
					previous: page === 2 ? `http://testserver${LIST}` : null,
					results: ALL.slice((page - 1) * 20, page * 20),
				},
			];
		});
}

afterEach(() => nock.cleanAll());

describe('senderIdRequest.get', () => {
	it('GETs one request and outputs it as the service gives it, with its status and rejection reason', async () => {
		const one = request(3, 'rejected');
		const scope = nock(BASE_URL)
			.post('/api/auth/login/')
			.reply(200, { tokens: { access: 'jwt-1' } })
			.get(`${LIST}${String(one.id)}/`)
			.matchHeader('authorization', 'Bearer jwt-1')
			.reply(200, one);
		const { output } = await runNode({
			parameters: {
				resource: 'senderIdRequest',
				operation: 'get',
				requestId: ` ${String(one.id)} `,
			},
			credentials: jwtCredentials(),
		});
		expect(output).toEqual([{ json: one, pairedItem: { item: 0 } }]);
		scope.done();
	});

	it('an unknown id is a 404 error item saying the record does not exist', async () => {
		nock(BASE_URL)
			.post('/api/auth/login/')
			.reply(200, { tokens: { access: 'jwt-1' } })
			.get(`${LIST}nope/`)
			.reply(404, { detail: 'Not found.' });
		const { output } = await runNode({
			parameters: { resource: 'senderIdRequest', operation: 'get', requestId: 'nope' },
			credentials: jwtCredentials(),
			continueOnFail: true,
		});
		expect(output[0].json).toMatchObject({
			error: 'The service has no sender ID request with the ID "nope" [item 0]',
			httpCode: '404',
		});
	});
});

describe('senderIdRequest.getAll', () => {
	it('Return All with Status: every page read and filtered in the node, one item per matching request', async () => {
		const asked: string[] = [];
		mountList(asked);
		const { output } = await runNode({
			parameters: {
				resource: 'senderIdRequest',
				operation: 'getAll',
				returnAll: true,
				filters: { status: 'rejected' },
			},
			credentials: jwtCredentials(),
		});
		const rejected = ALL.filter((r) => r.status === 'rejected');
		expect(output.map((item) => item.json)).toEqual(rejected);
		expect(rejected.length).toBe(5);
		// `status` is not sent (the server ignores it): both pages, never a third.
		expect(asked).toEqual([`${LIST}?page=1&page_size=100`, `${LIST}?page=2&page_size=100`]);
	});

	it('Limit counts only matching requests and stops reading once it has them', async () => {
		const asked: string[] = [];
		mountList(asked);
		const { output } = await runNode({
			parameters: {
				resource: 'senderIdRequest',
				operation: 'getAll',
				limit: 2,
				filters: { status: 'approved' },
			},
			credentials: jwtCredentials(),
		});
		expect(output.map((item) => item.json.id)).toEqual(
			ALL.filter((r) => r.status === 'approved')
				.slice(0, 2)
				.map((r) => r.id),
		);
		expect(asked).toEqual([`${LIST}?page=1&page_size=2`]);
	});

	it('a status from an expression that is not one of them fails the item before any request', async () => {
		const asked: string[] = [];
		mountList(asked);
		const error = await caught(
			async () =>
				await runNode({
					parameters: {
						resource: 'senderIdRequest',
						operation: 'getAll',
						filters: { status: 'denied' },
					},
					credentials: jwtCredentials(),
				}),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			"'Status' in 'Filters' is \"denied\", not one of approved, cancelled, pending, rejected, requires_changes [item 0]",
		);
		expect(asked).toEqual([]);
	});
});

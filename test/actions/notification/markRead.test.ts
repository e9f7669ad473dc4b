/**
 * Notification → Mark Read and Mark All Read (issue 42): `POST /api/notifications/{id}/mark-read/` and
 * `…/mark-all-read/` (notifications/views.py), with the login.
 */
import nock from 'nock';

import { BASE_URL, jwtCredentials, runNode } from '../../support/harness';

const ID = '5eed0009-0000-4000-8000-000000000001';

const login = () =>
	nock(BASE_URL)
		.post('/api/auth/login/')
		.reply(200, { tokens: { access: 'jwt-1' } });

afterEach(() => nock.cleanAll());

describe('notification.markRead', () => {
	it('POSTs mark-read for the id and outputs it read, one item per input item', async () => {
		const scope = login()
			.post(`/api/notifications/${ID}/mark-read/`)
			.matchHeader('authorization', 'Bearer jwt-1')
			.reply(200, { success: true, message: 'Notification marked as read' });
		const { output } = await runNode({
			parameters: { resource: 'notification', operation: 'markRead', notificationId: ID },
			credentials: jwtCredentials(),
		});
		expect(output).toEqual([
			{
				json: { id: ID, read: true, message: 'Notification marked as read' },
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	it("an unknown notification is an error item with the service's words", async () => {
		login()
			.post(`/api/notifications/${ID}/mark-read/`)
			.reply(404, { success: false, error: 'Notification not found or already read' });
		const { output } = await runNode({
			parameters: { resource: 'notification', operation: 'markRead', notificationId: ID },
			credentials: jwtCredentials(),
			continueOnFail: true,
		});
		expect(output[0].json).toMatchObject({ httpCode: '404' });
		expect(String(output[0].json.description)).toContain(
			'The service said: "Notification not found or already read" (HTTP 404',
		);
	});
});

describe('notification.markAllRead', () => {
	it('POSTs mark-all-read and outputs how many were marked, from the service’s words', async () => {
		const scope = login()
			.post('/api/notifications/mark-all-read/')
			.reply(200, { success: true, message: 'Marked 14 notifications as read' });
		const { output } = await runNode({
			parameters: { resource: 'notification', operation: 'markAllRead' },
			credentials: jwtCredentials(),
		});
		expect(output).toEqual([
			{
				json: { marked: 14, message: 'Marked 14 notifications as read' },
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});
});

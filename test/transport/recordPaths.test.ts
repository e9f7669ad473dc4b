import nock from 'nock';

import { endpoints } from '../../nodes/SmsPlatform/endpoints';
import type { Endpoint, LoginRoute } from '../../nodes/SmsPlatform/endpointShape';
import { BASE_URL, caught, runNode } from '../support/harness';

/**
 * A record path names a record (issue 51): every route whose path carries an ID says which record, so that its 404
 * reads "The service has no template with the ID …", not "no such endpoint".
 */

const ID = 'ID-51';

type Factory = (id: string) => Endpoint & { login?: LoginRoute };

describe('every route whose path carries an ID is marked as naming that record', () => {
	const withId = Object.entries(endpoints).filter(([, make]) => make.length >= 1) as Array<
		[string, Factory]
	>;

	it('finds the routes with an ID (the test would pass vacuously without them)', () => {
		expect(withId.map(([name]) => name)).toEqual(
			expect.arrayContaining([
				'updateTemplate',
				'deleteTemplate',
				'contact',
				'markNotificationRead',
			]),
		);
		expect(withId.length).toBeGreaterThanOrEqual(14);
	});

	it.each(Object.keys(endpoints))('%s', (name) => {
		const make = endpoints[name as keyof typeof endpoints] as unknown as Factory;
		const endpoint = make(ID);
		const routes: Array<{ path: string; namesRecord?: { kind: string; id?: string } }> = [endpoint];
		if (endpoint.login) routes.push(endpoint.login);
		for (const route of routes) {
			if (route.path.includes(ID))
				expect(route.namesRecord).toEqual({ kind: expect.any(String), id: ID });
			else if (route.namesRecord) expect(route.namesRecord.id).toBeUndefined();
		}
	});
});

describe('an unknown ID on a record path', () => {
	afterEach(() => nock.cleanAll());

	it('Template → Update: "no template with the ID …", not a missing endpoint', async () => {
		nock(BASE_URL).patch(`/api/messaging/templates/${ID}/`).reply(404, { detail: 'Not found.' });
		const error = await caught(() =>
			runNode({
				parameters: {
					resource: 'template',
					operation: 'update',
					templateId: ID,
					updateFields: { name: 'New' },
				},
			}),
		);
		expect(error.message).toBe(`The service has no template with the ID "${ID}" [item 0]`);
	});

	it('Template → Delete: the same', async () => {
		nock(BASE_URL).delete(`/api/messaging/templates/${ID}/`).reply(404, { detail: 'Not found.' });
		const error = await caught(() =>
			runNode({
				parameters: { resource: 'template', operation: 'delete', templateId: ID },
			}),
		);
		expect(error.message).toBe(`The service has no template with the ID "${ID}" [item 0]`);
	});
});

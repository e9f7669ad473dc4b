// A scheduled send (the login route's `schedule_time`, issue 45): `scheduled` until its time, then on its way and
// delivered as any other send. On the profiles with the login routes, on every route that reports a message's status.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../server.mjs';
import { withSandbox } from './helpers.mjs';

const DELIVERY_MS = 300;
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

for (const profile of /** @type {const} */ (['demo', 'wild'])) {
	describe(`a scheduled send, ${profile} profile`, () => {
		/** @type {ReturnType<typeof import('./helpers.mjs').client>} */
		let c;
		withSandbox({ profile, deliveryDelayMs: DELIVERY_MS }, (_s, cl) => {
			c = cl;
		});

		/** @param {string} jwt @param {string} [scheduleTime] */
		async function send(jwt, scheduleTime) {
			const r = await c.post(
				'/api/messaging/sms/send/',
				{
					message: 'Later',
					recipients: ['+255700000001'],
					sender_id: 'N8NDEMO',
					...(scheduleTime ? { schedule_time: scheduleTime } : {}),
				},
				{ auth: jwt },
			);
			assert.equal(r.status, 201);
			return /** @type {string} */ (r.body.data.message_id);
		}

		/**
		 * The status on the messaging route (the login's), the documented route (API key; demo profile only: the wild one
		 * answers it in another shape) and the sandbox's message log.
		 * @param {string} jwt @param {string} id
		 */
		async function statuses(jwt, id) {
			const messaging = await c.get(`/api/messaging/sms/${id}/status/`, { auth: jwt });
			const body = messaging.body.message ?? messaging.body.data;
			const documented =
				profile === 'demo'
					? (await c.get(`/api/integration/v1/sms/status/${id}/`)).body.status
					: body.status;
			const log = await c.admin('GET', '/messages');
			const logged = log.body.find((/** @type {any} */ m) => m.id === id);
			return { messaging: body.status, documented, log: logged.status };
		}

		test('stays `scheduled` until its time, then is delivered; a send without a time is not held', async () => {
			const login = await c.post(
				'/api/auth/login/',
				{ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
				{ auth: 'none' },
			);
			const jwt = login.body.access_token ?? login.body.tokens.access;
			const at = Date.now() + 1500;
			const later = await send(jwt, new Date(at).toISOString());
			const now = await send(jwt);
			assert.deepEqual(await statuses(jwt, later), {
				messaging: 'scheduled',
				documented: 'scheduled',
				log: 'scheduled',
			});
			assert.notEqual((await statuses(jwt, now)).messaging, 'scheduled');
			// Past its time, but not yet delivered: on its way, as a send of that moment would be.
			await sleep(at - Date.now() + 50);
			assert.equal((await statuses(jwt, later)).messaging, 'sent');
			await sleep(DELIVERY_MS + 100);
			assert.deepEqual(await statuses(jwt, later), {
				messaging: 'delivered',
				documented: 'delivered',
				log: 'delivered',
			});
		});
	});
}

import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, pollTrigger } from '../support/harness';
import { LiveTrigger, failureOf } from './support/live';
import { ServiceBalance } from './support/service';

const PARAMS = { event: 'lowBalance', threshold: 100 };

function account(): ServiceBalance {
	const balance = new ServiceBalance();
	balance.mount();
	return balance;
}

/** Polls once per balance, static data carried as JSON; returns what each poll emitted. */
async function pollBalances(
	service: ServiceBalance,
	balances: unknown[],
	parameters: IDataObject = PARAMS,
	initial: IDataObject = {},
): Promise<{ emitted: Array<IDataObject[] | null>; staticData: IDataObject }> {
	let staticData = initial;
	const emitted: Array<IDataObject[] | null> = [];
	for (const balance of balances) {
		service.balance = balance;
		const result = await pollTrigger({ parameters, staticData });
		emitted.push(result.items);
		staticData = result.staticData;
	}
	return { emitted, staticData };
}

const low = (balance: number, threshold = 100) => [
	{ balance, threshold, currency: 'credits', below: true },
];

describe('trigger lowBalance', () => {
	it('crossing below fires once; staying low does not; recovering re-arms; crossing again fires again', async () => {
		const service = account();
		const { emitted } = await pollBalances(
			service,
			[500, 150, 99, 80, 20, 99, 100, 250, 100, 40, 10, 100, 99.5],
		);
		expect(emitted).toEqual([
			null, // 500: above
			null, // 150
			low(99), // first seen below
			null, // still low
			null,
			null,
			null, // 100 is at the threshold: not low, re-armed
			null,
			null,
			low(40), // crossed again
			null,
			null, // re-armed
			low(99.5),
		]);
		// One request a poll.
		expect(service.requests).toBe(13);
	});

	it('fires on the very first poll when the balance is already below the threshold (current state, not history)', async () => {
		const service = account();
		const { emitted, staticData } = await pollBalances(service, [30, 30, 5]);
		expect(emitted).toEqual([low(30), null, null]);
		expect(staticData).toEqual({
			lowBalance: {
				config: JSON.stringify({ event: 'lowBalance', threshold: 100 }),
				lowBalance: { armed: false },
				// The route family the server answered on, kept for the next poll (transport/routes.ts).
				routes: { family: 'documented', credential: 'cred-1:apiKeyBearer' },
			},
		});
	});

	it('reads a balance sent as a string and carries the currency', async () => {
		const service = account();
		service.currency = 'TZS';
		const { emitted } = await pollBalances(service, ['1000', '12'], {
			event: 'lowBalance',
			threshold: 50,
		});
		expect(emitted).toEqual([null, [{ balance: 12, threshold: 50, currency: 'TZS', below: true }]]);
	});

	it('a changed threshold resets the state: a balance below the new threshold fires again', async () => {
		const service = account();
		const first = await pollBalances(service, [50, 50]);
		expect(first.emitted).toEqual([low(50), null]);
		const second = await pollBalances(
			service,
			[50, 50],
			{ event: 'lowBalance', threshold: 60 },
			first.staticData,
		);
		expect(second.emitted).toEqual([low(50, 60), null]);
		const third = await pollBalances(
			service,
			[50],
			{ event: 'lowBalance', threshold: 40 },
			second.staticData,
		);
		expect(third.emitted).toEqual([null]);
	});

	it('a failed poll (5xx, dropped connection, unreadable balance) changes nothing: no second alert, no lost one', async () => {
		const service = account();
		let live = new LiveTrigger(PARAMS);
		service.balance = 50;
		expect(await live.poll()).toEqual(low(50));
		const after = live.staticDataJson();

		service.fault = {
			status: 503,
			body: { error: 'Maintenance', code: 'maintenance', details: {} },
		};
		await expect(live.poll()).rejects.toThrow('The service could not answer');
		service.fault = { drop: true };
		await expect(live.poll()).rejects.toThrow(
			'The connection to the SMS Platform service broke off',
		);
		service.fault = undefined;
		service.balance = 'n/a';
		await expect(live.poll()).rejects.toThrow(
			"The service's balance answer has no number in 'balance'",
		);
		expect(live.staticDataJson()).toBe(after);

		// Still low: no second alert (also after a restart).
		service.balance = 45;
		live = live.restart();
		expect(await live.poll()).toBeNull();
		// Recovered while polls were failing, then low again: it fires.
		service.balance = 500;
		service.fault = { status: 500 };
		await expect(live.poll()).rejects.toThrow('The service could not answer');
		service.fault = undefined;
		expect(await live.poll()).toBeNull();
		service.balance = 10;
		expect(await live.poll()).toEqual(low(10));
	});

	it('a 401 fails the poll with what to do, and the state stays', async () => {
		nock(BASE_URL)
			.get('/api/integration/v1/sms/balance/')
			.reply(401, { detail: 'Invalid API key' });
		const live = new LiveTrigger(
			PARAMS,
			JSON.stringify({
				lowBalance: {
					config: JSON.stringify({ event: 'lowBalance', threshold: 100 }),
					lowBalance: { armed: false, lastBalance: 3 },
				},
			}),
		);
		const before = live.staticDataJson();
		const error = await failureOf(live.poll());
		expect(error.message).toBe('The service did not accept the credential');
		expect(error.description).toContain(
			"The API key, sent as 'Authorization: Bearer', was not accepted",
		);
		// The setting to try next, by the name the credential's 'Authentication' list shows.
		expect(error.description).toContain("set 'Authentication' to 'API Key (X-API-Key Header)'");
		expect(live.staticDataJson()).toBe(before);
	});

	it('manual mode returns the current balance item and leaves the state untouched', async () => {
		const service = account();
		const { staticData } = await pollBalances(service, [500]);
		service.balance = 20;
		const manual = await pollTrigger({ parameters: PARAMS, staticData, mode: 'manual' });
		expect(manual.items).toEqual(low(20));
		expect(manual.staticData).toEqual(staticData);
		// The active trigger still fires for that drop.
		const next = await pollTrigger({ parameters: PARAMS, staticData: manual.staticData });
		expect(next.items).toEqual(low(20));
	});

	it('rejects a negative threshold clearly', async () => {
		account();
		await expect(
			pollTrigger({ parameters: { event: 'lowBalance', threshold: -1 } }),
		).rejects.toThrow("'Threshold' must be a number of credits, 0 or more, not -1");
	});
});

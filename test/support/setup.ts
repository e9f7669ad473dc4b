import { ExecuteContext } from 'n8n-core';
import nock from 'nock';

import { dedupeWindow } from '../../nodes/SmsPlatform/dedupe/window';

// Backoff delays of milliseconds, not seconds: the policy is the same, the clock is faster (see testSettings.ts).
jest.mock('../../nodes/SmsPlatform/transport/defaults', () => ({
	...jest.requireActual('../../nodes/SmsPlatform/transport/defaults'),
	DEFAULT_SETTINGS: jest.requireActual('./testSettings').testSettings,
}));

beforeAll(() => {
	if (!nock.isActive()) nock.activate();
});

beforeEach(() => {
	nock.disableNetConnect();
	nock.enableNetConnect(/(127\.0\.0\.1|localhost)/);
});

afterEach(() => {
	nock.cleanAll();
});

// nock stays hooked into node:http after a test file; unhook it so the next file in this worker starts clean.
afterAll(() => {
	nock.restore();
});

// The Dedupe Key's window: 2 ms, not a second (test/dedupe/keyStore.test.ts tests the window itself).
dedupeWindow.ms = 2;
dedupeWindow.slowCallMs = 60_000;

// n8n's backend logger (a node's `this.logger`, and n8n-core's own lines on a failed node) writes through winston to
// console.log: a passing run prints none of it. test/hardening/secrets.test.ts records it (its own output, set later).
{
	let proto: object | null = ExecuteContext.prototype;
	let getter: (() => unknown) | undefined;
	while (proto && !getter) {
		getter = Object.getOwnPropertyDescriptor(proto, 'logger')?.get;
		proto = Object.getPrototypeOf(proto) as object | null;
	}
	const logger = getter?.call({}) as { setInternalLogger(l: unknown): void } | undefined;
	const silent = { log: () => undefined, child: () => silent };
	logger?.setInternalLogger(silent);
}

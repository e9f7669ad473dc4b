import nock from 'nock';

import { policy } from '../../nodes/SmsPlatform/transport/request';

// Backoff delays of milliseconds, not seconds: the policy is the same, the clock is faster.
policy.baseDelayMs = 1;
policy.maxDelayMs = 20;

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

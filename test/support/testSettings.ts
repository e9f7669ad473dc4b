import nock from 'nock';
import type { Defaults } from '../../nodes/SmsPlatform/transport/defaults';

const actual = jest.requireActual<typeof import('../../nodes/SmsPlatform/transport/defaults')>(
	'../../nodes/SmsPlatform/transport/defaults',
);

/**
 * The transport's defaults as the unit tests see them (setup.ts puts this object in place of the frozen
 * DEFAULT_SETTINGS): the same policy with a faster clock. A test may change a value and must restore it.
 */
export const testSettings: Defaults = {
	...actual.DEFAULT_SETTINGS,
	baseDelayMs: 1,
	maxDelayMs: 20,
};

/** The production defaults, for tests that pin them. */
export const productionSettings = actual.DEFAULT_SETTINGS;

/**
 * For a describe block: retries with almost no wait (at most 2 ms), the settings restored and nock's interceptors
 * cleared after each test.
 */
export function useQuickRetries(): void {
	const saved = { ...testSettings };
	beforeEach(() => {
		testSettings.baseDelayMs = 1;
		testSettings.maxDelayMs = 2;
	});
	afterEach(() => {
		Object.assign(testSettings, saved);
		nock.cleanAll();
	});
}

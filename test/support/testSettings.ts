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

/**
 * The bench's jest run (section "dedupe" of `npm run bench`): figures measured with the unit tests' harness
 * (test/support/), kept out of `npm test`'s jest because they print a cost and take about 2 minutes.
 *
 *   npx jest --config bench/dedupe/jest.config.js
 */
const base = require('../../jest.config.js');

module.exports = {
	...base,
	rootDir: '../..',
	roots: ['<rootDir>/bench/dedupe'],
};

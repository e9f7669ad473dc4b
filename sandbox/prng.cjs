// The one seeded pseudo-random generator of the dev tools (mulberry32): the sandbox's seed data, the jest trigger
// simulations and the benchmark's trigger simulation. The same seed gives the same run. CommonJS, so that jest's
// TypeScript tests can require it as the ES modules import it.
'use strict';

/**
 * @param {number} seed
 * @returns {() => number} values in [0, 1)
 */
function prng(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

module.exports = { prng };

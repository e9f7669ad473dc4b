// The one place where the n8n versions used by the demo, the end-to-end tests and the benchmarks are pinned, with
// how each installs from the registry these machines reach.
//
// N8N_VERSION is the reference runtime: the current n8n users run (the demo, the benchmarks and the first
// end-to-end run). N8N_FLOOR_VERSION is the oldest line the end-to-end suite also runs on. Override either for one
// run with N8N_VERSION=x.y.z / N8N_FLOOR_VERSION=x.y.z (each version gets its own cached install).
export const N8N_VERSION = process.env.N8N_VERSION || '2.41.1';
export const N8N_FLOOR_VERSION = process.env.N8N_FLOOR_VERSION || '1.123.81';

/**
 * How one n8n version installs here.
 * - overrides: npm overrides for the runtime folder's package.json.
 * - ignoreScripts + rebuild: install with --ignore-scripts, then `npm rebuild` only these native packages. n8n 2.41's
 *   nodes-base depends on @confluentinc/kafka-javascript, whose install script downloads a prebuilt binary from
 *   outside the registry and then fails to build from source (only the Kafka node loses its binding).
 * @typedef {{ overrides: Record<string, string>, ignoreScripts: boolean, rebuild: string[] }} InstallRecipe
 */

const NATIVE = [
	'sqlite3',
	'isolated-vm',
	'msgpackr-extract',
	'protobufjs',
	'@parcel/watcher',
	'ssh2',
	'cpu-features',
	'vue-demi',
];

/** @type {Record<string, InstallRecipe>} */
const RECIPES = {
	// The last 1.x line, still run by many self-hosters. Its xlsx comes from a CDN these machines cannot reach.
	'1.123.81': {
		overrides: { xlsx: 'npm:@e965/xlsx@0.20.3' },
		ignoreScripts: true,
		rebuild: NATIVE,
	},
	// xlsx: older n8n fetch it from a CDN that cannot be reached; this registry copy is API-compatible.
	// zod 3: n8n 2.16's packages pin zod 3.25.67 exactly while other dependencies want ^3.25.76; without one shared
	// copy n8n dies at start with `A discriminator value for key __type could not be extracted`.
	'2.16.1': {
		overrides: { xlsx: 'npm:@e965/xlsx@0.20.3', 'zod@^3': '3.25.67' },
		ignoreScripts: false,
		rebuild: [],
	},
};

/**
 * @param {string} version
 * @returns {InstallRecipe}
 */
export function installRecipe(version) {
	return RECIPES[version] ?? { overrides: {}, ignoreScripts: true, rebuild: NATIVE };
}

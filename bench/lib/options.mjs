// The benchmark's command line (bench/README.md lists every option): sizes, sections, repeats and the targets the
// report checks. Read once, when bench/run.mjs starts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const argv = process.argv.slice(2);
/** @param {string} name */
const flag = (name) => argv.includes(`--${name}`);
/** @param {string} name */
const option = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

/** Every section, in the order they run. */
export const ALL_SECTIONS = [
	'broadcast',
	'returnAll',
	'latency',
	'trigger',
	'paced',
	'network',
	'contacts',
	'tags',
	'dedupe',
	'money',
	'optedOut',
];

export const QUICK = flag('quick');
export const SIZES = QUICK
	? {
			recipients: 1_000,
			records: 1_000,
			events: 10_000,
			paced: 200,
			perItemOverNetwork: 50,
			contacts: 1_000,
			tags: 1_000,
			moneyRecords: 1_000,
		}
	: {
			recipients: 10_000,
			records: 10_000,
			events: 1_000_000,
			paced: 2_000,
			perItemOverNetwork: 200,
			contacts: 10_000,
			tags: 10_000,
			moneyRecords: 1_000,
		};
export const SECTIONS = new Set(
	(option('only') ?? ALL_SECTIONS.join(',')).split(',').map((s) => s.trim()),
);
/** Section "network": the round trip of the network model, and the round trips of its sweep. */
export const RTT_MS = Number(option('rtt-ms') ?? 80);
export const SWEEP_RTTS = (option('rtts') ?? (QUICK ? '' : '20,200'))
	.split(',')
	.filter(Boolean)
	.map(Number);
/** Section "latency": the 100-request scenarios again with this much delay added to every answer (a remote service). */
export const LATENCY_MS = Number(option('latency-ms') ?? 20);
export const REPEAT = Math.max(1, Number(option('repeat') ?? (QUICK ? 3 : 5)));
export const RAW_RUNS = Math.max(1, Number(option('raw-runs') ?? 7));
/** Paced job: 10 rate windows of `paced / 10` requests (2 s windows; 1 s with --quick). */
export const PACE = { windows: 10, windowSeconds: QUICK ? 1 : 2 };
export const PROFILE = !flag('no-profile');
export const PROFILE_ALL = flag('profile-all');
export const KEEP = flag('keep');
export const SKIP_BUILD = flag('skip-build');
/** Where the markdown report goes; the JSON goes beside it. */
export const OUT_FILE = path.resolve(
	ROOT,
	option('out') ?? path.join('bench', 'results', 'latest.md'),
);
export const TARGETS = { broadcastRequests: 100, broadcastRatio: 1.3, returnAllRatio: 1.2 };

/** The command as the user typed it, for the report's first line. */
export const COMMAND =
	process.env.npm_lifecycle_event === 'bench'
		? `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`
		: `node bench/run.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`;

/** @param {string} message */
export function log(message) {
	process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

#!/usr/bin/env node
// Installs, with one apt-get, the Debian packages a test run needs and does not find: chromium for the browser test
// of the editor (e2e/editor/), redis-server and postgresql for queue mode (e2e/queue/). scripts/test.mjs runs it in
// the background from its start, beside the n8n installs, so that a new machine (CI) does not wait for these
// installs when those tests begin. The tests still install what they miss themselves (when run alone).
//
//   node scripts/system-packages.mjs [--chromium] [--queue]
//
// Root only (CI runs as root): as another user it prints what is missing and exits 0, and the tests say what to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { missingQueuePackages } from './queue-services.mjs';

const args = new Set(process.argv.slice(2));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const missing = [
	...(args.has('--chromium') && !existsSync(CHROMIUM) ? ['chromium'] : []),
	...(args.has('--queue') ? missingQueuePackages() : []),
];
if (missing.length === 0) {
	console.log('[system-packages] nothing missing');
} else if (process.getuid?.() !== 0) {
	console.log(
		`[system-packages] missing, not root: ${missing.join(' ')} (the tests say what to do)`,
	);
} else {
	const started = Date.now();
	console.log(`[system-packages] apt-get install ${missing.join(' ')}`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
	execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
	console.log(`[system-packages] installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

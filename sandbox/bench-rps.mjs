#!/usr/bin/env node
// Load measurement: start the sandbox as a child process (so server and client use separate cores), fire an
// authenticated GET balance over loopback with keep-alive for a few seconds at a fixed concurrency, and print
// `sandbox: N requests/s (GET /api/integration/v1/sms/balance/, concurrency 32, 5 s)`.
//
// Usage: node sandbox/bench-rps.mjs [--duration 5] [--concurrency 32] [--in-process]
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
	options: {
		duration: { type: 'string', default: '5' },
		concurrency: { type: 'string', default: '32' },
		'in-process': { type: 'boolean', default: false },
	},
});
const durationS = Number(values.duration);
const concurrency = Number(values.concurrency);
const PATH = '/api/integration/v1/sms/balance/';
const API_KEY = 'sk_test_sms_platform_sandbox';
const HUGE_LIMIT = 1_000_000_000;

/** @returns {Promise<{url: string, stop: () => Promise<void>}>} */
async function startChild() {
	const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
	const child = spawn(process.execPath, [cli, '--port', '0', '--quiet'], {
		env: { ...process.env, SANDBOX_RATE_LIMIT: String(HUGE_LIMIT) },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const rl = createInterface({ input: child.stdout });
	const url = await new Promise((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`sandbox exited early (code ${code})`)));
		rl.once('line', (line) => {
			const m = /^SANDBOX_READY (\S+)$/.exec(line);
			if (m) resolve(m[1]);
			else reject(new Error(`unexpected first line: ${line}`));
		});
	});
	return {
		url,
		stop: () =>
			new Promise((resolve) => {
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}

async function startInProcess() {
	const { startSandbox } = await import('./server.mjs');
	const sb = await startSandbox({ port: 0, quiet: true, rateLimit: HUGE_LIMIT });
	return { url: sb.url, stop: sb.close };
}

const target = values['in-process'] ? await startInProcess() : await startChild();
const { hostname, port } = new URL(target.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const reqOptions = {
	hostname,
	port,
	path: PATH,
	method: 'GET',
	agent,
	headers: { Authorization: `Bearer ${API_KEY}` },
};

function once() {
	return new Promise((resolve, reject) => {
		const req = http.request(reqOptions, (res) => {
			res.on('data', () => {});
			res.on('end', () => resolve(res.statusCode));
		});
		req.on('error', reject);
		req.end();
	});
}

let ok = 0;
let failed = 0;
/** @param {number} deadline */
async function worker(deadline) {
	while (Date.now() < deadline) {
		const status = await once();
		if (status === 200) ok++;
		else failed++;
	}
}

// Warm-up (connections, JIT), not counted.
const warm = Date.now() + 500;
await Promise.all(Array.from({ length: concurrency }, () => worker(warm)));
ok = 0;
failed = 0;

const start = performance.now();
const deadline = Date.now() + durationS * 1000;
await Promise.all(Array.from({ length: concurrency }, () => worker(deadline)));
const elapsed = (performance.now() - start) / 1000;

agent.destroy();
await target.stop();

const rps = Math.round(ok / elapsed);
console.log(`sandbox: ${rps} requests/s (GET ${PATH}, concurrency ${concurrency}, ${durationS} s)`);
if (failed) console.log(`  (${failed} non-200 responses)`);

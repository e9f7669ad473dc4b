// Starts the sandbox (sandbox/cli.mjs) as a child process for jest tests, which (as every .ts file of the package)
// may not use process or child_process themselves. Plain CommonJS, outside the TypeScript lint rules.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * @param {Record<string, string|number>} [env] e.g. { SANDBOX_RATE_LIMIT: 50, SANDBOX_PAYMENT_DELAY_MS: 0 }
 * @returns {Promise<{ url: string, admin: (method: string, p: string, body?: unknown) => Promise<any>, stop: () => Promise<void> }>}
 */
async function startSandboxProcess(env = {}) {
	const child = spawn(
		process.execPath,
		[path.join(ROOT, 'sandbox', 'cli.mjs'), '--port', '0', '--quiet'],
		{
			cwd: ROOT,
			env: {
				...process.env,
				...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)])),
			},
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	// A sandbox that did not start is stopped: a child left running keeps jest from exiting.
	const url = await new Promise((resolve, reject) => {
		const lines = readline.createInterface({ input: child.stdout });
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error('sandbox did not start within 60 s'));
		}, 60_000);
		lines.on('line', (line) => {
			const match = /^SANDBOX_READY (\S+)/.exec(line);
			if (match) {
				clearTimeout(timer);
				resolve(match[1]);
			}
		});
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`sandbox exited with ${code}`));
		});
	});
	async function admin(method, p, body) {
		const response = await fetch(`${url}/__sandbox/${p.replace(/^\//, '')}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		try {
			return JSON.parse(text);
		} catch {
			return text;
		}
	}
	async function stop() {
		if (child.exitCode !== null) return;
		await new Promise((resolve) => {
			child.once('exit', resolve);
			child.kill('SIGTERM');
		});
	}
	return { url, admin, stop };
}

/** The sandbox's credentials (sandbox/server.mjs SANDBOX_API_KEY, SANDBOX_EMAIL, SANDBOX_PASSWORD), for jest's tests. */
const SANDBOX_KEY = 'sk_test_sms_platform_sandbox';
const SANDBOX_EMAIL = 'demo@sandbox.test';
const SANDBOX_PASSWORD = 'sandbox-password';

module.exports = { startSandboxProcess, SANDBOX_KEY, SANDBOX_EMAIL, SANDBOX_PASSWORD };

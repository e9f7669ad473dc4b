// The command line: READY line first, free port, clean exit on signals.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));

/** Spawn the CLI; resolve with the child, its READY url and the lines read so far. */
/**
 * @param {string[]} [args]
 * @param {Record<string, string>} [env]
 */
async function spawnCli(args = [], env = {}) {
	const child = spawn(process.execPath, [CLI, ...args], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	/** @type {string[]} */
	const lines = [];
	const rl = createInterface({ input: child.stdout });
	rl.on('line', (l) => lines.push(l));
	const first = await new Promise((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`exited ${code}`)));
		rl.once('line', resolve);
	});
	return { child, first, lines };
}

describe('cli', () => {
	test('--port 0: first line SANDBOX_READY <url>, then the credentials; SIGTERM exits 0', async () => {
		const { child, first, lines } = await spawnCli(['--port', '0'], { SANDBOX_RATE_LIMIT: '77' });
		const m = /^SANDBOX_READY (http:\/\/127\.0\.0\.1:(\d+))$/.exec(first);
		assert.ok(m, first);
		assert.notEqual(m[2], '4010');
		const r = await fetch(`${m[1]}/api/integration/v1/sms/balance/`, {
			headers: { 'X-API-Key': 'sk_test_sms_platform_sandbox' },
		});
		assert.equal(r.status, 200);
		assert.equal(r.headers.get('x-ratelimit-limit'), '77');
		const text = lines.join('\n');
		assert.match(text, /sk_test_sms_platform_sandbox/);
		assert.match(text, /demo@sandbox\.test/);
		assert.match(text, /sandbox-password/);
		assert.match(text, /__sandbox/);
		child.kill('SIGTERM');
		const [code] = await once(child, 'exit');
		assert.equal(code, 0);
	});

	test('SANDBOX_PORT env and SIGINT', async () => {
		const { child, first } = await spawnCli([], { SANDBOX_PORT: '0' });
		assert.match(first, /^SANDBOX_READY http:\/\/127\.0\.0\.1:\d+$/);
		const url = first.split(' ')[1];
		assert.equal((await fetch(`${url}/__sandbox/health`)).status, 200);
		child.kill('SIGINT');
		const [code] = await once(child, 'exit');
		assert.equal(code, 0);
	});
});

describe('cli profiles', () => {
	test('SANDBOX_PROFILE=wild and --profile wild start the wild profile; an unknown profile exits 2', async () => {
		for (const [args, env] of [
			[['--port', '0', '--quiet'], { SANDBOX_PROFILE: 'wild' }],
			[['--port', '0', '--quiet', '--profile', 'wild'], {}],
		]) {
			const { child, first } = await spawnCli(
				/** @type {string[]} */ (args),
				/** @type {Record<string, string>} */ (env),
			);
			const url = first.split(' ')[1];
			const config = /** @type {any} */ (await (await fetch(`${url}/__sandbox/config`)).json());
			assert.equal(config.profile, 'wild');
			child.kill('SIGTERM');
			await once(child, 'exit');
		}
		const bad = spawn(process.execPath, [CLI, '--port', '0', '--profile', 'nope'], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stderr = '';
		bad.stderr.on('data', (chunk) => (stderr += chunk));
		const [code] = await once(bad, 'exit');
		assert.equal(code, 2);
		assert.match(stderr, /documented, wild/);
	});
});

// End-to-end harness: a real n8n (pinned, cached), this package built, packed and installed from its tarball as n8n
// installs community packages, and sandboxes for it to talk to. One instance per test run.
//
// To keep the run short, n8n process starts are few: one `import:credentials`, one `import:workflow` (all test
// workflows and examples), the `n8n execute` runs in parallel, and one `n8n start` for the trigger tests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DEMO_CREDENTIAL_ID, DEMO_CREDENTIAL_NAME } from '../scripts/examples.mjs';
import { installTestPackage, testPackage } from '../scripts/install-package.mjs';
import {
	createN8n,
	executeWorkflow,
	freePort,
	importCredentials,
	importWorkflows,
	seedMigratedDatabase,
} from '../scripts/n8n/process.mjs';
import { ensureN8n } from '../scripts/n8n-runtime.mjs';
import {
	SANDBOX_API_KEY,
	SANDBOX_EMAIL,
	SANDBOX_PASSWORD,
	startSandbox,
} from '../sandbox/server.mjs';

/** Credentials of the operations sandbox, one per auth mode, plus one with a wrong key. */
export const CREDENTIALS = {
	bearer: { id: 'e2eBearer', name: 'E2E API key (Bearer)' },
	header: { id: 'e2eHeader', name: 'E2E API key (X-API-Key)' },
	jwt: { id: 'e2eJwt', name: 'E2E e-mail and password (JWT)' },
	invalid: { id: 'e2eInvalidKey', name: 'E2E invalid API key' },
	examples: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME },
};

export const INVALID_API_KEY = 'sk_test_this_key_does_not_exist';

/** @typedef {import('../sandbox/server.mjs').Sandbox} Sandbox */

/** @type {Record<string, number>} */
const timings = {};
/**
 * @param {string} name
 * @param {number} ms
 */
export function timing(name, ms) {
	timings[name] = ms;
}
export function getTimings() {
	return { ...timings };
}

/**
 * @template T
 * @param {string} name
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function timed(name, fn) {
	const started = Date.now();
	try {
		return await fn();
	} finally {
		timing(name, Date.now() - started);
		process.stderr.write(`[e2e] ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
	}
}

export { admin } from '../sandbox/client.mjs';

/**
 * Calls the sandbox's API directly (as a client would), with the sandbox API key.
 * @param {{ url: string }} sandbox
 * @param {string} method
 * @param {string} pathname
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(sandbox, method, pathname, body) {
	const response = await fetch(`${sandbox.url}${pathname}`, {
		method,
		headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_API_KEY}` },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${pathname} → HTTP ${response.status}: ${text}`);
	return text ? JSON.parse(text) : undefined;
}

/**
 * A credential for a sandbox of one's own, to give `setupE2E` in `extraCredentials`: its Email and Password login
 * (`jwt`) or its API key as a Bearer token (`apiKeyBearer`).
 * @param {{ id: string, name: string }} ref
 * @param {{ url: string }} sandbox
 * @param {'jwt' | 'apiKeyBearer'} authMethod
 */
export function sandboxCredential(ref, sandbox, authMethod) {
	const secret =
		authMethod === 'jwt'
			? { email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD }
			: { apiKey: SANDBOX_API_KEY };
	return { ...ref, type: 'smsPlatformApi', data: { baseUrl: sandbox.url, authMethod, ...secret } };
}

/**
 * A token of the sandbox's login (email and password), as the node's Email and Password credential gets one.
 * @param {{ url: string }} sandbox
 * @returns {Promise<string>}
 */
export async function loginToken(sandbox) {
	const login = await fetch(`${sandbox.url}/api/auth/login/`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD }),
	}).then((r) => r.json());
	return login.access_token ?? login.tokens.access;
}

/**
 * Prepares everything; `workflows` are imported with the credentials. Returns
 * { n8n, n8nPaths, pack, sandboxes: { ops, examples }, execute(id), cleanup() }.
 * `profile`: the sandboxes' profile (`documented`, default, or `wild`: as real servers answer, sandbox/wild.mjs).
 * `extraCredentials(sandboxes)`: more credentials to import beside the standard ones.
 * @param {{ workflows: any[], profile?: 'documented'|'wild'|'main', extraCredentials?: (sandboxes: { ops: Sandbox, examples: Sandbox }) => any[] }} options
 */
export async function setupE2E({ workflows, profile = 'documented', extraCredentials }) {
	const n8nPaths = await timed('ensure n8n', () => ensureN8n());
	// Built and packed once by scripts/test.mjs for the whole run; by this file itself when run alone.
	const { pack, cleanup: removePack } = await testPackage({ timed });

	const userFolder = mkdtempSync(path.join(os.tmpdir(), 'sms-platform-e2e-n8n-'));
	await timed('migrated database', () => seedMigratedDatabase(n8nPaths, userFolder));
	await timed('install tarball', () => installTestPackage({ userFolder, pack }));

	// Two sandboxes: the operations' assertions stay exact while the examples run at the same time.
	const sandboxes = {
		ops: await startSandbox({
			port: 0,
			quiet: true,
			paymentDelayMs: 1500,
			deliveryDelayMs: 500,
			profile,
		}),
		examples: await startSandbox({
			port: 0,
			quiet: true,
			paymentDelayMs: 1500,
			deliveryDelayMs: 500,
			profile,
		}),
	};

	const n8n = createN8n({ bin: n8nPaths.bin, userFolder, port: await freePort() });
	const ops = sandboxes.ops.url;
	await timed('import credentials', () =>
		importCredentials(n8n, [
			{
				...CREDENTIALS.bearer,
				type: 'smsPlatformApi',
				data: { baseUrl: ops, authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
			},
			{
				...CREDENTIALS.header,
				type: 'smsPlatformApi',
				data: { baseUrl: `${ops}/`, authMethod: 'apiKeyHeader', apiKey: SANDBOX_API_KEY },
			},
			{
				...CREDENTIALS.jwt,
				type: 'smsPlatformApi',
				data: { baseUrl: ops, authMethod: 'jwt', email: SANDBOX_EMAIL, password: SANDBOX_PASSWORD },
			},
			{
				...CREDENTIALS.invalid,
				type: 'smsPlatformApi',
				data: { baseUrl: ops, authMethod: 'apiKeyBearer', apiKey: INVALID_API_KEY },
			},
			{
				...CREDENTIALS.examples,
				type: 'smsPlatformApi',
				data: {
					baseUrl: sandboxes.examples.url,
					authMethod: 'apiKeyBearer',
					apiKey: SANDBOX_API_KEY,
				},
			},
			...(extraCredentials?.(sandboxes) ?? []),
		]),
	);
	await timed('import workflows', () => importWorkflows(n8n, workflows));

	/** @type {Array<() => Promise<unknown>>} */
	const cleanups = [];
	return {
		n8n,
		n8nPaths,
		pack,
		sandboxes,
		userFolder,
		/** `n8n execute` of a workflow, timed under `execute <id>`. */
		execute: (/** @type {string} */ id) => timed(`execute ${id}`, () => executeWorkflow(n8n, id)),
		onCleanup: (/** @type {() => Promise<unknown>} */ fn) => cleanups.push(fn),
		async cleanup() {
			for (const fn of cleanups.reverse()) await fn().catch(() => {});
			await Promise.allSettled(Object.values(sandboxes).map((sandbox) => sandbox.close()));
			if (process.env.E2E_KEEP !== '1') {
				rmSync(userFolder, { recursive: true, force: true });
				removePack();
			} else {
				process.stderr.write(`[e2e] kept the n8n user folder ${userFolder}\n`);
			}
		},
	};
}

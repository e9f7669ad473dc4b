// By hand, issue 28: the login workflows of e2e/loginRoutes.test.mjs in a real n8n (the package built, packed and
// installed as the e2e harness does) against the real server's code run locally (../shared/real-backend/), through a
// small counting proxy so every request the node makes is counted. Not a test (CI has no real backend): it prints
// what each node answered, the requests it cost, and what the SMS provider stand-in received.
//
//   WORK_DIR=/tmp/rb-h28 PORT=8300 ../shared/real-backend/start.sh --detach     # the real backend, seeded
//   REAL_BACKEND_URL=http://127.0.0.1:8300 REAL_BACKEND_SEED=/tmp/rb-h28/seed.json node e2e/realBackend.manual.mjs
//   N8N_VERSION=1.123.81 ... the same on the floor version; ONLY=rbOps,rbPaid ... some of them
//
// First, the Email and Password credential's test, as the credential modal runs it (issue 41: it must pass on both
// branches of the real code, BACKEND_BRANCH=backend_testing and main). NO_CREDENTIAL_TEST=1 leaves it out.
//
// The unknown-outcome send runs twice, with the provider stand-in (REAL_BACKEND_STANDIN, default: the backend's port
// + 1) set to `hang` and then to `drop`; it is set back to `accept` after.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startN8n } from '../scripts/n8n/process.mjs';
import { ensureOwner } from '../scripts/n8n/rest.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { activate, FAST_POLLS, pause, POLL, POLL_WAIT_MS } from './activeTriggers.mjs';
import { setupE2E } from './harness.mjs';
import {
	bulkWorkflow,
	loginSendCases,
	opsWorkflow,
	scheduleTime,
	sendWorkflow,
	triggerWorkflow,
} from './loginWorkflows.mjs';

/** events.py of the shared folder beside the checkout (../shared/real-backend), to complete a payment while the trigger watches. */
const EVENTS =
	process.env.REAL_BACKEND_EVENTS ??
	fileURLToPath(new URL('../../shared/real-backend/events.py', import.meta.url));

const TARGET = new URL(process.env.REAL_BACKEND_URL ?? 'http://127.0.0.1:8300');
const STANDIN = new URL(
	process.env.REAL_BACKEND_STANDIN ?? `http://127.0.0.1:${Number(TARGET.port) + 1}`,
);
const SEED = process.env.REAL_BACKEND_SEED ?? '/tmp/sms-real-backend/seed.json';
const seed = JSON.parse(readFileSync(SEED, 'utf8'));
/** events.py acts on the backend of its WORK_DIR: the folder of the seed this run reads, unless WORK_DIR says. */
const EVENTS_ENV = { ...process.env, WORK_DIR: process.env.WORK_DIR ?? path.dirname(SEED) };
const ONLY = process.env.ONLY?.split(',');

/** Every request through the proxy: `METHOD path status`. */
const seen = /** @type {string[]} */ ([]);
const proxy = http.createServer((req, res) => {
	const upstream = http.request(
		{
			host: TARGET.hostname,
			port: TARGET.port,
			method: req.method,
			path: req.url,
			headers: { ...req.headers, host: TARGET.host },
		},
		(answer) => {
			seen.push(`${req.method} ${(req.url ?? '').split('?')[0]} ${answer.statusCode}`);
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		},
	);
	upstream.on('error', (error) => {
		seen.push(`${req.method} ${(req.url ?? '').split('?')[0]} ${error.message}`);
		res.destroy();
	});
	req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(undefined)));
const proxyUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (proxy.address()).port}`;

/** The provider stand-in: set its SMS mode, or read what Beem received. @param {string} path */
const standin = async (path) => (await fetch(new URL(path, STANDIN))).json();

/** The requests seen so far, counted by line. */
function counts() {
	/** @type {Record<string, number>} */
	const out = {};
	for (const line of seen) out[line] = (out[line] ?? 0) + 1;
	return out;
}

const LOGIN = { id: 'e2eRealBackendLogin', name: 'Real backend: email and password' };
const RECIPIENT = '+255754100101';
const AT = scheduleTime();
const ids = {
	messageId: '5eed0003-0000-4000-8000-000000000001',
	transactionId: '5eed0006-0000-4000-8000-000000000004',
};
const [scheduled, nonAscii, replaced, unknown] = loginSendCases(
	'rb',
	LOGIN,
	'DUKAPOA',
	RECIPIENT,
	AT,
);
const workflows = [
	opsWorkflow('rbOps', LOGIN, ids),
	sendWorkflow('rbSend', LOGIN, 'DUKAPOA', `${RECIPIENT}, +255754100102`),
	bulkWorkflow('rbBulk', LOGIN, 'DUKAPOA'),
	scheduled,
	nonAscii,
	replaced,
].filter((w) => !ONLY || ONLY.includes(w.id));
/** The unknown-outcome send, once per provider mode. */
const unknownModes = !ONLY || ONLY.includes(unknown.id) ? ['hang', 'drop'] : [];
const triggers = [
	triggerWorkflow('rbLow', { event: 'lowBalance', threshold: 1_000_000, options: {} }, LOGIN, POLL),
	triggerWorkflow('rbPaid', { event: 'paymentCompleted', options: {} }, LOGIN, POLL),
].filter((w) => !ONLY || ONLY.includes(w.id));

const e2e = await setupE2E({
	workflows: [...workflows, ...(unknownModes.length ? [unknown] : []), ...triggers],
	extraCredentials: () => [
		{
			...LOGIN,
			type: 'smsPlatformApi',
			data: { baseUrl: proxyUrl, authMethod: 'jwt', email: seed.email, password: seed.password },
		},
	],
});
try {
	process.stdout.write(
		`n8n ${N8N_VERSION}, real backend ${TARGET.href} through ${proxyUrl}, schedule time ${AT}\n`,
	);
	if (process.env.NO_CREDENTIAL_TEST !== '1') await credentialTest();
	for (const workflow of workflows) await runOnce(workflow.id, workflow.id);
	for (const mode of unknownModes) {
		await standin(`/__mode?sms=${mode}`);
		try {
			await runOnce(unknown.id, `${unknown.id} (SMS provider: ${mode})`);
		} finally {
			await standin('/__mode?sms=accept');
		}
	}
	if (triggers.length) await runTriggers();
} finally {
	await e2e.cleanup();
	proxy.close();
}

/** The login credential's test through n8n's REST API, as the credential modal runs it; prints its answer. */
async function credentialTest() {
	seen.length = 0;
	const server = await startN8n(e2e.n8n);
	try {
		// The owner the triggers' activation signs in as (e2e/activeTriggers.mjs): an n8n has one.
		const owner = await ensureOwner(server.url, {
			email: 'e2e-triggers@example.com',
			password: 'E2e-password-1',
			firstName: 'E2E',
			lastName: 'Owner',
		});
		const data = {
			baseUrl: proxyUrl,
			authMethod: 'jwt',
			email: seed.email,
			password: seed.password,
		};
		const created = await owner.requestOk('POST', '/rest/credentials', {
			name: 'Real backend: credential test',
			type: 'smsPlatformApi',
			data,
		});
		const result = await owner.requestOk('POST', '/rest/credentials/test', {
			credentials: { id: created.id, name: created.name, type: 'smsPlatformApi', data },
		});
		process.stdout.write(
			`\n## credential test (Email and Password)\n${JSON.stringify(result)}\n  requests: ${JSON.stringify(counts())}\n`,
		);
	} finally {
		await server.stop();
	}
}

/**
 * Runs one workflow and prints each node's first item, its hints, the requests and what Beem received.
 * @param {string} id
 * @param {string} title
 */
async function runOnce(id, title) {
	seen.length = 0;
	const beemBefore = (await standin('/__calls')).calls.length;
	const started = Date.now();
	/** @type {any} */
	let result;
	try {
		result = await e2e.execute(id);
	} catch (error) {
		// n8n's CLI cuts a very long run output (1,000 items) short: the requests still tell what was sent.
		if (!/printed no run \(exit 0/.test(String(error))) throw error;
	}
	process.stdout.write(
		`\n## ${title} (${Date.now() - started} ms, status ${result?.status ?? 'success, output too long to print'})\n`,
	);
	for (const [name, run] of Object.entries(result?.run.data.resultData.runData ?? {})) {
		const last = /** @type {any} */ (run).at(-1);
		const items = last.data?.main?.[0] ?? [];
		const first = items[0]?.json;
		const shown = JSON.stringify(first)?.slice(0, 600);
		const hints = (last.hints ?? []).map((/** @type {any} */ h) => h.message);
		process.stdout.write(
			`- ${name}: ${items.length} item(s), ${last.executionTime} ms${last.error ? `, error: ${last.error.message}` : ''}\n  first: ${shown}\n${hints.length ? `  hints: ${JSON.stringify(hints)}\n` : ''}`,
		);
	}
	const beem = (await standin('/__calls')).calls.slice(beemBefore);
	process.stdout.write(
		`  requests: ${JSON.stringify(counts())}\n  the SMS provider received: ${beem.length} call(s) ${JSON.stringify(beem).slice(0, 400)}\n`,
	);
}

/** Activates the triggers, completes the oldest pending payment after their first poll, and prints what each fired
 * (and how often) and the requests of the whole time. */
async function runTriggers() {
	seen.length = 0;
	const n8n = await activate(
		e2e.n8n,
		triggers.map((w) => w.id),
		'real backend',
	);
	try {
		const firstPoll = Date.now() + POLL_WAIT_MS;
		while (Date.now() < firstPoll && !seen.some((l) => l.includes('/payments/transactions/ ')))
			await pause(1000);
		const completed = JSON.parse(
			execFileSync('python3', [EVENTS, 'complete-payment'], {
				encoding: 'utf8',
				env: EVENTS_ENV,
			}),
		);
		process.stdout.write(
			`\n## triggers (poll ${FAST_POLLS ? 'every 5 s' : 'every minute'})\ncompleted: ${JSON.stringify(completed)}\n`,
		);
		/** @type {Record<string, any[] | undefined>} */
		const fired = {};
		for (const workflow of triggers)
			fired[workflow.id] = await n8n.fired(
				workflow.id,
				(items) =>
					workflow.id !== 'rbPaid' ||
					items.some((i) => (i.transaction_id ?? i.id) === completed.id),
				POLL_WAIT_MS + 30_000,
			);
		// Two more polls: the payment must not fire again.
		const polls = () => seen.filter((l) => l.includes('/payments/transactions/ ')).length;
		const after = polls() + 2;
		const deadline = Date.now() + 2 * POLL_WAIT_MS;
		while (Date.now() < deadline && polls() < after) await pause(1000);
		for (const workflow of triggers) {
			const items = fired[workflow.id];
			const executions = (await n8n.executions(workflow.id)).length;
			process.stdout.write(
				`- ${workflow.id}: ${items ? `${items.length} item(s), first ${JSON.stringify(items[0]).slice(0, 600)}` : 'did not fire'}; executions: ${executions}\n`,
			);
		}
		process.stdout.write(`  requests: ${JSON.stringify(counts())}\n`);
	} finally {
		await n8n.stop();
	}
}

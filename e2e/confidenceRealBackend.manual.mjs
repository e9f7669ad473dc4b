// By hand, issue 53: Send's Dry Run and Skip Opted-Out Contacts in a real n8n (the package built, packed and installed
// as the e2e harness does) against the real server's code run locally (../shared/real-backend/, branch
// backend_testing), through a small recording proxy (the backend's log keeps only its warnings). Not a test (CI has no
// real backend): it prints what each node answered, the requests each run made and what the SMS provider stand-in
// received.
//
//   WORK_DIR=/tmp/rb-confidence PORT=8200 ../shared/real-backend/start.sh --detach
//   REAL_BACKEND_URL=http://127.0.0.1:8200 REAL_BACKEND_WORK_DIR=/tmp/rb-confidence node e2e/confidenceRealBackend.manual.mjs
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { executeMeasured } from '../bench/lib/n8n-exec.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { setupE2E } from './harness.mjs';
import { chain, node, smsNode } from './workflows.mjs';

const TARGET = process.env.REAL_BACKEND_URL ?? 'http://127.0.0.1:8200';
const WORK_DIR = process.env.REAL_BACKEND_WORK_DIR ?? '/tmp/rb-confidence';
const STANDIN = `http://127.0.0.1:${Number(new URL(TARGET).port) + 1}`;
const seed = JSON.parse(readFileSync(path.join(WORK_DIR, 'seed.json'), 'utf8'));
/** Every request through the proxy: `METHOD path?query status`. */
const seen = /** @type {string[]} */ ([]);
const target = new URL(TARGET);
const proxy = http.createServer((req, res) => {
	const upstream = http.request(
		{
			host: target.hostname,
			port: target.port,
			method: req.method,
			path: req.url,
			headers: { ...req.headers, host: target.host },
		},
		(answer) => {
			seen.push(`${req.method} ${req.url} ${answer.statusCode}`);
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		},
	);
	upstream.on('error', () => res.destroy());
	req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(undefined)));
const proxyUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (proxy.address()).port}`;
const CREDENTIAL = { id: 'rbConfidenceLogin', name: 'Real backend (Email and Password)' };
/** Seeded contacts: +2557541001NN; 29 opted out, 01 opted in; +255799000001 is no contact's. */
const OPTED_IN = '+255754100101';
const OPTED_OUT = '+255754100129';
const NO_CONTACT = '+255799000001';
/** 170 characters: two SMS parts, one credit a recipient on this server. */
const LONG =
	`Duka Poa: ${'new stock of rice, beans and sugar at wholesale prices '.repeat(3)}`.slice(0, 170);
const send = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ parameters) =>
	smsNode(name, { resource: 'sms', operation: 'send', ...parameters }, { credential: CREDENTIAL });
const workflows = {
	rbDryRun: [
		send('Dry Run', {
			recipients: `${OPTED_IN}, +255754100102, +255 0754 100 103`,
			message: LONG,
			senderId: { __rl: true, mode: 'name', value: 'DUKAPOA' },
			options: { dryRun: true, checkBalanceFirst: true },
		}),
		send('Dry Run, inactive sender', {
			recipients: OPTED_IN,
			message: 'Hello',
			senderId: { __rl: true, mode: 'name', value: 'DUKAZAMANI' },
			options: { dryRun: true },
		}),
	],
	rbSkipOptedOut: [
		send('Skip opted-out', {
			recipients: `${OPTED_OUT}, ${OPTED_IN}, ${NO_CONTACT}`,
			message: 'Duka Poa: school uniforms are in.',
			senderId: { __rl: true, mode: 'name', value: 'DUKAPOA' },
			options: { skipOptedOut: true },
		}),
		send('Skip opted-out, all of them', {
			recipients: OPTED_OUT,
			message: 'Duka Poa: school uniforms are in.',
			senderId: { __rl: true, mode: 'name', value: 'DUKAPOA' },
			options: { skipOptedOut: true },
		}),
	],
};

const env = await setupE2E({
	workflows: Object.entries(workflows).map(([id, nodes]) =>
		chain(id, `Real backend: ${id}`, [
			node('Start', 'n8n-nodes-base.manualTrigger', {}),
			...nodes,
			node('End', 'n8n-nodes-base.noOp', {}, { executeOnce: true }),
		]),
	),
	extraCredentials: () => [
		{
			...CREDENTIAL,
			type: 'smsPlatformApi',
			data: { baseUrl: proxyUrl, authMethod: 'jwt', email: seed.email, password: seed.password },
		},
	],
});
const calls = async () => (await fetch(`${STANDIN}/__calls`).then((r) => r.json())).calls ?? [];
try {
	console.log(`n8n ${N8N_VERSION} against ${TARGET} (backend_testing), ${seed.email}`);
	for (const [id, nodes] of Object.entries(workflows)) {
		const before = seen.length;
		const callsBefore = (await calls()).length;
		const run = await executeMeasured(env.n8n, id);
		const requests = seen.slice(before);
		console.log(`\n=== ${id}: ${run.status}`);
		for (const { name } of nodes)
			console.log(`--- ${name}\n${JSON.stringify(run.nodes[name], null, 1)}`);
		console.log(`--- requests made (${requests.length}):\n${requests.join('\n')}`);
		const made = (await calls()).slice(callsBefore);
		console.log(
			`--- what the SMS provider stand-in received (${made.length}):\n${JSON.stringify(made, null, 1)}`,
		);
	}
} finally {
	await env.cleanup();
	proxy.close();
}

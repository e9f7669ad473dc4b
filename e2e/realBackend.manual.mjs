// By hand, issue 28: the login workflows of e2e/loginRoutes.test.mjs in a real n8n (the package built, packed and
// installed as the e2e harness does) against the real server's code run locally (../shared/real-backend/), through a
// small counting proxy so every request the node makes is counted. Not a test (CI has no real backend): it prints
// what each node answered and the requests it cost.
//
//   WORK_DIR=/tmp/rb-h28 PORT=8300 ../shared/real-backend/start.sh --detach     # the real backend, seeded
//   REAL_BACKEND_URL=http://127.0.0.1:8300 REAL_BACKEND_SEED=/tmp/rb-h28/seed.json node e2e/realBackend.manual.mjs
//   N8N_VERSION=1.123.81 ... the same on the floor version
//
// Switch the provider stand-in between runs (`curl '<standin>/__mode?sms=hang'`) to see a send's PROVIDER_ERROR.
import { readFileSync } from 'node:fs';
import http from 'node:http';

import { execFileSync } from 'node:child_process';

import { startN8n } from '../scripts/n8n/process.mjs';
import {
	activateWorkflow,
	createApiKey,
	ensureOwner,
	listExecutions,
} from '../scripts/n8n/rest.mjs';
import { allowsSubMinutePolls, ensureN8n } from '../scripts/n8n-runtime.mjs';
import { N8N_VERSION } from '../scripts/n8n-version.mjs';
import { setupE2E } from './harness.mjs';
import { bulkWorkflow, opsWorkflow, sendWorkflow, triggerWorkflow } from './loginWorkflows.mjs';
import { POLL_TIMES } from './workflows.mjs';

const FAST_POLLS = allowsSubMinutePolls(await ensureN8n());
const POLL = FAST_POLLS ? POLL_TIMES.fast : POLL_TIMES.everyMinute;
const POLL_WAIT_MS = FAST_POLLS ? 40_000 : 180_000;
/** events.py of ../shared/real-backend, to complete a payment while the trigger watches. */
const EVENTS = process.env.REAL_BACKEND_EVENTS ?? '/work/shared/real-backend/events.py';

const TARGET = new URL(process.env.REAL_BACKEND_URL ?? 'http://127.0.0.1:8300');
const seed = JSON.parse(
	readFileSync(process.env.REAL_BACKEND_SEED ?? '/tmp/sms-real-backend/seed.json', 'utf8'),
);
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

const LOGIN = { id: 'e2eRealBackendLogin', name: 'Real backend: email and password' };
const ids = {
	messageId: '5eed0003-0000-4000-8000-000000000001',
	transactionId: '5eed0006-0000-4000-8000-000000000004',
};
const workflows = [
	opsWorkflow('rbOps', LOGIN, ids),
	sendWorkflow('rbSend', LOGIN, 'DUKAPOA', '+255754100101, +255754100102'),
	bulkWorkflow('rbBulk', LOGIN, 'DUKAPOA'),
].filter((w) => !ONLY || ONLY.includes(w.id));
const triggers = [
	triggerWorkflow('rbLow', { event: 'lowBalance', threshold: 1_000_000, options: {} }, LOGIN, POLL),
	triggerWorkflow('rbPaid', { event: 'paymentCompleted', options: {} }, LOGIN, POLL),
].filter((w) => !ONLY || ONLY.includes(w.id));

const e2e = await setupE2E({
	workflows: [...workflows, ...triggers],
	extraCredentials: () => [
		{
			...LOGIN,
			type: 'smsPlatformApi',
			data: { baseUrl: proxyUrl, authMethod: 'jwt', email: seed.email, password: seed.password },
		},
	],
});
try {
	process.stdout.write(`n8n ${N8N_VERSION}, real backend ${TARGET.href} through ${proxyUrl}\n`);
	for (const workflow of workflows) {
		seen.length = 0;
		const started = Date.now();
		const result = await e2e.execute(workflow.id);
		process.stdout.write(
			`\n## ${workflow.id} (${Date.now() - started} ms, status ${result.status})\n`,
		);
		for (const [name, run] of Object.entries(result.run.data.resultData.runData)) {
			const last = /** @type {any} */ (run).at(-1);
			const items = last.data?.main?.[0] ?? [];
			const first = items[0]?.json;
			const shown = JSON.stringify(first)?.slice(0, 400);
			const hints = (last.hints ?? []).map((/** @type {any} */ h) => h.message);
			process.stdout.write(
				`- ${name}: ${items.length} item(s), ${last.executionTime} ms${last.error ? `, error: ${last.error.message}` : ''}\n  first: ${shown}\n${hints.length ? `  hints: ${JSON.stringify(hints)}\n` : ''}`,
			);
		}
		/** @type {Record<string, number>} */
		const counts = {};
		for (const line of seen) counts[line] = (counts[line] ?? 0) + 1;
		process.stdout.write(`  requests: ${JSON.stringify(counts)}\n`);
	}
	if (triggers.length) await runTriggers();
} finally {
	await e2e.cleanup();
	proxy.close();
}

/** Activates the triggers (n8n execute cannot start at one), completes the oldest pending payment after their first
 * poll, and prints what each fired and the requests of the whole time. */
async function runTriggers() {
	seen.length = 0;
	const server = await startN8n(e2e.n8n);
	try {
		const owner = await ensureOwner(server.url, {
			email: 'real-backend@example.com',
			password: 'E2e-password-1',
			firstName: 'Real',
			lastName: 'Backend',
		});
		const apiKey = await createApiKey(owner, { label: 'real backend' });
		for (const workflow of triggers) await activateWorkflow(server.url, apiKey, workflow.id);
		const firstPoll = Date.now() + POLL_WAIT_MS;
		while (Date.now() < firstPoll && !seen.some((l) => l.includes('/history/comprehensive/'))) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
		const completed = execFileSync('python3', [EVENTS, 'complete-payment'], { encoding: 'utf8' });
		process.stdout.write(
			`\n## triggers (poll ${FAST_POLLS ? 'every 5 s' : 'every minute'})\ncompleted: ${completed.trim().slice(0, 300)}\n`,
		);
		const deadline = Date.now() + POLL_WAIT_MS;
		const fired = /** @type {Record<string, unknown[]>} */ ({});
		while (Date.now() < deadline && Object.keys(fired).length < triggers.length) {
			for (const workflow of triggers) {
				for (const execution of await listExecutions(server.url, apiKey, {
					workflowId: workflow.id,
					includeData: true,
				})) {
					const runs = execution.data?.resultData?.runData?.Trigger ?? [];
					const items = (runs[0]?.data?.main?.[0] ?? []).map((/** @type {any} */ i) => i.json);
					if (items.length) fired[workflow.id] = items;
				}
			}
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
		for (const workflow of triggers)
			process.stdout.write(
				`- ${workflow.id}: ${fired[workflow.id] ? `${fired[workflow.id].length} item(s), first ${JSON.stringify(fired[workflow.id][0]).slice(0, 400)}` : 'did not fire'}\n`,
			);
		/** @type {Record<string, number>} */
		const counts = {};
		for (const line of seen) counts[line] = (counts[line] ?? 0) + 1;
		process.stdout.write(`  requests: ${JSON.stringify(counts)}\n`);
	} finally {
		await server.stop();
	}
}

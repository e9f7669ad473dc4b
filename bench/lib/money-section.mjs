// Section "money" of the benchmark (issue 42): what each new list of the real service costs in requests, in the pinned
// real n8n with Email and Password against a `wild` sandbox of its own (the real server's page sizes): Billing → Get
// Usage (its page size is honoured: 100 a page), Sender ID Request → Get Many and Billing → Get Many of type payment
// (DRF's fixed 20 a page), each returning all of N records. Sender ID Decided reads the same list as Get Many, down to
// the oldest request still pending, on each poll: at most what Get Many costs.
import { addGeneratedBillingRecords } from '../../sandbox/admin.mjs';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../../sandbox/server.mjs';
import { senderRequestsOf } from '../../sandbox/contacts.mjs';
import { fmtInt, fmtMs } from './format.mjs';
import { MEASURED, NODE_TYPE } from './workflows.mjs';

export const MONEY_CREDENTIAL = {
	id: 'benchMoneyLogin',
	name: 'Bench wild sandbox (Email and Password)',
};

/** @param {{ url: string }} sandbox */
export function moneyCredential(sandbox) {
	return {
		...MONEY_CREDENTIAL,
		type: 'smsPlatformApi',
		data: {
			baseUrl: sandbox.url,
			authMethod: 'jwt',
			email: SANDBOX_EMAIL,
			password: SANDBOX_PASSWORD,
		},
	};
}

const LISTS = /** @type {const} */ ([
	['benchMoneyUsage', 'Billing → Get Usage', { resource: 'billing', operation: 'getUsage' }],
	[
		'benchMoneyRequests',
		'Sender ID Request → Get Many',
		{ resource: 'senderIdRequest', operation: 'getAll' },
	],
	[
		'benchMoneyPayments',
		'Billing → Get Many (type payment)',
		{ resource: 'billing', operation: 'getHistory', filters: { type: 'payment' } },
	],
]);

/**
 * Manual Trigger → the measured node returning all.
 * @param {string} id
 * @param {string} title
 * @param {Record<string, unknown>} parameters
 */
function listWorkflow(id, title, parameters) {
	return {
		id,
		name: `Bench: ${title}, Return All`,
		nodes: [
			{
				id: `${id}-1`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-2`,
				name: MEASURED,
				type: NODE_TYPE,
				typeVersion: 1,
				position: [240, 0],
				parameters: { ...parameters, returnAll: true },
				credentials: { smsPlatformApi: { id: MONEY_CREDENTIAL.id, name: MONEY_CREDENTIAL.name } },
			},
		],
		connections: { Start: { main: [[{ node: MEASURED, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

export function moneyWorkflows() {
	return LISTS.map(([id, title, parameters]) => listWorkflow(id, title, parameters));
}

/**
 * Fills the wild sandbox (started without seed data) with `n` records of each list, through its state.
 * @param {{ state: import('../../sandbox/state.mjs').SandboxState }} sandbox
 * @param {number} n
 */
function fill(sandbox, n) {
	const state = sandbox.state;
	state.updateConfig({ paymentDelayMs: 0 });
	addGeneratedBillingRecords(state, n, 'usage');
	const requests = senderRequestsOf(state);
	const now = Date.now();
	for (let i = 0; i < n; i++) {
		const at = new Date(now - (n - i) * 60_000).toISOString();
		requests.push({
			id: `b0000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
			request_type: 'custom',
			requested_sender_id: `B${String(i).padStart(5, '0')}`,
			sample_content: 'Bench',
			status: i % 3 ? 'approved' : 'pending',
			created_at: at,
			updated_at: at,
		});
	}
	const pkg = state.packageList.find((p) => p.is_active);
	if (!pkg) throw new Error('the wild sandbox has no active SMS package to pay for');
	for (let i = 0; i < n; i++)
		state.initiatePayment(null, {
			package_id: pkg.id,
			buyer_email: 'bench@example.com',
			buyer_name: 'Bench',
			buyer_phone: '0744963858',
			mobile_money_provider: 'vodacom',
		});
}

/**
 * @param {{ sandbox: any, counter: any, n8n: any }} env the wild sandbox and its counter
 * @param {any} results
 * @param {{ sizes: { moneyRecords: number }, measureWorkflow: Function, log: (line: string) => void }} tools
 */
export async function benchMoney(env, results, { sizes, measureWorkflow, log }) {
	const N = sizes.moneyRecords;
	fill(env.sandbox, N);
	log(`money: ${N} usage records, ${N} sender ID requests, ${N} payments in a wild sandbox`);
	/** @type {Record<string, any>} */
	const lists = {};
	for (const [id, title] of LISTS) {
		const m = await measureWorkflow(env, id, { expectItems: N });
		// The login is asked only while n8n holds no token for the credential (the first run): counted apart.
		const logins = (m.plan ?? []).filter(
			(/** @type {any} */ r) => r.path === '/api/auth/login/',
		).length;
		lists[id] = {
			title,
			requests: m.requests - logins,
			logins,
			statuses: m.statuses,
			nodeMs: m.nodeMs,
			items: m.items,
		};
	}
	results.money = { N, lists };
}

/** @param {any} m */
export function reportMoney(m) {
	if (!m) return [];
	if (m.error) return [`**9. Money lists: failed** — ${m.error}`, ''];
	const per1000 = (/** @type {number} */ requests) => (requests * 1000) / m.N;
	return [
		`**9. The real service's new lists (issue 42): ${fmtInt(m.N)} records each, Return All, in a real n8n with Email and Password against the \`wild\` sandbox.** Requests of the list (the login, asked only while n8n holds no token, apart). Sender ID Decided reads the sender ID requests down to the oldest one still pending on each poll: at most what Get Many costs.`,
		'',
		'| List | Items | Requests | Login | Per 1,000 records | Node time |',
		'|---|---:|---:|---:|---:|---:|',
		...Object.values(m.lists).map(
			(/** @type {any} */ l) =>
				`| ${l.title} | ${fmtInt(l.items)} | ${fmtInt(l.requests)} | ${l.logins} | ${per1000(l.requests).toFixed(0)} | ${fmtMs(l.nodeMs)} |`,
		),
		'',
	];
}

// Section "optedOut" of the benchmark (issue 53): what Send's option Skip Opted-Out Contacts costs in requests, in the
// pinned real n8n with Email and Password against the `wild` sandbox the money section uses (the real server's contact
// list: 20 contacts a page whatever is asked, no opt-out filter). One item to one recipient is sent with the option,
// the account holding 1,000 contacts, then 10,000 (every 10th opted out); the report gives the requests the contact
// list took each time, beside the send itself and the login.
import { addContact } from '../../sandbox/contacts.mjs';
import { fmtInt, fmtMs } from './format.mjs';
import { MONEY_CREDENTIAL } from './money-section.mjs';
import { MEASURED, NODE_TYPE } from './workflows.mjs';

const ID = 'benchOptedOut';
const CONTACTS = '/api/messaging/contacts/';
const SIZES = [1_000, 10_000];

/** Manual Trigger → Send one SMS with Skip Opted-Out Contacts. */
export function optedOutWorkflow() {
	return {
		id: ID,
		name: 'Bench: Send with Skip Opted-Out Contacts',
		nodes: [
			{
				id: `${ID}-1`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${ID}-2`,
				name: MEASURED,
				type: NODE_TYPE,
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'sms',
					operation: 'send',
					message: 'Bench: opted-out contacts skipped',
					recipients: '+255799000001',
					senderId: { __rl: true, mode: 'name', value: 'N8NDEMO' },
					options: { skipOptedOut: true },
				},
				credentials: { smsPlatformApi: { id: MONEY_CREDENTIAL.id, name: MONEY_CREDENTIAL.name } },
			},
		],
		connections: { Start: { main: [[{ node: MEASURED, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/**
 * Adds contacts to the sandbox's state until it holds `n` (every 10th opted out).
 * @param {any} state
 * @param {number} n
 */
function fillTo(state, n) {
	const now = new Date().toISOString();
	for (let i = state.contactList.length; i < n; i++) {
		const contact = addContact(state, {
			name: `Bench contact ${i}`,
			phone_e164: `+2557${String(20_000_000 + i)}`,
		});
		if (i % 10 === 0) /** @type {any} */ (contact).opt_out_at = now;
	}
}

/**
 * @param {{ sandbox: any, counter: any, n8n: any }} env the wild sandbox and its counter
 * @param {any} results
 * @param {{ measureWorkflow: Function, log: (line: string) => void }} tools
 */
export async function benchOptedOut(env, results, { measureWorkflow, log }) {
	env.sandbox.state.balance = 1_000_000;
	/** @type {any[]} */
	const runs = [];
	for (const n of SIZES) {
		fillTo(env.sandbox.state, n);
		log(`optedOut: ${n} contacts in the wild sandbox`);
		const m = await measureWorkflow(env, ID, { expectItems: 1 });
		const count = (/** @type {string} */ p) =>
			(m.plan ?? []).filter((/** @type {any} */ r) => r.path === p).length;
		runs.push({
			contacts: n,
			listRequests: count(CONTACTS),
			sends: count('/api/messaging/sms/send/'),
			logins: count('/api/auth/login/'),
			requests: m.requests,
			nodeMs: m.nodeMs,
		});
	}
	results.optedOut = { runs };
}

/** @param {any} m */
export function reportOptedOut(m) {
	if (!m) return [];
	if (m.error) return [`**10. Skip Opted-Out Contacts: failed** — ${m.error}`, ''];
	return [
		"**10. Skip Opted-Out Contacts (issue 53): one SMS sent with the option, in a real n8n with Email and Password against the `wild` sandbox (the real server's contact list: 20 a page, no opt-out filter).** The contact list is read once a run, every page.",
		'',
		'| Contacts | Contact list requests | Send requests | Login | All requests | Node time |',
		'|---:|---:|---:|---:|---:|---:|',
		...m.runs.map(
			(/** @type {any} */ r) =>
				`| ${fmtInt(r.contacts)} | ${fmtInt(r.listRequests)} | ${r.sends} | ${r.logins} | ${fmtInt(r.requests)} | ${fmtMs(r.nodeMs)} |`,
		),
		'',
	];
}

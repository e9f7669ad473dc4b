// Section "contacts" of the benchmark (issue 29): N contacts added with Contact → Create or Update (items combined
// into bulk imports of up to 1,000) beside the same N created one by one with Contact → Create (the naive workflow a
// user would build: one request per item), in the pinned real n8n against the sandbox.
import { admin } from '../../sandbox/client.mjs';
import { fmtInt, fmtMs } from './format.mjs';
import { CREDENTIAL, GENERATOR, MEASURED, NODE_TYPE } from './workflows.mjs';

/**
 * Manual Trigger → Code node making `count` items `{ name, phone }` (phones from `prefix`) → the measured node.
 * @param {string} id
 * @param {number} count
 * @param {string} prefix 5 digits after +255, so that the two workflows add different contacts
 * @param {'upsert' | 'create'} operation
 */
function contactsWorkflow(id, count, prefix, operation) {
	const jsCode = [
		`const count = ${count};`,
		'const items = new Array(count);',
		`for (let i = 0; i < count; i++) items[i] = { json: { name: \`Contact \${i}\`, phone: \`+255${prefix}\${String(i).padStart(4, '0')}\` } };`,
		'return items;',
	].join('\n');
	const nodes = [
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
			name: GENERATOR,
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [240, 0],
			parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode },
		},
		{
			id: `${id}-3`,
			name: MEASURED,
			type: NODE_TYPE,
			typeVersion: 1,
			position: [480, 0],
			parameters: {
				resource: 'contact',
				operation,
				name: '={{ $json.name }}',
				phone: '={{ $json.phone }}',
			},
			credentials: { smsPlatformApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
		},
	];
	return {
		id,
		name: `Bench: ${count} contacts (${operation === 'upsert' ? 'Create or Update' : 'Create, one by one'})`,
		nodes,
		connections: {
			Start: { main: [[{ node: GENERATOR, type: 'main', index: 0 }]] },
			[GENERATOR]: { main: [[{ node: MEASURED, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/** Phone prefixes (+255 then these 5 digits then 4): 10,000 contacts each, apart from the sandbox's seed. */
const UPSERT_PREFIX = '71990';
const CREATE_PREFIX = '76990';

/** @param {{ contacts: number }} sizes */
export function contactsWorkflows(sizes) {
	return [
		contactsWorkflow('benchContactsUpsert', sizes.contacts, UPSERT_PREFIX, 'upsert'),
		contactsWorkflow('benchContactsCreate', sizes.contacts, CREATE_PREFIX, 'create'),
	];
}

/**
 * @param {any} env
 * @param {any} results
 * @param {{ sizes: { contacts: number }, measureWorkflow: Function, log: (line: string) => void }} tools
 */
export async function benchContacts(env, results, { sizes, measureWorkflow, log }) {
	const N = sizes.contacts;
	log(`contacts: ${N} with Create or Update, then ${N} others with Create one by one`);
	// Contacts are the real server's routes, which the `documented` profile does not serve: `demo` serves both.
	await admin(env.sandbox, 'POST', '/config', { profile: 'demo' });
	let upsert;
	let create;
	try {
		upsert = await measureWorkflow(env, 'benchContactsUpsert', { expectItems: N });
		create = await measureWorkflow(env, 'benchContactsCreate', { expectItems: N });
	} finally {
		await admin(env.sandbox, 'POST', '/config', { profile: 'documented' });
	}
	for (const m of [upsert, create]) {
		delete m.plan;
		delete m.log;
	}
	results.contacts = { N, upsert, create };
}

/** @param {any} c */
export function reportContacts(c) {
	if (!c) return [];
	if (c.error) return [`**7. Contacts: failed** — ${c.error}`, ''];
	const row = (/** @type {string} */ way, /** @type {any} */ m) =>
		`| ${way} | ${fmtInt(m.requests)} | ${fmtMs(m.nodeMs)} | ${fmtMs(m.processMs)} |`;
	return [
		`**7. Contacts: ${fmtInt(c.N)} added in a real n8n** (Contact → Create or Update combines items into bulk imports of up to 1,000 contacts; the naive workflow creates them one request per item). Target: at most 10 requests for 10,000 contacts.`,
		'',
		'| Way | Requests | Node time | n8n process |',
		'|---|---:|---:|---:|',
		row('Create or Update', c.upsert),
		row('Create, one by one', c.create),
		'',
	];
}

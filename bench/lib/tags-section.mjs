// Section "tags" of the benchmark (issue 44): N contacts tagged with Contact → Add Tags (items combined, up to 100
// contacts a request) beside the same N tagged one by one with Contact → Update (one request per contact, and it
// replaces the contact's tags), in the pinned real n8n against the sandbox. The contacts are added through the API
// first; their IDs are written into the workflows' Code node, so that only the measured node makes requests.
import { admin } from '../../sandbox/client.mjs';
import { fmtInt, fmtMs } from './format.mjs';
import { CREDENTIAL, GENERATOR, MEASURED, NODE_TYPE } from './workflows.mjs';

/** Phone prefix of the contacts this section adds (+255 then these 5 digits then 4), apart from the others. */
const PREFIX = '73990';

/**
 * Manual Trigger → Code node making one item `{ id }` per contact → the measured node.
 * @param {string} id
 * @param {string[]} ids
 * @param {Record<string, unknown>} parameters
 */
function tagsWorkflow(id, ids, parameters) {
	const jsCode = `return ${JSON.stringify(ids)}.map((id) => ({ json: { id } }));`;
	return {
		id,
		name: `Bench: tag ${ids.length} contacts (${parameters.operation})`,
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
				parameters: { resource: 'contact', contactId: '={{ $json.id }}', ...parameters },
				credentials: { smsPlatformApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
			},
		],
		connections: {
			Start: { main: [[{ node: GENERATOR, type: 'main', index: 0 }]] },
			[GENERATOR]: { main: [[{ node: MEASURED, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/**
 * Adds N contacts through the sandbox's API (bulk imports of 1,000) and returns their IDs.
 * @param {{ url: string }} sandbox
 * @param {string} apiKey
 * @param {number} count
 */
async function addContacts(sandbox, apiKey, count) {
	const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
	for (let start = 0; start < count; start += 1000) {
		const contacts = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
			full_name: `Tagged ${start + i}`,
			phone: `+255${PREFIX}${String(start + i).padStart(4, '0')}`,
			email: '',
		}));
		const r = await fetch(`${sandbox.url}/api/messaging/contacts/bulk-import/`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ import_type: 'phone_contacts', contacts, update_existing: true }),
		});
		if (!r.ok) throw new Error(`adding contacts: HTTP ${r.status} ${await r.text()}`);
	}
	/** @type {string[]} */
	const ids = [];
	for (let page = 1; ids.length < count; page++) {
		const r = await fetch(
			`${sandbox.url}/api/messaging/contacts/?search=%2B255${PREFIX}&page=${page}&page_size=100`,
			{ headers },
		);
		const body = await r.json();
		ids.push(...body.results.map((/** @type {{ id: string }} */ c) => c.id));
		if (!body.next) break;
	}
	if (ids.length !== count) throw new Error(`listed ${ids.length} of the ${count} contacts added`);
	return ids;
}

/**
 * @param {any} env
 * @param {any} results
 * @param {{ sizes: { tags: number }, apiKey: string, importWorkflows: Function, measureWorkflow: Function, log: (line: string) => void }} tools
 */
export async function benchTags(
	env,
	results,
	{ sizes, apiKey, importWorkflows, measureWorkflow, log },
) {
	const N = sizes.tags;
	log(`tags: ${N} contacts tagged with Add Tags, then with one Update per contact`);
	// Contacts are the real server's routes, which the `documented` profile does not serve: `demo` serves both.
	await admin(env.sandbox, 'POST', '/config', { profile: 'demo' });
	try {
		await tagBoth(env, results, { N, apiKey, importWorkflows, measureWorkflow });
	} finally {
		await admin(env.sandbox, 'POST', '/config', { profile: 'documented' });
	}
}

/**
 * @param {any} env
 * @param {any} results
 * @param {{ N: number, apiKey: string, importWorkflows: Function, measureWorkflow: Function }} tools
 */
async function tagBoth(env, results, { N, apiKey, importWorkflows, measureWorkflow }) {
	const ids = await addContacts(env.sandbox, apiKey, N);
	await importWorkflows(env.n8n, [
		tagsWorkflow('benchTagsAdd', ids, { operation: 'addTags', tags: 'bench, n8n' }),
		tagsWorkflow('benchTagsUpdate', ids, {
			operation: 'update',
			updateFields: { tags: 'bench, n8n' },
		}),
	]);
	const addTags = await measureWorkflow(env, 'benchTagsAdd', { expectItems: N });
	const update = await measureWorkflow(env, 'benchTagsUpdate', { expectItems: N });
	for (const m of [addTags, update]) {
		delete m.plan;
		delete m.log;
	}
	results.tags = { N, addTags, update };
}

/** @param {any} t */
export function reportTags(t) {
	if (!t) return [];
	if (t.error) return [`**8. Tags: failed** — ${t.error}`, ''];
	const row = (/** @type {string} */ way, /** @type {any} */ m) =>
		`| ${way} | ${fmtInt(m.requests)} | ${fmtMs(m.nodeMs)} | ${fmtMs(m.processMs)} |`;
	return [
		`**8. Tags: ${fmtInt(t.N)} contacts tagged in a real n8n** (Contact → Add Tags combines items, up to 100 contacts a request; the naive workflow updates each contact's tags, one request per item). Target: at most 100 requests for 10,000 contacts.`,
		'',
		'| Way | Requests | Node time | n8n process |',
		'|---|---:|---:|---:|',
		row('Add Tags', t.addTags),
		row('Update, one by one', t.update),
		'',
	];
}

// The workflows the benchmark imports into n8n. Each is Manual Trigger → (Code node making N items) → the node
// under test, with fixed ids so a re-import replaces them.
import { SANDBOX_API_KEY } from '../../sandbox/server.mjs';
import { chain } from '../../scripts/n8n/workflow.mjs';

export const NODE_TYPE = 'n8n-nodes-sms-platform.smsPlatform';
export const CREDENTIAL = { id: 'benchSandboxKey', name: 'Bench sandbox (API key, Bearer)' };
/** The same key, with the sandbox reached through the network model (HTTPS behind a delay proxy). */
export const NETWORK_CREDENTIAL = {
	id: 'benchNetworkKey',
	name: 'Bench sandbox over the network model',
};
export const SEND_PATH = '/api/integration/v1/sms/send/';
export const MESSAGE = 'Bench broadcast: our shop opens at 9 on Saturday.';
export const SENDER_ID = 'BENCH';

/** The node whose run data is measured in every workflow. */
export const MEASURED = 'Measured';
export const GENERATOR = 'Make recipients';

/** The i-th recipient: +2557 followed by 8 digits (never the sandbox's failing number +255700000999). */
export const recipientOf = (/** @type {number} */ index) => `+2557${10_000_000 + index}`;

let counter = 0;
/**
 * @param {string} name
 * @param {string} type
 * @param {number} typeVersion
 * @param {Record<string, unknown>} parameters
 * @param {Record<string, unknown>} [extra]
 */
function node(name, type, typeVersion, parameters, extra = {}) {
	counter++;
	return {
		id: `be0c0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
		name,
		type,
		typeVersion,
		position: [counter * 240, 0],
		parameters,
		...extra,
	};
}

const start = () => node('Start', 'n8n-nodes-base.manualTrigger', 1, {});

/**
 * A Code node returning `count` items `{ to: '+2557…' }`.
 * @param {number} count
 */
function recipientsNode(count) {
	const jsCode = [
		`const count = ${count};`,
		'const items = new Array(count);',
		'for (let i = 0; i < count; i++) items[i] = { json: { to: `+2557${10000000 + i}` } };',
		'return items;',
	].join('\n');
	return node(GENERATOR, 'n8n-nodes-base.code', 2, {
		mode: 'runOnceForAllItems',
		language: 'javaScript',
		jsCode,
	});
}

/**
 * @param {Record<string, unknown>} parameters
 * @param {{ id: string, name: string }} [credential]
 */
function smsNode(parameters, credential = CREDENTIAL) {
	return node(MEASURED, NODE_TYPE, 1, parameters, {
		credentials: { smsPlatformApi: { id: credential.id, name: credential.name } },
	});
}

/**
 * Broadcast with our node: one item per recipient, with or without Combine Items.
 * @param {string} id
 * @param {number} count
 * @param {{ combine: boolean, credential?: { id: string, name: string }, requestOptions?: Record<string, unknown> }} options
 */
export function broadcastWorkflow(id, count, { combine, credential, requestOptions }) {
	counter = 0;
	return chain(
		id,
		`Bench: broadcast ${count} (SMS Platform, ${combine ? 'Combine Items' : 'one request per item'})`,
		[
			start(),
			recipientsNode(count),
			smsNode(
				{
					resource: 'sms',
					operation: 'send',
					recipients: '={{ $json.to }}',
					message: MESSAGE,
					senderId: SENDER_ID,
					options: combine ? { combineItems: true } : {},
					...(requestOptions ? { requestOptions } : {}),
				},
				credential,
			),
		],
	);
}

/**
 * Broadcast with our node from ONE item carrying all recipients as a list (e.g. after n8n's Aggregate node): the
 * node's own cost without one expression evaluation per item.
 * @param {string} id
 * @param {number} count
 */
export function listBroadcastWorkflow(id, count) {
	counter = 0;
	const jsCode = [
		`const count = ${count};`,
		'const to = new Array(count);',
		'for (let i = 0; i < count; i++) to[i] = `+2557${10000000 + i}`;',
		'return [{ json: { to } }];',
	].join('\n');
	return chain(id, `Bench: broadcast ${count} (SMS Platform, one item with a list of recipients)`, [
		start(),
		node(GENERATOR, 'n8n-nodes-base.code', 2, {
			mode: 'runOnceForAllItems',
			language: 'javaScript',
			jsCode,
		}),
		smsNode({
			resource: 'sms',
			operation: 'send',
			recipients: '={{ $json.to }}',
			message: MESSAGE,
			senderId: SENDER_ID,
			options: {},
		}),
	]);
}

/**
 * Broadcast with n8n's HTTP Request node (v4.2), one POST per item, the key in a header: what users build today.
 * @param {string} id
 * @param {number} count
 * @param {string} baseUrl
 */
export function httpRequestWorkflow(id, count, baseUrl) {
	counter = 0;
	return chain(id, `Bench: broadcast ${count} (HTTP Request node)`, [
		start(),
		recipientsNode(count),
		node(MEASURED, 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${baseUrl}${SEND_PATH}`,
			authentication: 'none',
			sendHeaders: true,
			headerParameters: {
				parameters: [
					{ name: 'Authorization', value: `Bearer ${SANDBOX_API_KEY}` },
					{ name: 'Accept', value: 'application/json' },
				],
			},
			sendBody: true,
			contentType: 'json',
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ message: ${JSON.stringify(MESSAGE)}, recipients: [$json.to], sender_id: ${JSON.stringify(SENDER_ID)} }) }}`,
			options: {},
		}),
	]);
}

/**
 * Billing history, Return All.
 * @param {string} id
 * @param {{ credential?: { id: string, name: string }, requestOptions?: Record<string, unknown> }} [options]
 */
export function returnAllWorkflow(id, { credential, requestOptions } = {}) {
	counter = 0;
	return chain(id, 'Bench: billing history, Return All', [
		start(),
		smsNode(
			{
				resource: 'billing',
				operation: 'getHistory',
				returnAll: true,
				filters: {},
				...(requestOptions ? { requestOptions } : {}),
			},
			credential,
		),
	]);
}

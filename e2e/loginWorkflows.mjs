// Workflows of issue 28 (route families), shared by e2e/loginRoutes.test.mjs and the by-hand run against the real
// server's code (e2e/realBackend.manual.mjs): the same nodes, one credential each.
import { chain, node, smsNode, TRIGGER_TYPE } from './workflows.mjs';

/** @typedef {{ id: string, name: string }} CredentialRef */

const start = () => node('Start', 'n8n-nodes-base.manualTrigger', {});
const end = () => node('End', 'n8n-nodes-base.noOp', {}, { executeOnce: true });

/**
 * The operations of one credential: Get Status, Get Balance, Payment Get Status, Billing Get Many (Return All).
 * @param {string} id
 * @param {{ id: string, name: string }} credential
 * @param {{ messageId: string, transactionId: string }} ids
 */
export function opsWorkflow(id, credential, ids) {
	const o = { credential };
	return chain(id, id, [
		start(),
		smsNode('Get Status', { resource: 'sms', operation: 'getStatus', messageId: ids.messageId }, o),
		smsNode('Get Balance', { resource: 'account', operation: 'getBalance' }, o),
		smsNode(
			'Payment Get Status',
			{ resource: 'payment', operation: 'getStatus', transactionId: ids.transactionId },
			o,
		),
		smsNode(
			'Billing Get Many',
			{ resource: 'billing', operation: 'getHistory', returnAll: true },
			o,
		),
		end(),
	]);
}

/**
 * Send to two recipients.
 * @param {string} id
 * @param {CredentialRef} credential
 * @param {string} sender
 * @param {string} [recipients]
 */
export function sendWorkflow(id, credential, sender, recipients = '+255700000001, +255700000002') {
	return chain(id, id, [
		start(),
		smsNode(
			'Send',
			{
				resource: 'sms',
				operation: 'send',
				recipients,
				message: 'Habari, mzigo wako uko tayari',
				senderId: sender,
			},
			{ credential },
		),
		end(),
	]);
}

/** 1,000 items of one recipient each, sent with Combine Items in batches of 100. */
export function bulkWorkflow(
	/** @type {string} */ id,
	/** @type {CredentialRef} */ credential,
	/** @type {string} */ sender,
) {
	return chain(id, id, [
		start(),
		node(
			'Recipients',
			'n8n-nodes-base.code',
			{
				jsCode:
					"return Array.from({ length: 1000 }, (_, i) => ({ json: { phone: '+2557' + String(10000000 + i) } }));",
			},
			{ typeVersion: 2 },
		),
		smsNode(
			'Send',
			{
				resource: 'sms',
				operation: 'send',
				recipients: '={{ $json.phone }}',
				message: 'Bulk notice',
				senderId: sender,
				options: { combineItems: true, batchSize: 100 },
			},
			{ credential, once: false },
		),
		end(),
	]);
}

/** A polling trigger, to be activated (`n8n execute` cannot start at a polling trigger). */
export function triggerWorkflow(
	/** @type {string} */ id,
	/** @type {Record<string, unknown>} */ parameters,
	/** @type {{ id: string, name: string }} */ credential,
	/** @type {unknown} */ pollTimes = { item: [{ mode: 'everyMinute' }] },
) {
	const trigger = node(
		'Trigger',
		TRIGGER_TYPE,
		{ ...parameters, pollTimes },
		{ credentials: { smsPlatformApi: { id: credential.id, name: credential.name } } },
	);
	return chain(id, id, [trigger, node('Received', 'n8n-nodes-base.noOp', {})]);
}

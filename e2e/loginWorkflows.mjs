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
 * @param {{ message?: string, options?: Record<string, unknown> }} [more] another text, Send's options
 */
export function sendWorkflow(
	id,
	credential,
	sender,
	recipients = '+255700000001, +255700000002',
	{ message = 'Habari, mzigo wako uko tayari', options } = {},
) {
	return chain(id, id, [
		start(),
		smsNode(
			'Send',
			{
				resource: 'sms',
				operation: 'send',
				recipients,
				message,
				senderId: sender,
				...(options ? { options } : {}),
			},
			{ credential },
		),
		end(),
	]);
}

/** A text the login's send route refuses (ASCII only): a dash, curly quotes and an accented letter. */
export const NON_ASCII_TEXT = 'Karibu – bei “maalum” leo kwa Café';
/** That text as Replace Special Characters sends it. */
export const REPLACED_TEXT = 'Karibu - bei "maalum" leo kwa Cafe';

/** The characters above ASCII of a text with their positions (1-based, in characters), as the node names them. */
export function oddCharacters(/** @type {string} */ text) {
	return [...text]
		.map((char, i) => ({ char, position: i + 1 }))
		.filter(({ char }) => Number(char.codePointAt(0)) > 127)
		.map(({ char, position }) => `'${char}' at position ${position}`)
		.join(', ');
}

/** A whole hour two days ahead, in UTC ISO 8601: what the node sends as `schedule_time` for it. */
export function scheduleTime(now = Date.now()) {
	return new Date(Math.ceil(now / 3600_000) * 3600_000 + 2 * 86_400_000).toISOString();
}

/**
 * The login's send cases, one recipient each: a scheduled send, a non-ASCII text without and with Replace Special
 * Characters, and a plain send (for the provider's timeout or dropped connection). Workflow ids `${prefix}Scheduled`,
 * `…NonAscii`, `…Replaced`, `…Unknown`.
 * @param {string} prefix
 * @param {CredentialRef} credential
 * @param {string} sender
 * @param {string} recipient
 * @param {string} at the Schedule Time
 */
export function loginSendCases(prefix, credential, sender, recipient, at) {
	return [
		sendWorkflow(`${prefix}Scheduled`, credential, sender, recipient, {
			options: { scheduleTime: at },
		}),
		sendWorkflow(`${prefix}NonAscii`, credential, sender, recipient, { message: NON_ASCII_TEXT }),
		sendWorkflow(`${prefix}Replaced`, credential, sender, recipient, {
			message: NON_ASCII_TEXT,
			options: { replaceSpecialCharacters: true },
		}),
		sendWorkflow(`${prefix}Unknown`, credential, sender, recipient, {
			message: 'Habari, hii ni jaribio',
		}),
	];
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

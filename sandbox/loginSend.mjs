// The real service's own send for the email and password login (issue 28), POST /api/messaging/sms/send/, on the same
// state as the documented send: a send through either family shows in the other's status and balance. Shapes as in
// the service's code (MGASALUCAS/mifumosms_backend, branch backend_testing): messaging/views_sms_beem.py and
// serializers_sms_beem.py. In the `wild` profile it keeps the real server's rules: ASCII text only, active sender IDs
// only, and `PROVIDER_ERROR` when the upstream provider times out or drops the connection (config `upstream`). The
// other login routes (balance, payment progress and transactions, the comprehensive history) are in loginRoutes.mjs.
import { randomUUID } from 'node:crypto';

import { ApiError } from './errors.mjs';
import { answersAsRealServer, isoSeconds } from './util.mjs';

/** The sender IDs the wild send takes (the real server: the tenant's active ones, and its default `Taarifa-SMS`). */
export const ACTIVE_SENDER_IDS = Object.freeze(['N8NDEMO', 'N8NOPS', 'Taarifa-SMS']);

/** What the real server's send says when its provider timed out or dropped the connection (beem_sms.py). */
export const UPSTREAM_DETAIL = Object.freeze({
	timeout:
		"Network error while sending SMS via Beem: HTTPSConnectionPool(host='apisms.beem.africa', port=443): Read timed out. (read timeout=30)",
	drop: "Network error while sending SMS via Beem: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))",
});

/** The `actions` of the real send's SENDER_ID_INVALID and PROVIDER_ERROR answers. */
const SENDER_ACTIONS = Object.freeze({
	request_default_url: '/api/messaging/sender-requests/request-default/',
	available_url: '/api/messaging/sender-requests/available/',
});

/** @param {import('./routeTypes.mjs').Ctx} ctx */
const isWild = (ctx) => answersAsRealServer(ctx.state.config);

/**
 * The real server's error body (`_error_response` in views_sms_beem.py), as an ApiError.
 * @param {number} status
 * @param {Record<string, unknown>} body
 */
export function realError(status, body) {
	return new ApiError(status, String(body.error_code ?? 'error'), String(body.message)).withBody({
		success: false,
		...body,
	});
}

/**
 * The characters above ASCII with their positions (1-based, in code points, as Python counts them).
 * @param {string} text
 */
export function nonAscii(text) {
	const found = [];
	let position = 0;
	for (const char of text) {
		position++;
		if (Number(char.codePointAt(0)) > 127) found.push(`'${char}' at position ${position}`);
	}
	return found;
}

/**
 * The send's field errors, as SMSSendSerializer gives them (`{field: [message]}`); ASCII is checked in `wild` only.
 * @param {any} body
 * @param {boolean} wild
 */
function sendFieldErrors(body, wild) {
	/** @type {Record<string, string[]>} */
	const errors = {};
	const message = body.message;
	if (typeof message !== 'string' || message === '') errors.message = ['This field is required.'];
	else if (!message.trim()) errors.message = ['Message cannot be empty'];
	else if (wild) {
		const found = nonAscii(message);
		if (found.length)
			errors.message = [
				`Message contains special characters or emojis that are not allowed. Please use only plain text (letters, numbers, spaces, and basic punctuation). Found: ${found.slice(0, 5).join(', ')}${found.length > 5 ? '...' : ''}`,
			];
	}
	const recipients = body.recipients;
	if (!Array.isArray(recipients) || recipients.length === 0)
		errors.recipients = ['At least one recipient is required'];
	else if (recipients.length > 1000)
		errors.recipients = ['Ensure this field has no more than 1000 elements.'];
	else {
		const invalid = recipients.filter(
			(r) => typeof r !== 'string' || !/^\+?[1-9]\d{1,14}$/.test(String(r).replace(/[\s-]/g, '')),
		);
		if (invalid.length) errors.recipients = [`Invalid phone numbers: ${invalid.join(', ')}`];
	}
	const sender = body.sender_id;
	if (typeof sender !== 'string' || sender === '') errors.sender_id = ['This field is required.'];
	else {
		const cleaned = sender.replace(/[^a-zA-Z0-9]/g, '');
		if (cleaned.length > 11) errors.sender_id = ['Sender ID too long (max 11 characters)'];
		else if (cleaned.length < 3) errors.sender_id = ['Sender ID too short (min 3 characters)'];
	}
	if (body.schedule_time !== undefined && body.schedule_time !== null) {
		const time = body.schedule_time;
		if (typeof time !== 'string' || Number.isNaN(Date.parse(time)))
			errors.schedule_time = [
				'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
			];
	}
	return errors;
}

/**
 * POST /api/messaging/sms/send/ `{message, recipients (1–1000), sender_id, schedule_time?}`: 201
 * `{success, message, data: {message_id, base_message_id, provider, recipient_count, cost_estimate, status}}`.
 * @param {import('./routeTypes.mjs').Ctx} ctx
 */
export function loginSend(ctx) {
	const wild = isWild(ctx);
	const body = ctx.body ?? {};
	const errors = sendFieldErrors(body, wild);
	if (Object.keys(errors).length) {
		if (errors.message?.some((m) => m.includes('special characters')))
			throw realError(400, {
				message: 'Message contains special characters or emojis that are not allowed.',
				error_code: 'INVALID_CHARACTERS',
				errors,
				user_hint:
					'Please use only plain text (letters, numbers, spaces, and basic punctuation). Remove emojis and special characters.',
				actions: { allowed_chars: 'Letters, numbers, spaces, and basic punctuation only' },
			});
		throw realError(400, {
			message: 'Some information is missing or invalid.',
			error_code: 'VALIDATION_ERROR',
			errors,
			user_hint: 'Check the phone numbers and message, then try again.',
		});
	}
	if (wild && !ACTIVE_SENDER_IDS.some((s) => s.toLowerCase() === body.sender_id.toLowerCase()))
		throw realError(400, {
			message: 'Sender name is missing or not available.',
			error_code: 'SENDER_ID_INVALID',
			user_hint: 'Choose an approved sender name or request the default in Sender Names.',
			actions: SENDER_ACTIONS,
		});
	const upstream = ctx.state.config.upstream;
	if (wild && (upstream === 'timeout' || upstream === 'drop'))
		// The real server keeps a `queued` record and takes no credit; the SMS may still have gone out.
		throw realError(400, {
			message: 'Your message could not be sent right now.',
			error_code: 'PROVIDER_ERROR',
			detail: UPSTREAM_DETAIL[/** @type {'timeout'|'drop'} */ (upstream)],
			user_hint: 'Check the phone number format (+2557XXXXXXXX) and try again.',
			actions: SENDER_ACTIONS,
		});
	let sent;
	try {
		// The real server's send charges one credit a recipient, whatever the message's length (its send view).
		sent = ctx.state.sendMessage(
			{
				message: body.message,
				recipients: body.recipients,
				sender_id: body.sender_id,
				schedule_time: body.schedule_time ?? undefined,
			},
			{ perRecipient: true },
		);
	} catch (err) {
		if (err instanceof ApiError && err.code === 'insufficient_credits')
			throw realError(400, {
				message: `Insufficient SMS credits. ${err.message}`,
				error_code: 'INSUFFICIENT_CREDITS',
				user_hint: 'Buy SMS credits and try again.',
				actions: { purchase_url: '/api/billing/sms/purchase/' },
			});
		throw err;
	}
	const { msg } = sent;
	const baseId = randomUUID();
	return {
		status: 201,
		body: {
			success: true,
			message: 'SMS sent successfully via Beem',
			data: {
				message_id: msg.id,
				base_message_id: baseId,
				provider: 'beem',
				recipient_count: msg.recipients.length,
				cost_estimate: msg.cost,
				status: 'sent',
			},
		},
	};
}

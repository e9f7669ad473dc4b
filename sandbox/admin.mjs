// The admin interface under /__sandbox/ (no auth): reset, inspection, payments, faults, configuration.
import { randomUUID } from 'node:crypto';

import { ApiError, validate } from './errors.mjs';
import { PRICE_CURRENCY, SMS_PRICE } from './fixtures.mjs';
import { Router } from './router.mjs';
import {
	adminBalanceSchema,
	adminBillingRecordsSchema,
	adminConfigSchema,
	adminFaultSchema,
	adminNotificationSchema,
} from './adminSchemas.mjs';
import { decideSenderRequest, recordProviderAnswer } from './billing.mjs';
import { approveSenderId } from './contacts.mjs';
import { addCustomPurchase } from './loginRoutes.mjs';
import { addTemplate } from './templates.mjs';
import { answersAsRealServer, isoSeconds, MINUTE } from './util.mjs';

/**
 * @typedef {object} AdminCtx
 * @property {import('./state.mjs').SandboxState} state
 * @property {import('./faults.mjs').FaultStore} faults
 * @property {import('./util.mjs').RingBuffer<import('./routeTypes.mjs').LogEntry>} requestLog
 * @property {(e: import('./routeTypes.mjs').LogEntry) => Record<string, unknown>} formatLogEntry
 * @property {import('./auth.mjs').RateLimiter} rateLimiter
 * @property {Record<string, string>} params
 * @property {URLSearchParams} query
 * @property {any} body
 * @property {string} origin
 */

/** @returns {import('./routeTypes.mjs').Result} */
/**
 * @param {unknown} body
 * @param {number} [status]
 */
const ok = (body, status = 200) => ({ status, body });

/** One-line descriptions, served by `GET /__sandbox/`. */
export const ADMIN_ENDPOINTS = [
	['GET', '/__sandbox/health', 'liveness: {ok: true}'],
	[
		'POST',
		'/__sandbox/reset',
		'state back to the seed; clears faults, request log, rate counters, config overrides',
	],
	[
		'GET',
		'/__sandbox/state',
		'summary: balance, tenants, messages, payments, notifications, billing records, rate limit',
	],
	['GET', '/__sandbox/messages', 'every message sent (send order)'],
	['GET', '/__sandbox/tenants', 'partner tenants with their sms_balance'],
	['GET', '/__sandbox/payments', 'payment transactions'],
	[
		'GET',
		'/__sandbox/requests',
		'request log of /api/ calls (last 10000; ?limit=N for the last N)',
	],
	['DELETE', '/__sandbox/requests', 'clear the request log'],
	['POST', '/__sandbox/payments/{transaction_id}/complete', 'complete a pending payment'],
	['POST', '/__sandbox/payments/{transaction_id}/fail', 'fail a pending payment'],
	[
		'POST',
		'/__sandbox/payments/{transaction_id}/provider',
		"the provider's answer {status: COMPLETED|FAILED|CANCELLED} (wild, main: an own purchase stays pending until sync records it; main's sync ignores CANCELLED)",
	],
	[
		'POST',
		'/__sandbox/sender-requests/{request_id}/decide',
		"staff's decision on a request, by its id or its name {status: approved|rejected|requires_changes|cancelled, rejection_reason?}",
	],
	['POST', '/__sandbox/notifications', 'add a notification {title, message, type}'],
	['POST', '/__sandbox/balance', 'set the balance {balance, tenant_id?}'],
	[
		'POST',
		'/__sandbox/templates',
		'add a message template as the service admin could, variables allowed {name, body_text, category?}',
	],
	['POST', '/__sandbox/billing-records', 'append generated billing records {count, type?}'],
	[
		'POST',
		'/__sandbox/custom-purchase',
		'a custom SMS purchase {credits?} (wild: the billing history answers 500 from then on, as the real one)',
	],
	['GET', '/__sandbox/config', 'current configuration'],
	[
		'POST',
		'/__sandbox/config',
		'change configuration {rateLimit?, rateWindowSeconds?, deliveryDelayMs?, paymentDelayMs?, jwtTtlSeconds?, lowBalanceThreshold?, profile?, paymentStatusDelayMs?, refuseApiKeys?, upstream?, referenceNotFound?, loginRoutesNeedLogin?}',
	],
	['GET', '/__sandbox/faults', 'active faults'],
	[
		'POST',
		'/__sandbox/faults',
		'add a fault {path, method?, count, status?, body?, headers?, latencyMs?, drop?, malformed?, phase?}',
	],
	['DELETE', '/__sandbox/faults', 'clear all faults'],
];

/**
 * @param {AdminCtx} ctx
 * @param {import('./state.mjs').Message} m
 * @param {number} now
 */
function messageView(ctx, m, now) {
	return {
		id: m.id,
		recipients: m.recipients,
		message: m.message,
		sender_id: m.sender_id,
		tenant_account_id: m.tenant_account_id,
		status: ctx.state.messageStatus(m, now),
		sent_at: isoSeconds(m.sentMs),
		delivered_at: ctx.state.deliveredAt(m, now),
		parts: m.parts,
		encoding: m.encoding,
		credits: m.credits,
	};
}

/** @typedef {(ctx: AdminCtx) => import('./routeTypes.mjs').Result} AdminHandler */

export const adminRouter = /** @type {Router<AdminHandler>} */ (new Router());
adminRouter
	.add('GET', '/__sandbox', () =>
		ok({
			name: 'SMS Platform sandbox admin',
			endpoints: ADMIN_ENDPOINTS.map(([method, path, description]) => ({
				method,
				path,
				description,
			})),
		}),
	)
	.add('GET', '/__sandbox/health', () => ok({ ok: true }))
	.add('POST', '/__sandbox/reset', (ctx) => {
		ctx.state.reset();
		ctx.faults.clear();
		ctx.requestLog.clear();
		ctx.rateLimiter.reset();
		return ok({ ok: true, state: summary(ctx.state) });
	})
	.add('GET', '/__sandbox/state', (ctx) => ok(summary(ctx.state)))
	.add('GET', '/__sandbox/messages', (ctx) => {
		const now = Date.now();
		return ok(ctx.state.messageList.map((m) => messageView(ctx, m, now)));
	})
	.add('GET', '/__sandbox/tenants', (ctx) => ok([...ctx.state.partnerTenants.values()]))
	.add('GET', '/__sandbox/payments', (ctx) =>
		ok(
			[...ctx.state.transactions.values()].map((tx) => ({
				...ctx.state.transactionView(tx),
				tenant_id: tx.tenant_id,
				package_id: tx.package_id,
				buyer_phone: tx.buyer_phone,
				mobile_money_provider: tx.mobile_money_provider,
				created_at: isoSeconds(tx.createdMs),
			})),
		),
	)
	.add('GET', '/__sandbox/requests', (ctx) => {
		const all = ctx.requestLog.toArray();
		const raw = ctx.query.get('limit');
		const limit = raw && /^\d+$/.test(raw) ? Number(raw) : all.length;
		return ok((limit < all.length ? all.slice(all.length - limit) : all).map(ctx.formatLogEntry));
	})
	.add('DELETE', '/__sandbox/requests', (ctx) => {
		ctx.requestLog.clear();
		return ok({ ok: true });
	})
	.add('POST', '/__sandbox/payments/{transaction_id}/complete', (ctx) => {
		const tx = ctx.state.completePayment(ctx.params.transaction_id);
		return ok({ ok: true, transaction: ctx.state.transactionView(tx) });
	})
	.add('POST', '/__sandbox/payments/{transaction_id}/fail', (ctx) => {
		const tx = ctx.state.failPayment(ctx.params.transaction_id);
		return ok({ ok: true, transaction: ctx.state.transactionView(tx) });
	})
	.add('POST', '/__sandbox/payments/{transaction_id}/provider', (ctx) => {
		const tx = ctx.state.transactions.get(ctx.params.transaction_id);
		if (!tx) throw new ApiError(404, 'transaction_not_found', 'No such transaction');
		const status = String(ctx.body?.status ?? 'COMPLETED').toUpperCase();
		if (status !== 'COMPLETED' && status !== 'FAILED' && status !== 'CANCELLED')
			throw new ApiError(400, 'validation_error', 'status: COMPLETED, FAILED or CANCELLED');
		tx.provider = status;
		// Only the real server's profiles wait for the payment to be asked about, as that server does.
		if (!answersAsRealServer(ctx.state.config)) recordProviderAnswer(ctx.state, tx);
		return ok({ ok: true, transaction: ctx.state.transactionView(tx), provider: status });
	})
	.add('POST', '/__sandbox/sender-requests/{request_id}/decide', (ctx) =>
		ok(decideSenderRequest(ctx.state, ctx.params.request_id, ctx.body ?? {}, approveSenderId)),
	)
	.add('POST', '/__sandbox/notifications', (ctx) => {
		const body = validate(adminNotificationSchema, ctx.body);
		return ok(ctx.state.addNotification(body), 201);
	})
	.add('POST', '/__sandbox/balance', (ctx) => {
		const body = validate(adminBalanceSchema, ctx.body);
		if (body.tenant_id !== undefined) {
			const t = ctx.state.findTenant(body.tenant_id);
			if (!t) throw new ApiError(404, 'tenant_not_found', `Tenant not found: '${body.tenant_id}'`);
			t.sms_balance = body.balance;
			return ok({ ok: true, tenant_id: t.tenant_id, sms_balance: t.sms_balance });
		}
		ctx.state.balance = body.balance;
		return ok({ ok: true, balance: ctx.state.balance });
	})
	.add('POST', '/__sandbox/billing-records', (ctx) => {
		const body = validate(adminBillingRecordsSchema, ctx.body);
		const total = addGeneratedBillingRecords(ctx.state, body.count, body.type);
		return ok({ ok: true, added: body.count, billingRecords: total });
	})
	.add('POST', '/__sandbox/custom-purchase', (ctx) => {
		const credits = Number(ctx.body?.credits ?? 5000);
		if (!Number.isInteger(credits) || credits < 100)
			throw new ApiError(400, 'validation_error', 'credits: an integer of at least 100');
		return ok(addCustomPurchase(ctx.state, credits), 201);
	})
	.add('POST', '/__sandbox/templates', (ctx) => ok(addTemplate(ctx.state, ctx.body), 201))
	.add('GET', '/__sandbox/config', (ctx) => ok(ctx.state.config))
	.add('POST', '/__sandbox/config', (ctx) => {
		const body = validate(adminConfigSchema, ctx.body);
		return ok(ctx.state.updateConfig(body));
	})
	.add('GET', '/__sandbox/faults', (ctx) => ok(ctx.faults.list()))
	.add('POST', '/__sandbox/faults', (ctx) => {
		const body = validate(adminFaultSchema, ctx.body);
		const { regex, ...fault } = ctx.faults.add(body);
		return ok(fault, 201);
	})
	.add('DELETE', '/__sandbox/faults', (ctx) => {
		ctx.faults.clear();
		return ok({ ok: true });
	});

// What the admin interface reads and adds of the sandbox's state (state.mjs).

/** @typedef {import('./state.mjs').SandboxState} SandboxState */

/**
 * Append `count` generated billing records (older than every existing one).
 * @param {SandboxState} state
 * @param {number} count
 * @param {'purchase'|'payment'|'usage'} [type]
 */
export function addGeneratedBillingRecords(state, count, type) {
	const oldest = state.billing.all.last();
	let t = oldest ? Date.parse(oldest.created_at) : Date.now();
	const types = ['usage', 'purchase', 'payment'];
	for (let i = 0; i < count; i++) {
		const n = ++state.generatedBillingCount;
		const kind = type ?? types[n % 3];
		t -= MINUTE;
		const qty = 10 + (n % 90);
		state.appendBilling({
			id: randomUUID(),
			type: kind,
			description:
				kind === 'usage'
					? `SMS usage: ${qty} messages`
					: kind === 'purchase'
						? `Purchase of ${qty * 10} SMS`
						: `Mobile money payment #${n}`,
			amount: kind === 'usage' ? -qty * SMS_PRICE : qty * 10 * SMS_PRICE,
			currency: PRICE_CURRENCY,
			status: 'completed',
			created_at: isoSeconds(t),
		});
	}
	return state.billing.all.length;
}

/**
 * Summary for `GET /__sandbox/state`.
 * @param {SandboxState} state
 */
function summary(state) {
	/** @type {Record<string, number>} */
	const payments = { pending: 0, completed: 0, failed: 0 };
	for (const tx of state.transactions.values()) payments[tx.status]++;
	return {
		balance: state.balance,
		tenants: state.partnerTenants.size,
		messages: state.messages.size,
		payments,
		notifications: { total: state.notifications.length, unread: state.unreadNotifications.length },
		billingRecords: state.billing.all.length,
		rateLimit: { limit: state.config.rateLimit, windowSeconds: state.config.rateWindowSeconds },
	};
}

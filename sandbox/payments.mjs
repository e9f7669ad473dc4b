// Payments in the sandbox's state (state.mjs): a package paid for a partner's tenant (or, on the real server's own
// purchase route, for the account itself), pending until it completes by itself after `paymentDelayMs` (or by the
// admin call), then completed (credits, notification) or failed.
import { randomUUID } from 'node:crypto';

import { ApiError, fieldError } from './errors.mjs';
import { answersAsRealServer, isoSeconds, randomCode } from './util.mjs';

/**
 * @typedef {Record<string, any>} Rec
 * @typedef {object} PaymentHost what payments use of the sandbox's state (SandboxState)
 * @property {Map<string, Rec>} transactions
 * @property {Map<string, ReturnType<typeof setTimeout>>} paymentTimers
 * @property {Map<string, Rec>} packages
 * @property {Map<string, Rec>} partnerTenants
 * @property {{paymentDelayMs: number, profile: string}} config
 * @property {number} balance the account's credits
 * @property {(id: string) => Rec | undefined} findTenant
 * @property {(type: string, description: string, extra?: Record<string, unknown>) => unknown} addActivity
 * @property {(n: {title: string, message: string, type: string}) => unknown} addNotification
 * @property {(r: Rec) => void} prependBilling
 */

/**
 * @param {PaymentHost} state
 * @param {string|null} tenantId tenant_id (or service_account_id); null: the account itself
 * @param {{package_id: string, buyer_email: string, buyer_name: string, buyer_phone: string, mobile_money_provider: string}} body
 */
export function initiatePayment(state, tenantId, body) {
	// `null`: the account buys for itself (the real server's own purchase route, billing.mjs).
	const tenant = tenantId === null ? undefined : state.findTenant(tenantId);
	if (tenantId !== null && !tenant)
		throw new ApiError(404, 'tenant_not_found', `Tenant not found: '${tenantId}'`);
	const pkg = state.packages.get(body.package_id);
	if (!pkg) {
		throw new ApiError(
			404,
			'package_not_found',
			`package_id: no SMS package with id '${body.package_id}'`,
			{
				package_id: [`no SMS package with id '${body.package_id}'`],
			},
		);
	}
	if (!pkg.is_active) {
		throw fieldError('package_id', `the SMS package '${pkg.name}' is not active`);
	}
	const now = Date.now();
	const id = randomUUID();
	const created_at = isoSeconds(now);
	/** @type {Rec} */
	const tx = {
		id,
		order_id: `ORD-${created_at.slice(0, 10).replaceAll('-', '')}-${randomCode(6)}`,
		amount: Math.round(pkg.price),
		currency: pkg.currency,
		status: 'pending',
		completed_at: null,
		createdMs: now,
		updatedMs: now,
		tenant_id: tenant ? tenant.tenant_id : null,
		package_id: pkg.id,
		buyer_email: body.buyer_email,
		buyer_name: body.buyer_name,
		buyer_phone: body.buyer_phone,
		mobile_money_provider: body.mobile_money_provider,
		record: null,
	};
	const record = {
		id,
		transaction_id: id,
		type: 'payment',
		description: `Mobile money payment for ${pkg.name} (${tenant ? tenant.tenant_name : 'own account'})`,
		amount: tx.amount,
		currency: tx.currency,
		status: 'pending',
		created_at,
	};
	tx.record = record;
	state.transactions.set(id, tx);
	state.prependBilling(record);
	state.addActivity(
		'payment_initiated',
		`Mobile money payment of ${tx.amount} ${tx.currency} for ${pkg.name} initiated for ${tenant ? tenant.tenant_name : 'own account'} via ${body.mobile_money_provider}`,
		{ transaction_id: id },
	);
	schedulePayment(state, tx);
	return tx;
}

/** @param {PaymentHost} state @param {Rec} tx */
export function schedulePayment(state, tx) {
	const old = state.paymentTimers.get(tx.id);
	if (old) clearTimeout(old);
	state.paymentTimers.delete(tx.id);
	const delay = state.config.paymentDelayMs;
	if (!(delay > 0)) return;
	const wait = Math.max(0, tx.createdMs + delay - Date.now());
	const timer = setTimeout(() => {
		state.paymentTimers.delete(tx.id);
		if (tx.status !== 'pending' || state.transactions.get(tx.id) !== tx) return;
		// The real server records an own purchase only when asked (billing.mjs): in `wild` the provider's answer waits.
		if (answersAsRealServer(state.config) && tx.tenant_id === null) tx.provider = 'COMPLETED';
		else completePayment(state, tx.id);
	}, wait);
	timer.unref();
	state.paymentTimers.set(tx.id, timer);
}

/** @param {PaymentHost} state @param {string} id */
function pendingTx(state, id) {
	const tx = state.transactions.get(id);
	if (!tx) throw new ApiError(404, 'transaction_not_found', `Transaction not found: '${id}'`);
	if (tx.status !== 'pending') {
		throw new ApiError(409, 'invalid_state', `Transaction '${id}' is already ${tx.status}`, {
			status: tx.status,
		});
	}
	const t = state.paymentTimers.get(id);
	if (t) clearTimeout(t);
	state.paymentTimers.delete(id);
	return tx;
}

/**
 * Complete a pending payment: credits go to the tenant, record and notification follow. The billing record stays
 * the one added at the initiation, with its creation time: only its status changes, as real servers do it.
 * @param {PaymentHost} state
 * @param {string} id transaction id
 */
export function completePayment(state, id) {
	const tx = pendingTx(state, id);
	const tenant = state.partnerTenants.get(tx.tenant_id);
	const pkg = /** @type {Rec} */ (state.packages.get(tx.package_id));
	const credits = pkg.sms_count + pkg.bonus_sms;
	tx.status = 'completed';
	tx.updatedMs = Date.now();
	tx.completed_at = isoSeconds(tx.updatedMs);
	tx.record.status = 'completed';
	if (tenant) tenant.sms_balance += credits;
	else if (tx.tenant_id === null) state.balance += credits;
	state.addNotification({
		type: 'success',
		title: 'Payment completed',
		message: `Payment ${tx.order_id} of ${tx.amount} ${tx.currency} for ${pkg.name} (${tenant?.tenant_name ?? 'tenant'}) completed: ${credits} SMS credits added.`,
	});
	state.addActivity('payment_completed', `Payment ${tx.order_id} for ${pkg.name} completed`, {
		transaction_id: id,
	});
	return tx;
}

/**
 * Fail a pending payment.
 * @param {PaymentHost} state
 * @param {string} id transaction id
 */
export function failPayment(state, id) {
	const tx = pendingTx(state, id);
	const tenant = state.partnerTenants.get(tx.tenant_id);
	const pkg = /** @type {Rec} */ (state.packages.get(tx.package_id));
	tx.status = 'failed';
	tx.updatedMs = Date.now();
	tx.record.status = 'failed';
	state.addNotification({
		type: 'error',
		title: 'Payment failed',
		message: `Payment ${tx.order_id} of ${tx.amount} ${tx.currency} for ${pkg.name} (${tenant?.tenant_name ?? 'tenant'}) failed.`,
	});
	state.addActivity('payment_failed', `Payment ${tx.order_id} for ${pkg.name} failed`, {
		transaction_id: id,
	});
	return tx;
}

/**
 * The public view of a transaction.
 * @param {Rec} tx
 */
export function transactionView(tx) {
	return {
		id: tx.id,
		order_id: tx.order_id,
		amount: tx.amount,
		currency: tx.currency,
		status: tx.status,
		completed_at: tx.completed_at,
	};
}

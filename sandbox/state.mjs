// The in-memory model of the sandbox: account, messages, partner tenants, payments, billing, notifications.
// One Map per resource (id → object) and precomputed newest-first lists; nothing on a hot path scans a list.
import { randomUUID } from 'node:crypto';
import { ApiError, fieldError } from './errors.mjs';
import {
	PRICE_CURRENCY,
	SANDBOX_USER,
	SMS_PRICE,
	buildSeed,
	isFailingNumber,
} from './fixtures.mjs';
import { smsParts } from './smsParts.mjs';
import {
	DAY,
	MINUTE,
	NewestFirstList,
	dateOnly,
	isoMicros,
	isoSeconds,
	randomCode,
	round2,
	startOfDay,
} from './util.mjs';

/**
 * @typedef {object} SandboxConfig
 * @property {number} rateLimit requests per window and credential
 * @property {number} rateWindowSeconds window length
 * @property {number} deliveryDelayMs sent → delivered
 * @property {number} paymentDelayMs pending → completed automatically (≤ 0: only by the admin call)
 * @property {number} jwtTtlSeconds access-token lifetime
 * @property {number} lowBalanceThreshold a "Low balance" notification when the balance drops below it
 * @property {'documented'|'wild'|'demo'} profile `documented` answers as the API reference says; `wild` as real servers do
 * @property {number} paymentStatusDelayMs the payment-status endpoint answers this late (real servers: up to 60 s)
 * @property {boolean} [refuseApiKeys] wild: no API key gets in anywhere, as in the real service's code (issue 28)
 * @property {'accept'|'timeout'|'drop'} [upstream] wild: the SMS provider behind the login's send (issue 28)
 */

/**
 * @typedef {object} Message
 * @property {string} id
 * @property {string[]} recipients
 * @property {string} message
 * @property {string} sender_id
 * @property {string|null} tenant_account_id
 * @property {number} sentMs
 * @property {number} settleMs when the outcome (delivered / failed) is reached
 * @property {boolean} fails
 * @property {number} parts SMS parts of the text (GSM 03.38)
 * @property {'GSM-7'|'UCS-2'} encoding
 * @property {number} credits recipients × parts
 * @property {number} cost credits × the SMS price
 * @property {string} [schedule_time] when a send on the login route asked it to go out (issue 28)
 */

export const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/**
 * @typedef {Record<string, any>} Rec a seeded or created resource (shapes: see schemas.mjs)
 * @typedef {{all: NewestFirstList<Rec>, purchase: NewestFirstList<Rec>, payment: NewestFirstList<Rec>, usage: NewestFirstList<Rec>}} BillingLists
 * @typedef {'all'|'purchase'|'payment'|'usage'} BillingKey
 */

export class SandboxState {
	/**
	 * @param {SandboxConfig} baseConfig the start options; `reset()` returns to them
	 * @param {{seed?: boolean}} [opts] seed: false starts without seed data (only balance and packages)
	 */
	constructor(baseConfig, { seed = true } = {}) {
		this.seedData = seed;
		this.baseConfig = Object.freeze({ ...baseConfig });
		/** @type {SandboxConfig} */
		this.config = { ...baseConfig };
		/** @type {Map<string, NodeJS.Timeout>} */
		this.paymentTimers = new Map();
		/** called when the config's rate limit changes (set by the server) */
		this.onRateLimitChange = () => {};

		this.seededAt = 0;
		this.balance = 0;
		/** @type {Map<string, Rec>} */
		this.packages = new Map();
		/** @type {Rec[]} */
		this.packageList = [];
		/** @type {Map<string, Rec>} */
		this.contacts = new Map();
		/** @type {Rec[]} */
		this.contactList = [];
		/** @type {Map<string, Rec>} */
		this.campaigns = new Map();
		/** @type {Rec[]} */
		this.organizations = [];
		/** @type {NewestFirstList<Rec>} */
		this.notifications = new NewestFirstList();
		/** @type {NewestFirstList<Rec>} */
		this.unreadNotifications = new NewestFirstList();
		/** @type {NewestFirstList<Rec>} */
		this.activities = new NewestFirstList();
		/** @type {BillingLists} */
		this.billing = this.#emptyBilling();
		this.generatedBillingCount = 0;
		/** @type {Map<string, Rec>} tenant_id → partner tenant */
		this.partnerTenants = new Map();
		/** @type {Map<string, Rec>} service_account_id → partner tenant */
		this.tenantsByAccountId = new Map();
		/** @type {Map<string, Message>} */
		this.messages = new Map();
		/** @type {Message[]} send order (sentMs ascending) */
		this.messageList = [];
		/** @type {Map<string, {sent: number, delivered: number, failed: number, cost: number}>} */
		this.dailyHistory = new Map();
		/** @type {Map<string, Rec>} */
		this.transactions = new Map();
		this.reset();
	}

	/** @returns {BillingLists} */
	#emptyBilling() {
		return {
			all: new NewestFirstList(),
			purchase: new NewestFirstList(),
			payment: new NewestFirstList(),
			usage: new NewestFirstList(),
		};
	}

	/** Back to the seed data and the start configuration. */
	reset() {
		for (const t of this.paymentTimers.values()) clearTimeout(t);
		this.paymentTimers.clear();
		const rateChanged =
			this.config.rateLimit !== this.baseConfig.rateLimit ||
			this.config.rateWindowSeconds !== this.baseConfig.rateWindowSeconds;
		this.config = { ...this.baseConfig };
		if (rateChanged) this.onRateLimitChange();

		const seed = buildSeed(Date.now(), this.seedData);
		this.seededAt = seed.now;
		this.balance = seed.balance;
		this.packageList = seed.packages;
		this.packages = new Map();
		for (const p of seed.packages) this.packages.set(p.id, p);
		this.contactList = seed.contacts;
		this.contacts = new Map();
		for (const c of seed.contacts) this.contacts.set(c.id, c);
		this.campaigns = new Map();
		for (const c of seed.campaigns) this.campaigns.set(c.campaign_id, c);
		this.organizations = seed.organizations;

		this.notifications = new NewestFirstList();
		this.unreadNotifications = new NewestFirstList();
		for (const n of seed.notifications) {
			this.notifications.append(n);
			if (!n.is_read) this.unreadNotifications.append(n);
		}

		this.activities = new NewestFirstList();
		for (const a of seed.activities) this.activities.append(a);

		this.billing = this.#emptyBilling();
		for (const r of seed.billingRecords) this.#appendBilling(r);
		this.generatedBillingCount = 0;

		this.partnerTenants = new Map();
		this.tenantsByAccountId = new Map();
		for (const t of seed.partnerTenants) this.#addTenant(t);

		this.messages = new Map();
		this.messageList = [];
		this.dailyHistory = seed.dailyHistory;
		this.transactions = new Map();
	}

	/** Cancel timers (server shutdown). */
	dispose() {
		for (const t of this.paymentTimers.values()) clearTimeout(t);
		this.paymentTimers.clear();
	}

	/**
	 * Apply a partial configuration.
	 * @param {Partial<SandboxConfig>} patch
	 */
	updateConfig(patch) {
		const before = { ...this.config };
		for (const [k, v] of Object.entries(patch)) {
			if (v !== undefined) /** @type {Record<string, unknown>} */ (this.config)[k] = v;
		}
		if (
			before.rateLimit !== this.config.rateLimit ||
			before.rateWindowSeconds !== this.config.rateWindowSeconds
		) {
			this.onRateLimitChange();
		}
		if (before.paymentDelayMs !== this.config.paymentDelayMs) {
			for (const tx of this.transactions.values())
				if (tx.status === 'pending') this.#schedulePayment(tx);
		}
		return this.config;
	}

	// -------------------------------------------------------------------------------------------------------
	// Helpers

	/** @param {Rec} r */
	#appendBilling(r) {
		this.billing.all.append(r);
		this.billing[/** @type {BillingKey} */ (r.type)].append(r);
	}
	/** @param {Rec} r */
	#prependBilling(r) {
		this.billing.all.prepend(r);
		this.billing[/** @type {BillingKey} */ (r.type)].prepend(r);
	}
	/** @param {Rec} t */
	#addTenant(t) {
		this.partnerTenants.set(t.tenant_id, t);
		this.tenantsByAccountId.set(t.service_account_id, t);
	}
	/**
	 * A partner tenant by `tenant_id` or `service_account_id`.
	 * @param {string} id
	 */
	findTenant(id) {
		return this.partnerTenants.get(id) ?? this.tenantsByAccountId.get(id);
	}
	/**
	 * Add an activity entry (newest).
	 * @param {string} type
	 * @param {string} description
	 * @param {Record<string, unknown>} [extra] extra fields
	 */
	addActivity(type, description, extra = {}) {
		const a = {
			id: randomUUID(),
			type,
			description,
			user: { ...SANDBOX_USER },
			timestamp: isoSeconds(Date.now()),
			...extra,
		};
		this.activities.prepend(a);
		return a;
	}
	/**
	 * Add an unread notification (newest).
	 * @param {{title: string, message: string, type: string}} n
	 */
	addNotification({ title, message, type }) {
		const n = {
			id: randomUUID(),
			title,
			message,
			type,
			is_read: false,
			created_at: isoSeconds(Date.now()),
		};
		this.notifications.prepend(n);
		this.unreadNotifications.prepend(n);
		return n;
	}

	// -------------------------------------------------------------------------------------------------------
	// Messages

	/**
	 * Send a message: consumes recipients × SMS parts credits (GSM 03.38, as the service bills them) from the account
	 * (or the tenant's) balance; a send the balance cannot cover is refused whole, nothing is sent.
	 * @param {{message: string, recipients: string[], sender_id: string, tenant_account_id?: string|null}} body
	 */
	sendMessage(body) {
		const now = Date.now();
		let tenant = null;
		if (body.tenant_account_id != null) {
			tenant = this.findTenant(body.tenant_account_id);
			if (!tenant) {
				throw new ApiError(
					404,
					'tenant_not_found',
					`Tenant account not found: '${body.tenant_account_id}'`,
					{
						tenant_account_id: [`no tenant account with id '${body.tenant_account_id}'`],
					},
				);
			}
		}
		const { parts, encoding } = smsParts(body.message);
		const recipients = body.recipients.length;
		const required = recipients * parts;
		const available = tenant ? tenant.sms_balance : this.balance;
		if (required > available) {
			throw new ApiError(
				400,
				'insufficient_credits',
				`Insufficient credits: ${required} required (${recipients} recipient${recipients === 1 ? '' : 's'} × ${parts} SMS part${parts === 1 ? '' : 's'}), ${available} available`,
				{ required, available, recipients, parts, encoding },
			);
		}
		if (tenant) {
			tenant.sms_balance -= required;
		} else {
			const before = this.balance;
			this.balance -= required;
			const threshold = this.config.lowBalanceThreshold;
			if (before >= threshold && this.balance < threshold) {
				this.addNotification({
					type: 'warning',
					title: 'Low balance',
					message: `Your SMS balance is ${this.balance} credits, below the threshold of ${threshold}. Buy a package to keep sending.`,
				});
			}
		}
		/** @type {Message} */
		const msg = {
			id: randomUUID(),
			recipients: body.recipients,
			message: body.message,
			sender_id: body.sender_id,
			tenant_account_id: tenant ? tenant.service_account_id : null,
			sentMs: now,
			settleMs: now + this.config.deliveryDelayMs,
			fails: body.recipients.some(isFailingNumber),
			parts,
			encoding,
			credits: required,
			cost: required * SMS_PRICE,
		};
		this.messages.set(msg.id, msg);
		this.messageList.push(msg);
		this.addActivity(
			'sms_sent',
			`SMS sent to ${recipients} recipient${recipients === 1 ? '' : 's'} from ${body.sender_id}${tenant ? ` for ${tenant.tenant_name}` : ''}`,
			{ message_id: msg.id },
		);
		return { msg, tenant, balance: tenant ? tenant.sms_balance : this.balance };
	}

	/** @param {Message} msg */
	messageStatus(msg, now = Date.now()) {
		if (now < msg.settleMs) return 'sent';
		return msg.fails ? 'failed' : 'delivered';
	}

	/** @param {Message} msg */
	deliveredAt(msg, now = Date.now()) {
		return !msg.fails && now >= msg.settleMs ? isoSeconds(msg.settleMs) : null;
	}

	/**
	 * Index of the first message sent at or after `ms` (binary search over the send-ordered list).
	 * @param {number} ms
	 */
	#firstMessageAtOrAfter(ms) {
		let lo = 0;
		let hi = this.messageList.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (this.messageList[mid].sentMs < ms) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/**
	 * Per-day aggregates of the real messages sent since `fromMs`: date → {sent, delivered, failed, cost}.
	 * @param {number} fromMs
	 * @param {number} now
	 */
	#messageDays(fromMs, now) {
		/** @type {Map<string, {sent: number, delivered: number, failed: number, cost: number}>} */
		const days = new Map();
		for (let i = this.#firstMessageAtOrAfter(fromMs); i < this.messageList.length; i++) {
			const m = this.messageList[i];
			const key = dateOnly(m.sentMs);
			let d = days.get(key);
			if (!d) days.set(key, (d = { sent: 0, delivered: 0, failed: 0, cost: 0 }));
			const n = m.recipients.length;
			d.sent += n;
			d.cost += m.cost;
			const status = this.messageStatus(m, now);
			if (status === 'delivered') d.delivered += n;
			else if (status === 'failed') d.failed += n;
		}
		return days;
	}

	/** Statistics for the current calendar month (seeded history plus real sends). */
	smsStats(now = Date.now()) {
		const d = new Date(now);
		const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
		const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1000;
		let sent = 0,
			delivered = 0,
			failed = 0,
			cost = 0;
		const today = dateOnly(now);
		for (let t = start; t < now; t += DAY) {
			const key = dateOnly(t);
			if (key === today) break;
			const h = this.dailyHistory.get(key);
			if (h) {
				sent += h.sent;
				delivered += h.delivered;
				failed += h.failed;
				cost += h.cost;
			}
		}
		for (const day of this.#messageDays(start, now).values()) {
			sent += day.sent;
			delivered += day.delivered;
			failed += day.failed;
			cost += day.cost;
		}
		return {
			total_sent: sent,
			total_delivered: delivered,
			total_failed: failed,
			delivery_rate: sent ? round2((delivered / sent) * 100) : 0,
			total_cost: cost,
			currency: PRICE_CURRENCY,
			period: { start: isoSeconds(start), end: isoSeconds(end) },
		};
	}

	/**
	 * Dashboard metrics for a period key.
	 * @param {keyof typeof PERIOD_DAYS} period
	 * @param {number} [now]
	 */
	dashboard(period, now = Date.now()) {
		const days = PERIOD_DAYS[period];
		const first = startOfDay(now) - (days - 1) * DAY;
		const real = this.#messageDays(first, now);
		const today = dateOnly(now);
		const daily_breakdown = [];
		let sent = 0,
			delivered = 0,
			cost = 0;
		for (let i = 0; i < days; i++) {
			const key = dateOnly(first + i * DAY);
			const h = key === today ? undefined : this.dailyHistory.get(key);
			const r = real.get(key);
			const e = {
				date: key,
				sent: (h?.sent ?? 0) + (r?.sent ?? 0),
				delivered: (h?.delivered ?? 0) + (r?.delivered ?? 0),
				cost: (h?.cost ?? 0) + (r?.cost ?? 0),
			};
			sent += e.sent;
			delivered += e.delivered;
			cost += e.cost;
			daily_breakdown.push(e);
		}
		let contacts_added = 0;
		for (const c of this.contactList) if (Date.parse(c.created_at) >= first) contacts_added++;
		let campaigns_created = 0;
		for (const c of this.campaigns.values()) if (c._createdMs >= first) campaigns_created++;
		return {
			period,
			metrics: {
				messages_sent: sent,
				messages_delivered: delivered,
				delivery_rate: sent ? round2((delivered / sent) * 100) : 0,
				cost,
				contacts_added,
				campaigns_created,
			},
			daily_breakdown,
		};
	}

	// -------------------------------------------------------------------------------------------------------
	// Partner tenants and payments

	/** @param {{tenant_name: string, owner_email: string, owner_name: string, contact_phone: string, initial_credits?: number}} body */
	createTenant(body) {
		const now = Date.now();
		const t = {
			service_account_id: randomUUID(),
			service_account_id_public: `SA-${randomCode(8)}`,
			service_api_key: null,
			tenant_name: body.tenant_name.trim(),
			tenant_id: randomUUID(),
			sms_balance: body.initial_credits ?? 0,
			owner_email: body.owner_email,
			created_at: isoMicros(now),
			owner_name: body.owner_name,
			contact_phone: body.contact_phone,
		};
		this.#addTenant(t);
		this.addActivity('tenant_created', `Tenant '${t.tenant_name}' created`, {
			tenant_id: t.tenant_id,
		});
		return t;
	}

	/**
	 * @param {string|null} tenantId tenant_id (or service_account_id); null: the account itself
	 * @param {{package_id: string, buyer_email: string, buyer_name: string, buyer_phone: string, mobile_money_provider: string}} body
	 */
	initiatePayment(tenantId, body) {
		// `null`: the account buys for itself (the real server's own purchase route, billing.mjs).
		const tenant = tenantId === null ? undefined : this.findTenant(tenantId);
		if (tenantId !== null && !tenant)
			throw new ApiError(404, 'tenant_not_found', `Tenant not found: '${tenantId}'`);
		const pkg = this.packages.get(body.package_id);
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
		this.transactions.set(id, tx);
		this.#prependBilling(record);
		this.addActivity(
			'payment_initiated',
			`Mobile money payment of ${tx.amount} ${tx.currency} for ${pkg.name} initiated for ${tenant ? tenant.tenant_name : 'own account'} via ${body.mobile_money_provider}`,
			{ transaction_id: id },
		);
		this.#schedulePayment(tx);
		return tx;
	}

	/** @param {Rec} tx */
	#schedulePayment(tx) {
		const old = this.paymentTimers.get(tx.id);
		if (old) clearTimeout(old);
		this.paymentTimers.delete(tx.id);
		const delay = this.config.paymentDelayMs;
		if (!(delay > 0)) return;
		const wait = Math.max(0, tx.createdMs + delay - Date.now());
		const timer = setTimeout(() => {
			this.paymentTimers.delete(tx.id);
			if (tx.status !== 'pending' || this.transactions.get(tx.id) !== tx) return;
			// The real server records an own purchase only when asked (billing.mjs): in `wild` the provider's answer waits.
			if (this.config.profile === 'wild' && tx.tenant_id === null) tx.provider = 'COMPLETED';
			else this.completePayment(tx.id);
		}, wait);
		timer.unref();
		this.paymentTimers.set(tx.id, timer);
	}

	/** @param {string} id */
	#pendingTx(id) {
		const tx = this.transactions.get(id);
		if (!tx) throw new ApiError(404, 'transaction_not_found', `Transaction not found: '${id}'`);
		if (tx.status !== 'pending') {
			throw new ApiError(409, 'invalid_state', `Transaction '${id}' is already ${tx.status}`, {
				status: tx.status,
			});
		}
		const t = this.paymentTimers.get(id);
		if (t) clearTimeout(t);
		this.paymentTimers.delete(id);
		return tx;
	}

	/**
	 * Complete a pending payment: credits go to the tenant, record and notification follow. The billing record stays
	 * the one added at the initiation, with its creation time: only its status changes, as real servers do it.
	 * @param {string} id transaction id
	 */
	completePayment(id) {
		const tx = this.#pendingTx(id);
		const tenant = this.partnerTenants.get(tx.tenant_id);
		const pkg = /** @type {Rec} */ (this.packages.get(tx.package_id));
		const credits = pkg.sms_count + pkg.bonus_sms;
		tx.status = 'completed';
		tx.updatedMs = Date.now();
		tx.completed_at = isoSeconds(tx.updatedMs);
		tx.record.status = 'completed';
		if (tenant) tenant.sms_balance += credits;
		else if (tx.tenant_id === null) this.balance += credits;
		this.addNotification({
			type: 'success',
			title: 'Payment completed',
			message: `Payment ${tx.order_id} of ${tx.amount} ${tx.currency} for ${pkg.name} (${tenant?.tenant_name ?? 'tenant'}) completed: ${credits} SMS credits added.`,
		});
		this.addActivity('payment_completed', `Payment ${tx.order_id} for ${pkg.name} completed`, {
			transaction_id: id,
		});
		return tx;
	}

	/**
	 * Fail a pending payment.
	 * @param {string} id transaction id
	 */
	failPayment(id) {
		const tx = this.#pendingTx(id);
		const tenant = this.partnerTenants.get(tx.tenant_id);
		const pkg = /** @type {Rec} */ (this.packages.get(tx.package_id));
		tx.status = 'failed';
		tx.updatedMs = Date.now();
		tx.record.status = 'failed';
		this.addNotification({
			type: 'error',
			title: 'Payment failed',
			message: `Payment ${tx.order_id} of ${tx.amount} ${tx.currency} for ${pkg.name} (${tenant?.tenant_name ?? 'tenant'}) failed.`,
		});
		this.addActivity('payment_failed', `Payment ${tx.order_id} for ${pkg.name} failed`, {
			transaction_id: id,
		});
		return tx;
	}

	/**
	 * The public view of a transaction.
	 * @param {Rec} tx
	 */
	transactionView(tx) {
		return {
			id: tx.id,
			order_id: tx.order_id,
			amount: tx.amount,
			currency: tx.currency,
			status: tx.status,
			completed_at: tx.completed_at,
		};
	}

	// -------------------------------------------------------------------------------------------------------
	// Admin helpers

	/**
	 * Append `count` generated billing records (older than every existing one).
	 * @param {number} count
	 * @param {'purchase'|'payment'|'usage'} [type]
	 */
	addGeneratedBillingRecords(count, type) {
		const oldest = this.billing.all.last();
		let t = oldest ? Date.parse(oldest.created_at) : Date.now();
		const types = ['usage', 'purchase', 'payment'];
		for (let i = 0; i < count; i++) {
			const n = ++this.generatedBillingCount;
			const kind = type ?? types[n % 3];
			t -= MINUTE;
			const qty = 10 + (n % 90);
			this.#appendBilling({
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
		return this.billing.all.length;
	}

	/** Summary for `GET /__sandbox/state`. */
	summary() {
		/** @type {Record<string, number>} */
		const payments = { pending: 0, completed: 0, failed: 0 };
		for (const tx of this.transactions.values()) payments[tx.status]++;
		return {
			balance: this.balance,
			tenants: this.partnerTenants.size,
			messages: this.messages.size,
			payments,
			notifications: { total: this.notifications.length, unread: this.unreadNotifications.length },
			billingRecords: this.billing.all.length,
			rateLimit: { limit: this.config.rateLimit, windowSeconds: this.config.rateWindowSeconds },
		};
	}
}

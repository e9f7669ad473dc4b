// The in-memory model of the sandbox: account, messages, partner tenants, payments, billing, notifications.
// One Map per resource (id → object) and precomputed newest-first lists; nothing on a hot path scans a list.
import { randomUUID } from 'node:crypto';
import { ApiError } from './errors.mjs';
import { SANDBOX_USER, SMS_PRICE, buildSeed, isFailingNumber } from './fixtures.mjs';
import { PERIOD_DAYS, dashboard, smsStats } from './messageStats.mjs';
import {
	completePayment,
	failPayment,
	initiatePayment,
	schedulePayment,
	transactionView,
} from './payments.mjs';
import { smsParts } from './smsParts.mjs';
import { NewestFirstList, isoMicros, isoSeconds, randomCode } from './util.mjs';

/**
 * @typedef {object} SandboxConfig
 * @property {number} rateLimit requests per window and credential
 * @property {number} rateWindowSeconds window length
 * @property {number} deliveryDelayMs sent → delivered
 * @property {number} paymentDelayMs pending → completed automatically (≤ 0: only by the admin call)
 * @property {number} jwtTtlSeconds access-token lifetime
 * @property {number} lowBalanceThreshold a "Low balance" notification when the balance drops below it
 * @property {'documented'|'wild'|'main'|'demo'} profile `documented` answers as the API reference says; `wild` as real servers do
 *   (the real service's branch `backend_testing`); `main` as that service's branch `main` does
 * @property {number} paymentStatusDelayMs the payment-status endpoint answers this late (real servers: up to 60 s)
 * @property {boolean} [refuseApiKeys] wild: no API key gets in anywhere, as in the real service's code (issue 28)
 * @property {'accept'|'timeout'|'drop'} [upstream] wild: the SMS provider behind the login's send (issue 28)
 * @property {boolean} [loginRoutesNeedLogin] an API key is refused on the real server's own routes (the demo's)
 * @property {boolean} [referenceNotFound] documented: an unknown route answers the API reference's own error body
 *   (`{"error": "Not found", "code": "not_found", "details": {}}`), as a gateway in front of such a service may (issue 51)
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

export { PERIOD_DAYS };

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
		for (const r of seed.billingRecords) this.appendBilling(r);
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
				if (tx.status === 'pending') schedulePayment(this, tx);
		}
		return this.config;
	}

	// -------------------------------------------------------------------------------------------------------
	// Helpers

	/** @param {Rec} r */
	appendBilling(r) {
		this.billing.all.append(r);
		this.billing[/** @type {BillingKey} */ (r.type)].append(r);
	}
	/** @param {Rec} r */
	prependBilling(r) {
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
	 * A scheduled send (`schedule_time`, the login route's) is `scheduled` until its time, then moves on as any other.
	 * @param {{message: string, recipients: string[], sender_id: string, tenant_account_id?: string|null, schedule_time?: string}} body
	 * @param {{ perRecipient?: boolean }} [charge] perRecipient: one credit a recipient whatever the parts, as the real
	 *   service's own send route charges (`required_credits = len(recipients)`); otherwise recipients × parts.
	 */
	sendMessage(body, charge = {}) {
		const now = Date.now();
		const goesOut = body.schedule_time ? Math.max(now, Date.parse(body.schedule_time)) : now;
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
		const required = charge.perRecipient ? recipients : recipients * parts;
		const available = tenant ? tenant.sms_balance : this.balance;
		if (required > available) {
			throw new ApiError(
				400,
				'insufficient_credits',
				`Insufficient credits: ${required} required (${recipients} recipient${recipients === 1 ? '' : 's'}${charge.perRecipient ? '' : ` × ${parts} SMS part${parts === 1 ? '' : 's'}`}), ${available} available`,
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
			settleMs: goesOut + this.config.deliveryDelayMs,
			fails: body.recipients.some(isFailingNumber),
			parts,
			encoding,
			credits: required,
			cost: required * SMS_PRICE,
		};
		if (body.schedule_time) msg.schedule_time = body.schedule_time;
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
		if (msg.schedule_time && now < Date.parse(msg.schedule_time)) return 'scheduled';
		if (now < msg.settleMs) return 'sent';
		return msg.fails ? 'failed' : 'delivered';
	}

	/** @param {Message} msg */
	deliveredAt(msg, now = Date.now()) {
		return !msg.fails && now >= msg.settleMs ? isoSeconds(msg.settleMs) : null;
	}

	/** Statistics for the current calendar month (messageStats.mjs). */
	smsStats(now = Date.now()) {
		return smsStats(this, now);
	}

	/**
	 * Dashboard metrics for a period key (messageStats.mjs).
	 * @param {keyof typeof PERIOD_DAYS} period
	 * @param {number} [now]
	 */
	dashboard(period, now = Date.now()) {
		return dashboard(this, period, now);
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
	 * A payment of a package, and its end (payments.mjs).
	 * @param {string|null} tenantId tenant_id (or service_account_id); null: the account itself
	 * @param {{package_id: string, buyer_email: string, buyer_name: string, buyer_phone: string, mobile_money_provider: string}} body
	 */
	initiatePayment(tenantId, body) {
		return initiatePayment(this, tenantId, body);
	}

	/** @param {string} id transaction id */
	completePayment(id) {
		return completePayment(this, id);
	}

	/** @param {string} id transaction id */
	failPayment(id) {
		return failPayment(this, id);
	}

	/** @param {Rec} tx */
	transactionView(tx) {
		return transactionView(tx);
	}
}

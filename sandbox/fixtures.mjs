// Seed data of the sandbox. Deterministic: every id is derived from a fixed namespace and counter (so ids are
// identical across restarts), every other value from a fixed-seed generator. Timestamps are placed relative to
// the moment of the (re)seed so that "recent" data stays recent.
import { DAY, HOUR, MINUTE, dateOnly, isoMicros, isoSeconds, prng, seedUuid } from './util.mjs';

export const SANDBOX_API_KEY = 'sk_test_sms_platform_sandbox';
export const SANDBOX_EMAIL = 'demo@sandbox.test';
export const SANDBOX_PASSWORD = 'sandbox-password';
/** A recipient that always makes its message fail. */
export const FAILING_NUMBER = '+255700000999';
/**
 * Every number ending in these digits fails too (e.g. `+255799999999`, `+14155599999`). No number the tests,
 * examples or benchmarks generate ends so (they count up from `…10000000`).
 */
export const FAILING_SUFFIX = '99999';

/**
 * Whether a message with this recipient ends `failed`.
 * @param {string} number E.164
 */
export const isFailingNumber = (number) =>
	number === FAILING_NUMBER || number.endsWith(FAILING_SUFFIX);
/** Price of one SMS, used for message cost, statistics and usage records. */
export const SMS_PRICE = 25;
export const PRICE_CURRENCY = 'TZS';
export const INITIAL_BALANCE = 5000;

/** The demo user (behind the JWT login and the API key). */
export const SANDBOX_USER = Object.freeze({ id: 1, email: SANDBOX_EMAIL, name: 'Demo User' });

/** Well-known seeded ids (stable across restarts). */
export const SEED_IDS = Object.freeze({
	campaign: seedUuid('campaign', 1),
	firstContact: seedUuid('contact', 1),
	tenant: seedUuid('partner-tenant', 1),
	tenantServiceAccount: seedUuid('service-account', 1),
	packages: Object.freeze({
		starter: seedUuid('package', 'starter'),
		basic: seedUuid('package', 'basic'),
		business: seedUuid('package', 'business'),
		enterprise: seedUuid('package', 'enterprise'),
		legacy: seedUuid('package', 'legacy-promo'),
	}),
});

/** @type {Array<[string, string, number, number, number, number, boolean]>} */
const PACKAGES = [
	['starter', 'Starter', 500, 12_500, 0, 30, true],
	['basic', 'Basic', 1_000, 24_000, 50, 60, true],
	['business', 'Business', 5_000, 110_000, 500, 90, true],
	['enterprise', 'Enterprise', 20_000, 400_000, 3_000, 365, true],
	['legacy-promo', 'Legacy Promo 2024', 2_000, 40_000, 200, 30, false],
];

const PLACES = [
	'Kilimanjaro',
	'Serengeti',
	'Zanzibar',
	'Dodoma',
	'Arusha',
	'Mwanza',
	'Tanga',
	'Mbeya',
	'Morogoro',
	'Iringa',
	'Kigoma',
	'Moshi',
];
const SECTORS = [
	['Retail', 'retail'],
	['Health', 'healthcare'],
	['Schools', 'education'],
	['Logistics', 'logistics'],
];

/** @type {Array<[string, string, string[], Record<string, string>]>} */
const CONTACTS = [
	['Amina Juma', '+255712345601', ['customer', 'vip'], { city: 'Dar es Salaam', language: 'sw' }],
	['Baraka Mwakyusa', '+255713345602', ['customer'], { city: 'Arusha', language: 'en' }],
	['Neema Kimaro', '+255754345603', ['lead'], { city: 'Moshi', language: 'sw' }],
	['Joseph Mushi', '+255765345604', ['customer', 'wholesale'], { city: 'Mwanza', language: 'sw' }],
	[
		'Grace Mollel',
		'+255786345605',
		['staff'],
		{ city: 'Dodoma', language: 'en', department: 'sales' },
	],
	['Hassan Omari', '+255717345606', ['customer'], { city: 'Zanzibar', language: 'sw' }],
	['Rehema Swai', '+255744345607', ['lead', 'newsletter'], { city: 'Tanga', language: 'sw' }],
	['Peter Lyimo', '+255768345608', ['former-customer'], { city: 'Mbeya', language: 'en' }],
];

const NOTIFICATION_TEMPLATES = [
	[
		'success',
		'Payment completed',
		'Mobile money payment for the Basic package was completed; 1,050 SMS credits added.',
	],
	[
		'info',
		'Campaign finished',
		'Your campaign finished sending. Open the analytics to see delivery results.',
	],
	[
		'warning',
		'Sender ID pending review',
		'The sender ID you requested is awaiting approval by the operator.',
	],
	['success', 'Sender ID approved', 'Your sender ID was approved and can be used for sending.'],
	['info', 'New contacts imported', 'Contacts were imported from your CSV upload.'],
	[
		'error',
		'Payment failed',
		'A mobile money payment was not confirmed by the buyer and has failed.',
	],
	[
		'info',
		'Scheduled maintenance',
		'Delivery reports may be delayed during scheduled operator maintenance.',
	],
	['success', 'Tenant created', 'A new tenant account was created under your partner account.'],
];

const ACTIVITY_TEMPLATES = [
	['sms_sent', 'SMS sent to 120 recipients from SANDBOX'],
	['campaign_created', "Campaign 'Weekend offers' created"],
	['contact_added', 'Contact Amina Juma added'],
	['sms_sent', 'SMS sent to 1 recipient from SANDBOX'],
	['payment_completed', 'Payment for the Basic package completed'],
	['tenant_created', "Tenant 'Kilimanjaro Coffee Traders' created"],
];

/**
 * Build a fresh copy of the seed data.
 * @param {number} now epoch ms of the seed moment
 * @param {boolean} [full] false: only the balance and the SMS package catalog, every other collection empty
 */
export function buildSeed(now, full = true) {
	now = Math.floor(now / 1000) * 1000;
	const rnd = prng(20261122);

	const packages = PACKAGES.map(
		([key, name, sms_count, price, bonus_sms, validity_days, is_active]) => ({
			id: seedUuid('package', key),
			name,
			sms_count,
			price,
			currency: PRICE_CURRENCY,
			bonus_sms,
			validity_days,
			is_active,
		}),
	);

	const contacts = CONTACTS.map(([name, phone, tags, attributes], i) => {
		const created = now - (120 - i * 14) * DAY - (i + 1) * 37 * MINUTE;
		const optedOut = i === CONTACTS.length - 1;
		return {
			id: seedUuid('contact', i + 1),
			name,
			phone_e164: phone,
			email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.co.tz`,
			attributes,
			tags,
			is_active: !optedOut,
			opt_in_at: isoSeconds(created),
			opt_out_at: optedOut ? isoSeconds(now - 5 * DAY) : null,
			created_at: isoSeconds(created),
			updated_at: isoSeconds(optedOut ? now - 5 * DAY : created + 2 * DAY),
		};
	});

	const campaignStart = now - 3 * DAY - 5 * HOUR;
	const duration = 1_440;
	const campaigns = [
		{
			campaign_id: SEED_IDS.campaign,
			name: 'Black Friday Promo',
			status: 'completed',
			total_recipients: 1200,
			sent: 1200,
			delivered: 1164,
			failed: 36,
			delivery_rate: 97,
			cost: 1200 * SMS_PRICE,
			currency: PRICE_CURRENCY,
			started_at: isoSeconds(campaignStart),
			completed_at: isoSeconds(campaignStart + duration * 1000),
			duration_seconds: duration,
			messages_per_second: Math.round((1200 / duration) * 100) / 100,
			_createdMs: campaignStart - 2 * HOUR,
		},
	];

	const organizations = [];
	let n = 0;
	for (const place of PLACES) {
		for (const [sector, type] of SECTORS) {
			n++;
			const slug = `${place}-${sector}`.toLowerCase();
			organizations.push({
				id: seedUuid('organization', n),
				name: `${place} ${sector}`,
				subdomain: slug,
				business_name: `${place} ${sector} Ltd`,
				business_type: type,
				email: `info@${slug}.co.tz`,
				phone_number: `+2557${String(10_000_000 + Math.floor(rnd() * 89_999_999)).slice(0, 8)}`,
				is_active: n % 9 !== 0,
				created_at: isoSeconds(now - (400 - n * 7) * DAY - n * 13 * MINUTE),
			});
		}
	}

	// Newest first.
	const notifications = [];
	for (let i = 0; i < 48; i++) {
		const [type, title, message] = NOTIFICATION_TEMPLATES[i % NOTIFICATION_TEMPLATES.length];
		notifications.push({
			id: seedUuid('notification', i + 1),
			title,
			message,
			type,
			is_read: !(i < 5 || i % 7 === 3),
			created_at: isoSeconds(now - 30 * MINUTE - i * 9 * HOUR),
		});
	}

	const activities = [];
	for (let i = 0; i < 36; i++) {
		const [type, description] = ACTIVITY_TEMPLATES[i % ACTIVITY_TEMPLATES.length];
		activities.push({
			id: seedUuid('activity', i + 1),
			type,
			description,
			user: { ...SANDBOX_USER },
			timestamp: isoSeconds(now - 20 * MINUTE - i * 5 * HOUR),
		});
	}

	const tenant = {
		service_account_id: SEED_IDS.tenantServiceAccount,
		service_account_id_public: 'SA-KCT00001',
		service_api_key: null,
		tenant_name: 'Kilimanjaro Coffee Traders',
		tenant_id: SEED_IDS.tenant,
		sms_balance: 1000,
		owner_email: 'owner@kilimanjaro-coffee.co.tz',
		created_at: isoMicros(now - 10 * DAY, 482),
		owner_name: 'Esther Massawe',
		contact_phone: '+255712000111',
	};

	// Newest first; all three types; usage amounts negative.
	const active = packages.filter((p) => p.is_active);
	const billingRecords = [];
	for (let i = 0; i < 260; i++) {
		const pkg = active[i % active.length];
		const kind = i % 5 === 1 ? 'purchase' : i % 5 === 3 ? 'payment' : 'usage';
		let description;
		let amount;
		if (kind === 'usage') {
			const count = 10 + Math.floor(rnd() * 490);
			description = `SMS usage: ${count} messages`;
			amount = -count * SMS_PRICE;
		} else if (kind === 'purchase') {
			description = `Purchase of ${pkg.name} package (${pkg.sms_count.toLocaleString('en-US')} SMS)`;
			amount = pkg.price;
		} else {
			description = `Mobile money payment for ${pkg.name} (${tenant.tenant_name})`;
			amount = pkg.price;
		}
		billingRecords.push({
			id: seedUuid('billing-record', i + 1),
			type: kind,
			description,
			amount,
			currency: PRICE_CURRENCY,
			status: 'completed',
			created_at: isoSeconds(now - HOUR - i * 7 * HOUR),
		});
	}

	// Aggregated message history per day (days 1..400 ago; today only holds real sends).
	/** @type {Map<string, {sent: number, delivered: number, failed: number, cost: number}>} */
	const dailyHistory = new Map();
	for (let d = 1; d <= 400; d++) {
		const sent = 20 + Math.floor(rnd() * 180);
		const failed = Math.floor(sent * (0.01 + rnd() * 0.04));
		dailyHistory.set(dateOnly(now - d * DAY), {
			sent,
			delivered: sent - failed,
			failed,
			cost: sent * SMS_PRICE,
		});
	}

	if (!full) {
		return {
			now,
			balance: INITIAL_BALANCE,
			packages,
			contacts: [],
			campaigns: [],
			organizations: [],
			notifications: [],
			activities: [],
			billingRecords: [],
			partnerTenants: [],
			dailyHistory: new Map(),
		};
	}
	return {
		now,
		balance: INITIAL_BALANCE,
		packages,
		contacts,
		campaigns,
		organizations,
		notifications,
		activities,
		billingRecords,
		partnerTenants: [tenant],
		dailyHistory,
	};
}

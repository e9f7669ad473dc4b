// What the statistics and dashboard endpoints compute from the sandbox's messages (state.mjs): per-day totals of the
// seeded history and the real sends, without scanning more than the period's messages.
import { PRICE_CURRENCY } from './fixtures.mjs';
import { DAY, dateOnly, isoSeconds, round2, startOfDay } from './util.mjs';

export const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/**
 * @typedef {{sentMs: number, recipients: string[], cost: number}} SentMessage
 * @typedef {object} StatsHost what the statistics read of the sandbox's state (SandboxState)
 * @property {SentMessage[]} messageList messages in send order
 * @property {Map<string, {sent: number, delivered: number, failed: number, cost: number}>} dailyHistory seeded days
 * @property {Array<Record<string, any>>} contactList
 * @property {Map<string, Record<string, any>>} campaigns
 * @property {(m: any, now?: number) => string} messageStatus
 */

/**
 * Index of the first message sent at or after `ms` (binary search over the send-ordered list).
 * @param {StatsHost} state
 * @param {number} ms
 */
function firstMessageAtOrAfter(state, ms) {
	let lo = 0;
	let hi = state.messageList.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (state.messageList[mid].sentMs < ms) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/**
 * Per-day aggregates of the real messages sent since `fromMs`: date → {sent, delivered, failed, cost}.
 * @param {StatsHost} state
 * @param {number} fromMs
 * @param {number} now
 */
function messageDays(state, fromMs, now) {
	/** @type {Map<string, {sent: number, delivered: number, failed: number, cost: number}>} */
	const days = new Map();
	for (let i = firstMessageAtOrAfter(state, fromMs); i < state.messageList.length; i++) {
		const m = state.messageList[i];
		const key = dateOnly(m.sentMs);
		let d = days.get(key);
		if (!d) days.set(key, (d = { sent: 0, delivered: 0, failed: 0, cost: 0 }));
		const n = m.recipients.length;
		d.sent += n;
		d.cost += m.cost;
		const status = state.messageStatus(m, now);
		if (status === 'delivered') d.delivered += n;
		else if (status === 'failed') d.failed += n;
	}
	return days;
}

/**
 * Statistics for the current calendar month (seeded history plus real sends).
 * @param {StatsHost} state
 */
export function smsStats(state, now = Date.now()) {
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
		const h = state.dailyHistory.get(key);
		if (h) {
			sent += h.sent;
			delivered += h.delivered;
			failed += h.failed;
			cost += h.cost;
		}
	}
	for (const day of messageDays(state, start, now).values()) {
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
 * @param {StatsHost} state
 * @param {keyof typeof PERIOD_DAYS} period
 * @param {number} [now]
 */
export function dashboard(state, period, now = Date.now()) {
	const days = PERIOD_DAYS[period];
	const first = startOfDay(now) - (days - 1) * DAY;
	const real = messageDays(state, first, now);
	const today = dateOnly(now);
	const daily_breakdown = [];
	let sent = 0,
		delivered = 0,
		cost = 0;
	for (let i = 0; i < days; i++) {
		const key = dateOnly(first + i * DAY);
		const h = key === today ? undefined : state.dailyHistory.get(key);
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
	for (const c of state.contactList) if (Date.parse(c.created_at) >= first) contacts_added++;
	let campaigns_created = 0;
	for (const c of state.campaigns.values()) if (c._createdMs >= first) campaigns_created++;
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

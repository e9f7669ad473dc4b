import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';

/** The periods Get Metrics and Get Summary ask for, in days, with their names in the Period field. */
export const PERIODS: Record<string, { days: number; name: string }> = {
	'7d': { days: 7, name: 'Last 7 Days' },
	'30d': { days: 30, name: 'Last 30 Days' },
	'90d': { days: 90, name: 'Last 90 Days' },
	'1y': { days: 365, name: 'Last Year' },
};

const DAY_MS = 24 * 3600 * 1000;

const UNIT_DAYS: Record<string, number> = { d: 1, w: 7, m: 30, y: 365 };

/**
 * How many days a period as the service states it covers: a code (`7d`, `1y`), a label (`Last 30 days`,
 * `last_90_days`, `12 months`, `Last year`), a number of days, or `{ start, end }`. `undefined` when it cannot tell.
 */
function periodDays(value: unknown): number | undefined {
	if (typeof value === 'number') return value > 0 ? value : undefined;
	if (isPlainObject(value)) {
		const { start, end } = value as IDataObject;
		const from = typeof start === 'string' ? Date.parse(start) : NaN;
		const to = typeof end === 'string' ? Date.parse(end) : NaN;
		return to > from ? Math.round((to - from) / DAY_MS) : undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.toLowerCase().replace(/[_-]+/g, ' ');
	const counted = /(\d+)\s*(d|days?|w|weeks?|m|months?|y|years?)\b/.exec(text);
	if (counted) {
		const n = Number(counted[1]);
		// Twelve months are a year, not 360 days.
		if (counted[2].startsWith('m') && n % 12 === 0) return (n / 12) * 365;
		return n * UNIT_DAYS[counted[2][0]];
	}
	if (/\bweek\b/.test(text)) return 7;
	if (/\bmonth\b/.test(text)) return 30;
	if (/\byear\b/.test(text)) return 365;
	return undefined;
}

/** The fields in which a dashboard answer may state its period, most telling first. */
const PERIOD_FIELDS = ['period', 'period_label', 'period_name', 'period_days', 'date_range'];

/**
 * The period the answer says it covers, when it says it differently from the one asked (`undefined` otherwise, also
 * when it states none or none that can be read: the node cannot tell, and says nothing).
 */
export function ignoredPeriod(answer: IDataObject, asked: string): { stated: unknown } | undefined {
	const wanted = PERIODS[asked]?.days;
	if (wanted === undefined) return undefined;
	for (const field of PERIOD_FIELDS) {
		const days = periodDays(answer[field]);
		if (days === undefined) continue;
		// A day either way: a range may count its first and last day or not, a year may have 366 days.
		return Math.abs(days - wanted) <= Math.max(1, wanted * 0.01)
			? undefined
			: { stated: answer[field] };
	}
	return periodInCards(answer, wanted);
}

/**
 * A server without a period field may state it only in each card's `description` (`{total_messages: {value,
 * description: "Last 30 days"}}`, messaging/views_dashboard.py of the real service, whatever `period` asked): the
 * first card whose description states another period than the one asked.
 */
function periodInCards(answer: IDataObject, wanted: number): { stated: unknown } | undefined {
	for (const value of Object.values(answer)) {
		if (!isPlainObject(value)) continue;
		const description = value.description;
		const days = typeof description === 'string' ? periodDays(description) : undefined;
		if (days !== undefined && Math.abs(days - wanted) > Math.max(1, wanted * 0.01))
			return { stated: description };
	}
	return undefined;
}

/** The Period field (Dashboard → Get Metrics, Billing → Get Summary): the PERIODS, with what it covers there. */
export function periodField(description: string): INodeProperties {
	return {
		displayName: 'Period',
		name: 'period',
		type: 'options',
		default: '30d',
		options: Object.entries(PERIODS).map(([value, { name }]) => ({ name, value })),
		description,
	};
}

/** An item's 'Period' (Dashboard → Get Metrics, Billing → Get Summary), checked to be one of PERIODS. */
export function readPeriod(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = ctx.getNodeParameter('period', itemIndex, '30d') as unknown;
	// An expression may give an object or a list: name it as JSON rather than "[object Object]".
	const period = typeof raw === 'string' ? raw.trim() : (JSON.stringify(raw) ?? String(raw));
	if (!(period in PERIODS)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`'Period' "${period}" is not one of ${Object.keys(PERIODS).join(', ')}`,
			{ itemIndex, description: `Choose one of ${Object.keys(PERIODS).join(', ')} in 'Period'.` },
		);
	}
	return period;
}

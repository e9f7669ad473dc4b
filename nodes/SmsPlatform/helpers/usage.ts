import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Billing → Get Usage's dates. The service filters usage by the day of its records in its own time zone
 * (Africa/Dar_es_Salaam, UTC+3 all year) and silently ignores a date it cannot read (`YYYY-MM-DD` only): the node
 * reads the date itself and refuses what it cannot, before any request.
 */

const SERVICE_OFFSET_MS = 3 * 3600 * 1000;

function isCalendarDay(day: string): boolean {
	const ms = Date.parse(`${day}T00:00:00Z`);
	return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** The service's day of an instant (ms). */
export function serviceDay(ms: number): string {
	return new Date(ms + SERVICE_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A date filter as the service's `YYYY-MM-DD`: a day as it is; a date and time without a zone (n8n's date picker) by
 * its day; one with a zone (`Z`, `+02:00`, an expression's DateTime) by the service's day of that instant.
 * `undefined` when empty; an error naming the item and the value when it is not a date.
 */
export function readServiceDay(
	ctx: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const iso =
		typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function'
			? String((value as { toISO: () => string }).toISO())
			: value;
	const text = typeof iso === 'string' ? iso.trim() : undefined;
	const parts = text
		? /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
				text,
			)
		: null;
	if (parts && isCalendarDay(parts[1])) {
		if (!parts[3]) return parts[1];
		const ms = Date.parse(text as string);
		if (!Number.isNaN(ms)) return serviceDay(ms);
	}
	throw new NodeOperationError(
		ctx.getNode(),
		`'${label}' ${JSON.stringify(value)?.slice(0, 60) ?? String(value)} is not a date`,
		{
			itemIndex,
			description: `Enter a date in '${label}' as YYYY-MM-DD (e.g. 2026-11-01), or pick one. The service would ignore a date it cannot read and return every record.`,
		},
	);
}

/** One usage record as a sheet row: its day in the service's time, credits and cost as numbers. */
export function usageRow(record: IDataObject): IDataObject {
	const created = typeof record.created_at === 'string' ? Date.parse(record.created_at) : NaN;
	const cost = Number(record.cost);
	const credits = Number(record.credits_used);
	return {
		...record,
		id: record.id,
		date: Number.isNaN(created) ? null : serviceDay(created),
		created_at: record.created_at ?? null,
		credits_used: Number.isFinite(credits) ? credits : (record.credits_used ?? null),
		cost: Number.isFinite(cost) ? cost : (record.cost ?? null),
	};
}

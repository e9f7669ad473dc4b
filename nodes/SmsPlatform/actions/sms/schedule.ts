import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Send → Options → Schedule Time: read, checked (future, within a year) and given as UTC ISO 8601. */

const YEAR_MS = 366 * 24 * 3600 * 1000;

/**
 * The offset of a time zone from UTC at an instant, in ms, from the zone's wall clock there (Intl: no dependency).
 */
function offsetMs(instant: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const wall = Date.UTC(
		get('year'),
		get('month') - 1,
		get('day'),
		get('hour'),
		get('minute'),
		get('second'),
	);
	return wall - Math.floor(instant / 1000) * 1000;
}

/** A date and time without a zone (as n8n's date picker gives it) read in the workflow's time zone. */
function inZone(local: string, timeZone: string): number {
	const asUtc = Date.parse(`${local}Z`);
	if (Number.isNaN(asUtc)) return NaN;
	const first = asUtc - offsetMs(asUtc, timeZone);
	// Once more at the instant found: the offset may differ there (a daylight-saving change in between).
	return asUtc - offsetMs(first, timeZone);
}

function instantOf(value: unknown, timeZone: string): number {
	if (value instanceof Date) return value.getTime();
	if (
		value &&
		typeof value === 'object' &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	)
		return Date.parse(String((value as { toISO: () => string }).toISO()));
	if (typeof value !== 'string') return NaN;
	const text = value.trim();
	if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/.test(text)) return NaN;
	const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
	const iso = text.replace(' ', 'T');
	return hasZone ? Date.parse(iso) : inZone(iso.length === 10 ? `${iso}T00:00:00` : iso, timeZone);
}

/** A Schedule Time that is set, as UTC ISO 8601; an error when it cannot be used. */
export function readScheduleTime(
	ctx: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	now = Date.now(),
): string {
	const timeZone = ctx.getTimezone();
	const at = instantOf(value, timeZone);
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, {
			itemIndex,
			description: `Nothing was sent for this item. ${description}`,
		});
	if (Number.isNaN(at)) {
		throw fail(
			`'Schedule Time' must be a date and time, not ${JSON.stringify(value)}`,
			"Pick a date and time in 'Options' → 'Schedule Time', or map one, e.g. 2026-12-01T09:00:00 (read in the workflow's time zone) or 2026-12-01T06:00:00Z.",
		);
	}
	const iso = new Date(at).toISOString();
	if (at <= now) {
		throw fail(
			`'Schedule Time' is in the past: ${iso}`,
			"Enter a time in the future, or remove 'Schedule Time' to send now.",
		);
	}
	if (at - now > YEAR_MS) {
		throw fail(
			`'Schedule Time' is more than a year ahead: ${iso}`,
			'Enter a time within a year from now.',
		);
	}
	return iso;
}

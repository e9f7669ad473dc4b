import type { IDataObject } from 'n8n-workflow';

/** Billing history as servers send it: the record types, and the grouped answer some servers give. */

function isPlainObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Group of a grouped billing history → the record `type` the API reference names. */
const BILLING_GROUP_TYPES: Record<string, string> = {
	purchases: 'purchase',
	payments: 'payment',
	usage_records: 'usage',
	usage: 'usage',
	custom_purchases: 'purchase',
};

/**
 * Billing history as some servers send it: everything at once, grouped by kind
 * (`{success, data: {summary, purchases, payments, usage_records, custom_purchases}}`), with `page`, `page_size` and
 * `type` ignored. Returns every record with its `type` (from its group, when the record does not carry one), newest
 * first; `undefined` when the answer is not grouped.
 */
export function groupedRecords(body: unknown): IDataObject[] | undefined {
	if (!isPlainObject(body)) return undefined;
	const holder = isPlainObject(body.data) ? body.data : body;
	const groups = Object.keys(BILLING_GROUP_TYPES).filter((key) => Array.isArray(holder[key]));
	if (!groups.length || Array.isArray(holder.results)) return undefined;
	const records: Array<{ record: IDataObject; ms: number; order: number }> = [];
	for (const group of groups) {
		for (const entry of holder[group] as unknown[]) {
			if (!isPlainObject(entry)) continue;
			const record =
				entry.type === undefined || entry.type === null
					? { ...entry, type: BILLING_GROUP_TYPES[group] }
					: entry;
			const raw = record.created_at ?? record.timestamp ?? record.date;
			const ms = typeof raw === 'string' ? Date.parse(raw) : NaN;
			records.push({ record, ms: Number.isNaN(ms) ? -Infinity : ms, order: records.length });
		}
	}
	return records.sort((a, b) => b.ms - a.ms || a.order - b.order).map(({ record }) => record);
}

/** The `type` a billing record belongs to (`purchase`, `payment`, `usage`), as the record says it. */
export function billingType(record: IDataObject): string | undefined {
	const value = record.type ?? record.record_type ?? record.transaction_type;
	return typeof value === 'string' ? value.toLowerCase() : undefined;
}

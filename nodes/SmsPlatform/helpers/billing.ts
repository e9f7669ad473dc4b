import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';

/** Billing history as servers send it: the record types, and the grouped answer some servers give. */

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

/** The fields the API reference documents for a billing record, in its order. */
const BILLING_FIELDS = ['id', 'type', 'description', 'amount', 'currency', 'status', 'created_at'];

/**
 * Billing records with one set of fields: every record gets every field any of them has (null where it has none),
 * documented fields first. Records of different kinds carry different fields, and n8n's table view would show the
 * missing ones as empty red cells.
 */
export function withSameFields(records: IDataObject[]): IDataObject[] {
	const fields = new Set(BILLING_FIELDS.filter((field) => records.some((r) => field in r)));
	for (const record of records) for (const field of Object.keys(record)) fields.add(field);
	return records.map((record) => {
		const out: IDataObject = {};
		for (const field of fields) out[field] = record[field] ?? null;
		return out;
	});
}

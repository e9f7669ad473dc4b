import type { IDataObject } from 'n8n-workflow';

/** A JSON object (not null, not a list): the one test of it for answers, options and records, imported everywhere. */
export function isPlainObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

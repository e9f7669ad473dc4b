import type { IDataObject } from 'n8n-workflow';

/**
 * Whether a notification has been read, on whichever flag it carries: `is_read`, `is_unread`, `status`
 * (`read`/`unread`) or `read_at`. `undefined` when it carries none.
 */
export function isRead(record: IDataObject): boolean | undefined {
	if (typeof record.is_read === 'boolean') return record.is_read;
	if (typeof record.is_unread === 'boolean') return !record.is_unread;
	if (typeof record.read === 'boolean') return record.read;
	const status = typeof record.status === 'string' ? record.status.toLowerCase() : '';
	if (status === 'read') return true;
	if (status === 'unread') return false;
	if ('read_at' in record) return record.read_at !== null && record.read_at !== '';
	return undefined;
}

import type { IDataObject } from 'n8n-workflow';

import { endpoints } from '../endpoints';
import { getList, type ApiContext, type RequestSettings } from '../transport';

/**
 * The account's sender IDs, newest first: one answer, not paged (`{success, data: [...]}` from the real server).
 * `sender_id` is the name a send takes. The one reader of the list: Sender ID → Get Many, Send's picker and its
 * advice on a refused sender ID.
 */
/** The name a send takes for a sender ID record (`sender_id`; `name` on servers that call it so). */
export function senderIdName(record: IDataObject): string {
	return String(record.sender_id ?? record.name ?? '');
}

export async function listSenderIds(
	ctx: ApiContext,
	{
		itemIndex,
		limit,
		settings,
	}: { itemIndex?: number; limit?: number; settings?: Partial<RequestSettings> },
): Promise<IDataObject[]> {
	const records = await getList(
		ctx,
		{ ...endpoints.senderIds(), itemIndex, settings },
		{ noun: 'sender IDs', shape: '{ success, data: [...] } or a list' },
	);
	return limit === undefined ? records : records.slice(0, limit);
}

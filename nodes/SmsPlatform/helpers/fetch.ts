import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { buildApiError } from '../transport/errors';
import { encodeId } from '../transport/paths';
import { apiRequest } from '../transport/request';
import { listRecords } from '../transport/pagination';
import { getRequestSettings, readLimit, requiredString } from './parameters';
import { coerceNumbers, unwrapObject } from '../transport/response';

export interface GetByIdSpec {
	/** Path template with one `{id}`. */
	path: string;
	/** Node parameter holding the id, and its label in errors. */
	param: string;
	label: string;
	/** Wrapper key the endpoint documents (`message`, `transaction`...). */
	wrapper?: string;
	/** Fields documented as numbers. */
	numbers?: string[];
	/** Documented fields the answer must have (the resource is useless without them). */
	required?: string[];
}

/**
 * An answer that is empty, or lacks a field the operation exists to return, is an error naming the item, the field
 * and what came instead: an empty output item would pass for a success.
 */
function checkRecord(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	response: { body: unknown; statusCode: number },
	record: IDataObject,
	required: string[] = [],
): IDataObject {
	const missing =
		Object.keys(record).length === 0
			? []
			: required.filter((field) => record[field] === undefined || record[field] === null);
	if (Object.keys(record).length && !missing.length) return record;
	const answer = JSON.stringify(response.body)?.slice(0, 200) ?? 'an empty body';
	throw buildApiError(ctx.getNode(), {
		status: response.statusCode,
		method: 'GET',
		path,
		itemIndex,
		message: missing.length
			? `The service's answer for item ${itemIndex} has no "${missing[0]}" field: ${answer}`
			: `The service's answer for item ${itemIndex} is empty: ${answer}`,
		description:
			'The service answered without the data this operation returns. Check the Base URL of the credential (it may point at something other than the API), or try again later.',
	});
}

/** GET one resource by id: the id trimmed, required and URL-encoded; the answer unwrapped to the resource. */
export async function getById(
	ctx: IExecuteFunctions,
	itemIndex: number,
	spec: GetByIdSpec,
): Promise<IDataObject> {
	const id = requiredString(ctx, spec.param, spec.label, itemIndex, 'id');
	return await getSingle(ctx, itemIndex, spec.path.replace('{id}', encodeId(id)), spec);
}

/** GET one resource without id (balance, statistics, metrics). */
export async function getSingle(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	options: { wrapper?: string; numbers?: string[]; qs?: IDataObject; required?: string[] } = {},
): Promise<IDataObject> {
	const response = await apiRequest(ctx, {
		method: 'GET',
		path,
		qs: options.qs,
		itemIndex,
		settings: getRequestSettings(ctx, itemIndex),
	});
	const record = checkRecord(
		ctx,
		itemIndex,
		path,
		response,
		unwrapObject(response.body, options.wrapper),
		options.required,
	);
	return coerceNumbers(record, options.numbers ?? []);
}

/** Return All / Limit over a paged list: one record per output item. */
export async function getList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	options: { qs?: IDataObject; numbers?: string[]; keep?: (record: IDataObject) => boolean } = {},
): Promise<IDataObject[]> {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? undefined : readLimit(ctx, itemIndex, 1000000);
	const records = await listRecords(ctx, {
		path,
		qs: options.qs,
		itemIndex,
		limit,
		settings: getRequestSettings(ctx, itemIndex),
		keep: options.keep,
	});
	return records.map((record) => coerceNumbers(record, options.numbers ?? []));
}

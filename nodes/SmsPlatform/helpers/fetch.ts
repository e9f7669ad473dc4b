import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, encodeId } from '../transport/request';
import { paginate } from '../transport/pagination';
import { boundedInteger, getRequestSettings, requiredString } from './descriptions';
import { coerceNumbers, unwrapObject } from './response';

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
}

/** GET one resource by id: the id trimmed, required and URL-encoded; the answer unwrapped to the resource. */
export async function getById(ctx: IExecuteFunctions, itemIndex: number, spec: GetByIdSpec): Promise<IDataObject> {
	const id = requiredString(ctx, spec.param, spec.label, itemIndex);
	const response = await apiRequest(ctx, {
		method: 'GET',
		path: spec.path.replace('{id}', encodeId(id)),
		itemIndex,
		settings: getRequestSettings(ctx, itemIndex),
	});
	return coerceNumbers(unwrapObject(response.body, spec.wrapper), spec.numbers ?? []);
}

/** GET one resource without id (balance, statistics, metrics). */
export async function getSingle(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	options: { wrapper?: string; numbers?: string[]; qs?: IDataObject } = {},
): Promise<IDataObject> {
	const response = await apiRequest(ctx, {
		method: 'GET',
		path,
		qs: options.qs,
		itemIndex,
		settings: getRequestSettings(ctx, itemIndex),
	});
	return coerceNumbers(unwrapObject(response.body, options.wrapper), options.numbers ?? []);
}

/** Return All / Limit over a paged list: one record per output item. */
export async function getList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	options: { qs?: IDataObject; numbers?: string[] } = {},
): Promise<IDataObject[]> {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll
		? undefined
		: boundedInteger(ctx, ctx.getNodeParameter('limit', itemIndex, 50), 'Limit', itemIndex, 1, 1000000);
	const { records } = await paginate(ctx, {
		path,
		qs: options.qs,
		itemIndex,
		limit,
		settings: getRequestSettings(ctx, itemIndex),
	});
	return records.map((record) => coerceNumbers(record, options.numbers ?? []));
}

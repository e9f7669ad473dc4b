import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { getRequestSettings, parameterReader } from '../helpers/parameters';
import { useRequestOptions } from '../transport';
import * as account from './account';
import * as activity from './activity';
import * as billing from './billing';
import * as campaign from './campaign';
import * as contact from './contact';
import * as dashboard from './dashboard';
import type { NodeMap } from './node.type';
import type { Operation, OperationOutput } from './operation';
import * as notification from './notification';
import * as organization from './organization';
import * as partnerTenant from './partnerTenant';
import * as payment from './payment';
import * as senderId from './senderId';
import * as sms from './sms';
import * as smsPackage from './smsPackage';

/** Every operation of the node, by resource: the type checks that each one in node.type.ts is here. */
const operations: { [R in keyof NodeMap]: Record<NodeMap[R], Operation> } = {
	sms,
	account,
	partnerTenant,
	payment,
	billing,
	smsPackage,
	campaign,
	dashboard,
	contact,
	activity,
	organization,
	notification,
	senderId,
};

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function operationOf(resource: string, operation: string): Operation | undefined {
	if (!has(operations, resource)) return undefined;
	const ofResource: Partial<Record<string, Operation>> = operations[resource as keyof NodeMap];
	return has(ofResource, operation) ? ofResource[operation] : undefined;
}

/** Every error names its item, once, the way n8n's own messages end: "… [item 2]". */
function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	const named =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
	named.context.itemIndex = itemIndex;
	const suffix = ` [item ${itemIndex}]`;
	if (!named.message.endsWith(suffix)) named.message += suffix;
	return named;
}

/** The error item continueOnFail gives: the message, what to do, and the status when the service answered. */
export function errorJson(error: Error, itemIndex: number): IDataObject {
	const json: IDataObject = { error: error.message };
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode) json.httpCode = httpCode;
	const code = (error as NodeApiError).context?.errorCode;
	if (code) json.errorCode = code as string;
	// A send that failed part-way: the recipients that did receive the SMS.
	const sentRecipients = (error as NodeApiError).context?.sentRecipients;
	if (Array.isArray(sentRecipients)) json.sentRecipients = sentRecipients as string[];
	// Send and Initiate Payment: what became of the item (sent, notSent, unknown), and its Dedupe Key.
	const outcome = (error as NodeApiError).context?.outcome;
	if (typeof outcome === 'string') json.outcome = outcome;
	const dedupeKey = (error as NodeApiError).context?.dedupeKey;
	if (typeof dedupeKey === 'string') json.dedupeKey = dedupeKey;
	json.itemIndex = itemIndex;
	return json;
}

function toItems(output: OperationOutput, itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(output) ? output : [output];
	return list.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * The item loop, once for every operation: each input item ends as its output item(s) or, with "Continue On Fail",
 * an error item, always paired to it; errors carry the item index.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const node = this.getNode();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = operationOf(resource, operationName);
	if (!operation) {
		throw new NodeOperationError(
			node,
			`The operation "${operationName}" of resource "${resource}" is not supported`,
			{
				description:
					"Choose a 'Resource' and an 'Operation' in the node. A workflow saved by a newer version of this package may name an operation this version does not have: update the package.",
			},
		);
	}

	const returnData: INodeExecutionData[] = [];
	const continueOnFail = this.continueOnFail();

	if ('executeBatch' in operation) {
		const outcomes = await operation.executeBatch.call(this, items, !continueOnFail);
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const outcome = outcomes[itemIndex];
			if (outcome === undefined) continue; // not processed: an earlier item failed the run
			if (outcome instanceof Error) {
				const error = withItemIndex(this, outcome, itemIndex);
				if (!continueOnFail) throw error;
				returnData.push({ json: errorJson(error, itemIndex), pairedItem: { item: itemIndex } });
			} else {
				returnData.push(...toItems(outcome, itemIndex));
			}
		}
		return [returnData];
	}

	const read = parameterReader(this);
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			// Request Options, read here once an item for every operation: its requests use them.
			useRequestOptions(this, itemIndex, getRequestSettings(this, itemIndex, read));
			const output = await operation.execute.call(this, itemIndex);
			returnData.push(...toItems(output, itemIndex));
		} catch (caught) {
			const error = withItemIndex(this, caught, itemIndex);
			if (!continueOnFail) throw error;
			returnData.push({ json: errorJson(error, itemIndex), pairedItem: { item: itemIndex } });
		}
	}
	return [returnData];
}

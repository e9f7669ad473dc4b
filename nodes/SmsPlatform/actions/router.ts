import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { getRequestSettings, parameterReader } from '../helpers/parameters';
import { nodeError, ServiceError, serviceCodeOf, useRequestOptions } from '../transport';
import * as account from './account';
import * as activity from './activity';
import * as billing from './billing';
import * as campaign from './campaign';
import * as contact from './contact';
import * as dashboard from './dashboard';
import type { NodeMap } from './node.type';
import type { FailureGate, ItemFailure, Operation, OperationOutput } from './operation';
import * as notification from './notification';
import * as organization from './organization';
import * as partnerTenant from './partnerTenant';
import * as payment from './payment';
import * as senderId from './senderId';
import * as senderIdRequest from './senderIdRequest';
import * as sms from './sms';
import * as smsPackage from './smsPackage';
import * as template from './template';

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
	senderIdRequest,
	template,
};

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * "Continue On Fail", decided once for the run, here. When it is off, the first failed item stops the run: the router
 * throws it, and a batch operation starts nothing after it.
 */
class RunGate implements FailureGate {
	private first: Error | undefined;

	constructor(readonly continueOnFail: boolean) {}

	note(error: Error): void {
		if (!this.continueOnFail) this.first ??= error;
	}

	get stopped(): boolean {
		return this.first !== undefined;
	}

	get error(): Error | undefined {
		return this.first;
	}
}

function operationOf(resource: string, operation: string): Operation | undefined {
	if (!has(operations, resource)) return undefined;
	const ofResource: Partial<Record<string, Operation>> = operations[resource as keyof NodeMap];
	return has(ofResource, operation) ? ofResource[operation] : undefined;
}

/** The operation's name as the panel shows it ('Add Tags'), for messages. */
function operationLabel(resource: string, operation: string): string {
	const resourceModule = (operations as Record<string, { description?: INodeProperties[] }>)[
		resource
	];
	const property = resourceModule?.description?.find((p) => p.name === 'operation');
	const options = (property?.options ?? []) as Array<{ name: string; value?: unknown }>;
	return options.find((option) => option.value === operation)?.name ?? operation;
}

/**
 * A route some servers lack, missing on this one (endpoints.ts): the server does not offer the operation. Said so,
 * naming the operation; the description names the route.
 */
function notOfferedHere(caught: unknown, label: string): unknown {
	if (!(caught instanceof ServiceError) || !caught.notOffered) return caught;
	caught.message = `This server does not offer '${label}'`;
	return caught;
}

/** What an operation says for one item beside its error (see ItemFailure). */
type ItemWords = Omit<ItemFailure, 'error'>;

/** What an item's error says, with its item named the way n8n's own messages end: "… [item 2]". */
function itemWords(error: Error, itemIndex: number, failure: ItemWords = {}): ItemWords {
	return {
		...failure,
		message: `${failure.message ?? error.message} [item ${itemIndex}]`,
	};
}

/**
 * The error that stops the run, saying what the item's error item would: the run ends with it, so no other item's
 * error can share these words.
 */
function stoppedAt<E extends NodeApiError | NodeOperationError>(
	error: E,
	itemIndex: number,
	words: ItemWords,
): E {
	error.context.itemIndex = itemIndex;
	if (words.message !== undefined) error.message = words.message;
	if (words.description !== undefined) error.description = words.description;
	return error;
}

/**
 * The error item "Continue On Fail" gives: the message, what to do, the status when the service answered, then the
 * fields the operation added for this item (`fields`), and the item index. What the operation says for this item
 * alone (ItemFailure's `message`, `description`) comes before the error's own.
 */
export function errorJson(error: Error, itemIndex: number, failure: ItemWords = {}): IDataObject {
	const json: IDataObject = { error: failure.message ?? error.message };
	const description = failure.description ?? (error as NodeApiError).description;
	if (description) json.description = description;
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode) json.httpCode = httpCode;
	const code = serviceCodeOf(error);
	if (code) json.errorCode = code;
	Object.assign(json, failure.fields);
	json.itemIndex = itemIndex;
	return json;
}

/**
 * The error item of an input item. With "Continue (using error output)" n8n moves an item to the error output only
 * when its json holds `error` alone (n8n 2.36 and later also accept `message` and `details` beside it) or when the
 * item carries `error`, and then n8n 2.x keeps nothing of its json but the message. So there the whole error goes
 * inside `error`, its text as `error.message`: every field is kept on every n8n version, and n8n adds the input
 * item's fields beside it. With "Continue (using regular output)" the fields stay at the top, as n8n shows them.
 */
function errorItem(
	json: IDataObject,
	itemIndex: number,
	toErrorOutput: boolean,
): INodeExecutionData {
	if (!toErrorOutput) return { json, pairedItem: { item: itemIndex } };
	const { error: message, ...rest } = json;
	return { json: { error: { message, ...rest } }, pairedItem: { item: itemIndex } };
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

	const label = operationLabel(resource, operationName);
	const returnData: INodeExecutionData[] = [];
	// "Continue On Fail" is read once: without it the first failed item fails the node (and a batch stops there).
	const gate = new RunGate(this.continueOnFail());
	const toErrorOutput = node.onError === 'continueErrorOutput';
	const fail = (caught: unknown, itemIndex: number, failure?: ItemWords) => {
		const error = nodeError(node, notOfferedHere(caught, label), itemIndex);
		const words = itemWords(error, itemIndex, failure);
		gate.note(error);
		if (gate.stopped) throw stoppedAt(error, itemIndex, words);
		returnData.push(errorItem(errorJson(error, itemIndex, words), itemIndex, toErrorOutput));
	};

	if ('executeBatch' in operation) {
		const results = await operation.executeBatch.call(this, items, gate);
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const result = results[itemIndex];
			if (result === undefined) continue; // not processed: an earlier item failed the run
			if ('error' in result) fail(result.error, itemIndex, result);
			else returnData.push(...toItems(result.output, itemIndex));
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
			fail(caught, itemIndex);
		}
	}
	return [returnData];
}

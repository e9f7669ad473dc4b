import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** What an operation gives for one item: one record, or a list (one output item each). */
export type OperationOutput = IDataObject | IDataObject[];

/**
 * An item that failed: its error, and the fields the operation wants on the item's error item under "Continue On
 * Fail" (e.g. which recipients of a failed send did get the SMS, a payment's Dedupe Key and outcome). The router adds
 * them and knows none of them. An operation that handles one item at a time (`execute`) throws its error: it adds no
 * fields.
 *
 * One error may be the failure of several items (one request carried them all, a Dedupe Key store that failed): it is
 * never changed for one of them. What this item's error says differently (its message, its description) is said here,
 * and the router puts it on the item's error item, or on the error it throws.
 */
export interface ItemFailure {
	error: Error;
	/** This item's message, in place of the error's. */
	message?: string;
	/** This item's description, in place of the error's (e.g. which of its recipients were sent nevertheless). */
	description?: string;
	fields?: IDataObject;
}

/** One item's result in a batch: its output, or its failure. */
export type ItemResult = { output: OperationOutput } | ItemFailure;

/**
 * "Continue On Fail" as a batch operation sees it. The router decides it once for the run (RunGate in router.ts): when
 * it is off, the first failed item stops the run, and nothing starts after it (ask `stopped` before each request).
 */
export interface FailureGate {
	/** Whether the node's "On Error" setting lets the run go on past a failed item. */
	readonly continueOnFail: boolean;
	/** Tell the gate an item failed. */
	note(error: Error): void;
	/** Whether the run has stopped at a failed item. */
	readonly stopped: boolean;
	/** The error that stopped the run, if one did. */
	readonly error: Error | undefined;
}

/**
 * A batch operation's entry (`export const executeBatch: ExecuteBatch = async function (items, gate) { … }`): one
 * result per input item, in order; `undefined` for an item not processed because the run stopped at the first failure
 * (the gate says when).
 */
export type ExecuteBatch = (
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	gate: FailureGate,
) => Promise<Array<ItemResult | undefined>>;

/** An operation handles one item at a time (`execute`), or all items at once (`executeBatch`, e.g. combining sends). */
export type Operation = { description: INodeProperties[] } & (
	| { execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationOutput> }
	| { executeBatch: ExecuteBatch }
);

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** What an operation gives for one item: one record, or a list (one output item each). */
export type OperationOutput = IDataObject | IDataObject[];

/** An operation handles one item at a time (`execute`), or all items at once (`executeBatch`, e.g. combining sends). */
export type Operation = { description: INodeProperties[] } & (
	| { execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationOutput> }
	| {
			/**
			 * One outcome per input item, in order; `undefined` for an item not processed because the run stops at the
			 * first failure (`stopAtFirstError`, i.e. "Continue On Fail" is off: the router decides).
			 */
			executeBatch(
				this: IExecuteFunctions,
				items: INodeExecutionData[],
				stopAtFirstError: boolean,
			): Promise<Array<OperationOutput | Error | undefined>>;
	  }
);

import { createHash } from 'node:crypto';
import { DataDeduplicationService } from 'n8n-core';
import { sleep } from 'n8n-workflow';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

/**
 * n8n's processed-data store (the `n8n` package's DeduplicationHelper, dist/deduplication/deduplication-helper.js,
 * the same file in n8n 2.41.1 and 1.123.81, over its `processed_data` table), in memory,
 * behind n8n-workflow's own interface (IDataDeduplicator), for the `entries` mode the package uses. It does what
 * n8n's does, step for step: one row per workflow and context (`n:<node id>` for scope `node`, '' for `workflow`)
 * holding the MD5 (base64) of each value; checkProcessedAndRecord reads the row, adds the new values, cuts the
 * oldest beyond `maxEntries` and writes the row back; removeProcessed likewise. Reading and writing are separate
 * asynchronous steps, as they are in n8n (two database queries without a transaction or lock), so two calls at
 * the same moment behave here as they do there.
 */
export class ProcessedDataStore implements IDataDeduplicator {
	readonly rows = new Map<string, { mode: string; data: string[] }>();

	/** Store calls seen, in order (for tests that count what the node asked). */
	readonly calls: Array<{ method: string; values: DeduplicationItemTypes[] }> = [];

	static hash(value: DeduplicationItemTypes): string {
		return createHash('md5').update(value.toString()).digest('base64');
	}

	private rowKey(scope: DeduplicationScope, contextData: ICheckProcessedContextData): string {
		const context = scope === 'node' ? `n:${contextData.node?.id ?? ''}` : '';
		return `${String(contextData.workflow.id)}|${context}`;
	}

	/** A database round trip. */
	private async query<T>(work: () => T): Promise<T> {
		await sleep(0);
		return work();
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		this.calls.push({ method: 'checkProcessedAndRecord', values: items });
		if (!contextData.workflow.id) throw new Error('The expression evaluated to a falsy value');
		const key = this.rowKey(scope, contextData);
		const found = await this.query(() => {
			const row = this.rows.get(key);
			return row ? { mode: row.mode, data: [...row.data] } : undefined;
		});
		const hashed = items.map((item) => ProcessedDataStore.hash(item));
		if (!found) {
			if (options.maxEntries) hashed.splice(0, hashed.length - options.maxEntries);
			await this.query(() => {
				if (this.rows.has(key)) throw new Error('duplicate key value violates unique constraint');
				this.rows.set(key, { mode: options.mode, data: hashed });
			});
			return { new: items, processed: [] };
		}
		const output: IDeduplicationOutput = { new: [], processed: [] };
		// As n8n 2.41.1 and 1.123.81 do: the row's values as they were read (a value twice in one call is new twice).
		const before = new Set(found.data);
		hashed.forEach((value, index) => {
			if (before.has(value)) output.processed.push(items[index]);
			else {
				output.new.push(items[index]);
				found.data.push(value);
			}
		});
		if (options.maxEntries) found.data.splice(0, found.data.length - options.maxEntries);
		// An UPDATE of a row that is gone changes nothing, as in SQL.
		await this.query(() => {
			if (this.rows.has(key)) this.rows.set(key, found);
		});
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<void> {
		this.calls.push({ method: 'removeProcessed', values: items });
		const key = this.rowKey(scope, contextData);
		const found = await this.query(() => {
			const row = this.rows.get(key);
			return row ? { mode: row.mode, data: [...row.data] } : undefined;
		});
		if (!found) return;
		for (const value of items.map((item) => ProcessedDataStore.hash(item))) {
			const index = found.data.indexOf(value);
			if (index !== -1) found.data.splice(index, 1);
		}
		await this.query(() => {
			if (this.rows.has(key)) this.rows.set(key, found);
		});
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<void> {
		this.rows.delete(this.rowKey(scope, contextData));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<number> {
		return this.rows.get(this.rowKey(scope, contextData))?.data.length ?? 0;
	}

	/** Whether a node's row holds `value` (the row holds hashes only). */
	has(workflowId: string, nodeId: string, value: string): boolean {
		return (
			this.rows.get(`${workflowId}|n:${nodeId}`)?.data.includes(ProcessedDataStore.hash(value)) ??
			false
		);
	}

	reset(): void {
		this.rows.clear();
		this.calls.length = 0;
	}
}

let installed: ProcessedDataStore | undefined;

/**
 * The store n8n-core's execution contexts use in this test file: n8n installs its own the same way at start
 * (`DataDeduplicationService.init`), once per process.
 */
export function processedDataStore(): ProcessedDataStore {
	if (!installed) {
		installed = new ProcessedDataStore();
		void DataDeduplicationService.init(installed);
	}
	return installed;
}

/**
 * Another n8n process writing the node's row at the same time: the store call numbers `dropped` are lost updates
 * (the other process read the row before the call and wrote it back after, with its own entry): the row is as
 * it was before the call, plus that entry.
 */
export function concurrentWriter(raw: ProcessedDataStore, dropped: (call: number) => boolean) {
	const original = raw.checkProcessedAndRecord.bind(raw);
	let call = 0;
	const spy = jest
		.spyOn(raw, 'checkProcessedAndRecord')
		.mockImplementation(async (items, scope, contextData, options) => {
			const number = ++call;
			const rowKey = `${String(contextData.workflow.id)}|n:${contextData.node?.id ?? ''}`;
			const before = raw.rows.get(rowKey);
			const snapshot = before && { mode: before.mode, data: [...before.data] };
			const result = await original(items, scope, contextData, options);
			if (dropped(number) && snapshot) {
				snapshot.data.push(ProcessedDataStore.hash(`other-${number}`));
				raw.rows.set(rowKey, snapshot);
			}
			return result;
		});
	return { restore: () => spy.mockRestore(), calls: () => call };
}

/**
 * Another n8n process's store call that is slow: it reads the node's row just before the next store call and writes
 * it back `afterMs` later, with its own entry: a lost update of whatever was added in between, landing whenever
 * `afterMs` says (after the node's presence check, when that comes sooner).
 */
export function staleWriter(raw: ProcessedDataStore, afterMs: number) {
	const original = raw.checkProcessedAndRecord.bind(raw);
	let landed: Promise<void> | undefined;
	const spy = jest
		.spyOn(raw, 'checkProcessedAndRecord')
		.mockImplementation(async (items, scope, contextData, options) => {
			if (!landed) {
				const rowKey = `${String(contextData.workflow.id)}|n:${contextData.node?.id ?? ''}`;
				const before = raw.rows.get(rowKey);
				const snapshot = before && { mode: before.mode, data: [...before.data] };
				landed = (async () => {
					await sleep(afterMs);
					if (!snapshot) return;
					snapshot.data.push(ProcessedDataStore.hash('other-process'));
					raw.rows.set(rowKey, snapshot);
				})();
			}
			return await original(items, scope, contextData, options);
		});
	return {
		restore: () => spy.mockRestore(),
		landed: async () => await landed,
	};
}

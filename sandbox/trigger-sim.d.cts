/** The one exactly-once simulator of the dev tools (see trigger-sim.cjs). */
export interface ListRecord {
	id: string;
	created_at: string;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	[key: string]: any;
}

export declare function wildTime(value: unknown): unknown;

export declare class ServiceList {
	constructor(baseUrl: string, path: string);
	readonly baseUrl: string;
	readonly path: string;
	requests: number;
	maxPageSize: number;
	shape: 'page' | 'grouped';
	get size(): number;
	newestFirst(): ListRecord[];
	add<R extends ListRecord>(record: R): R;
	trim(keep: number): void;
	page(page: number, pageSize: number): Record<string, unknown>;
	grouped(): Record<string, unknown>;
	answer(
		url: string,
		qs?: Record<string, unknown>,
	): { statusCode: number; body: Record<string, unknown> };
}

export declare class ExactlyOnce {
	emitted: Map<string, number>;
	extra: number;
	emit(id: string): void;
	check(expected: Iterable<string>): {
		duplicates: string[];
		unexpected: string[];
		missing: string[];
	};
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isDotSegment } from '../endpoints';
import type { RequestSettings } from '../transport';

/** Reading node parameters for an item, and checking them: errors name the field, the item and the value. */

/** `extractValue`: a resource locator's value (e.g. the Sender ID picker), and a plain string as it is. */
export type ParameterReader = (
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: { extractValue?: boolean },
) => unknown;

/** An expression that is exactly one field of the current item: `={{ $json.to }}`. */
const SIMPLE_FIELD = /^=\{\{\s*\$json\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/**
 * Reads node parameters for many items: a parameter that holds no expression is the same for every item, so it is
 * read once; one with an expression is evaluated for each item, as n8n does. Saves the per-item parameter work when
 * thousands of items go through one node (e.g. a broadcast).
 */
export function parameterReader(ctx: IExecuteFunctions): ParameterReader {
	const raw = ctx.getNode().parameters;
	const cache = new Map<string, unknown>();
	const items = ctx.getInputData();
	return (name, itemIndex, fallback, options = {}) => {
		const value = raw[name];
		// `{{ $json.field }}`, the usual mapping of a field, is that field of the item: read it without running the
		// expression engine (about 0.1 ms an item, most of a 10,000-item broadcast's time).
		const field = typeof value === 'string' ? SIMPLE_FIELD.exec(value)?.[1] : undefined;
		if (field !== undefined && items[itemIndex]) return items[itemIndex].json[field];
		if (holdsExpression(value))
			return ctx.getNodeParameter(name, itemIndex, fallback as never, options);
		const key = options.extractValue ? `${name}\u0000value` : name;
		if (!cache.has(key))
			cache.set(key, ctx.getNodeParameter(name, itemIndex, fallback as never, options));
		return cache.get(key);
	};
}

/**
 * Request Options of one item (the router reads them once an item for every operation; Send with its fast reader).
 * Out of range (e.g. from an expression) is an error, not a silent fallback: an unbounded timeout or wait is none.
 */
export function getRequestSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	read: ParameterReader = (name, index, fallback) => ctx.getNodeParameter(name, index, fallback),
): Partial<RequestSettings> {
	const options = read('requestOptions', itemIndex, {}) as IDataObject;
	const settings: Partial<RequestSettings> = {};
	const option = (name: string, label: string, min: number, max: number): number | undefined => {
		const value = options[name];
		if (value === undefined || value === null || value === '') return undefined;
		return numberInRange(ctx, value, { label, min, max, inRequestOptions: true }, itemIndex);
	};
	const timeout = option('timeout', 'Timeout', 1, 600);
	if (timeout !== undefined) settings.timeoutMs = timeout * 1000;
	const maxWait = option('maxRateLimitWait', 'Max Rate-Limit Wait', 0, 3600);
	if (maxWait !== undefined) settings.maxRateLimitWaitMs = maxWait * 1000;
	const parallel = option('parallelRequests', 'Parallel Requests', 1, 10);
	if (parallel !== undefined) settings.parallelRequests = Math.floor(parallel);
	return settings;
}

/** What a number field allows, and where the user finds it. */
interface NumberField {
	label: string;
	min: number;
	max: number;
	/** Only whole numbers (a limit, a count of credits). */
	whole?: boolean;
	/** An option of 'Request Options': the error says where it is and that removing it restores the default. */
	inRequestOptions?: boolean;
	/** Where the user finds it, for the error's advice, e.g. `'Options' → 'Batch Size'`. Defaults to the label. */
	path?: string;
}

/**
 * The one number-in-range check: a number, or text that is one, from `min` to `max` (whole, if asked). Otherwise an
 * error naming the field, the item and the value.
 */
export function numberInRange(
	ctx: IExecuteFunctions,
	value: unknown,
	field: NumberField,
	itemIndex: number,
): number {
	const { label, min, max } = field;
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
	const fits = typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max;
	if (fits && (!field.whole || Number.isInteger(n))) return n;
	const kind = field.whole ? 'whole number' : 'number';
	const where = field.inRequestOptions ? ` in 'Request Options'` : '';
	throw new NodeOperationError(
		ctx.getNode(),
		`'${label}'${where} must be a ${kind} from ${min} to ${max}, not ${JSON.stringify(value)}`,
		{
			itemIndex,
			description: field.inRequestOptions
				? `Enter a ${kind} from ${min} to ${max} in 'Request Options' → '${label}', or remove the option to use its default.`
				: `Enter a ${kind} from ${min} to ${max} in ${field.path ?? `'${label}'`}, or check the expression that gives it.`,
		},
	);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The one email check of the node: something@domain.tld, no spaces. */
export function isEmail(value: string): boolean {
	return EMAIL.test(value);
}

/** What a text of each kind must also be: the problem (message, what to do) of a value that is not, or undefined. */
const KINDS = {
	text: () => undefined,
	// An id goes into a URL path: "." and ".." would change the path (`/status/../` is `/`) whatever the encoding.
	id: (value: string) =>
		isDotSegment(value)
			? {
					problem: 'is not a usable id: "." and ".." would change the request path',
					advice: 'it should give the id itself',
				}
			: undefined,
	email: (value: string) =>
		isEmail(value)
			? undefined
			: { problem: 'is not an email address', advice: 'Enter an address like name@example.com' },
};

/**
 * Reads a required text parameter (an id, an email...): trimmed, never empty, never an object or list from an
 * expression, and of its kind. The error names the field, the item and the value.
 */
export function requiredString(
	ctx: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
	kind: keyof typeof KINDS = 'text',
	/** The run's fast reader (parameterReader), for operations that read thousands of items. */
	read?: ParameterReader,
): string {
	const raw = read
		? read(name, itemIndex, '', { extractValue: true })
		: (ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown);
	if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
	if (typeof raw !== 'string') {
		throw new NodeOperationError(
			ctx.getNode(),
			`'${label}' must be text, not ${describeType(raw)}`,
			{
				itemIndex,
				description: `The expression in '${label}' gives ${JSON.stringify(raw)?.slice(0, 100)}. Make it give a single value, e.g. {{ $json.id }}.`,
			},
		);
	}
	const value = raw.trim();
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), `'${label}' is empty`, {
			itemIndex,
			description: `Enter a value in '${label}', or check that its expression gives a value for this item.`,
		});
	}
	const wrong = KINDS[kind](value);
	if (wrong) {
		throw new NodeOperationError(ctx.getNode(), `'${label}' "${value}" ${wrong.problem}`, {
			itemIndex,
			description:
				kind === 'id' ? `Check the expression in '${label}': ${wrong.advice}.` : wrong.advice,
		});
	}
	return value;
}

/** An optional text parameter: trimmed; `undefined` when empty. */
export function optionalString(
	value: unknown,
	label: string,
	ctx: IExecuteFunctions,
	itemIndex: number,
): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'number') return String(value);
	if (typeof value !== 'string') {
		throw new NodeOperationError(
			ctx.getNode(),
			`'${label}' must be text, not ${describeType(value)}`,
			{
				itemIndex,
				description: `The expression in '${label}' gives ${JSON.stringify(value)?.slice(0, 100)}. Make it give a single value.`,
			},
		);
	}
	const trimmed = value.trim();
	return trimmed === '' ? undefined : trimmed;
}

/** A whole number within bounds (see numberInRange). */
export function boundedInteger(
	ctx: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
	min: number,
	max: number,
): number {
	return numberInRange(ctx, value, { label, min, max, whole: true }, itemIndex);
}

/** The Limit parameter of a list (default 50): a whole number from 1 to `max`, or an error naming the item and value. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number, max: number): number {
	return boundedInteger(
		ctx,
		ctx.getNodeParameter('limit', itemIndex, 50),
		'Limit',
		itemIndex,
		1,
		max,
	);
}

/** A required id parameter, checked (see requiredString); the endpoint's builder encodes it into the path. */
export function readId(
	ctx: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string {
	return requiredString(ctx, name, label, itemIndex, 'id');
}

/** Return All / Limit of a list operation: `undefined` returns all. */
export function listLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll ? undefined : readLimit(ctx, itemIndex, 1000000);
}

/** A list operation's Filters, as the item gives them. */
export function readFilters(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
}

/**
 * One option of a list's Filters (its `name`, shown as `label`): one of `values`, or undefined when not set. Any other
 * value (from an expression) fails the item, naming it.
 */
export function chosenFilter(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	values: string[],
): string | undefined {
	const given = readFilters(ctx, itemIndex)[name];
	if (given === undefined || given === '') return undefined;
	const value = typeof given === 'string' ? given.trim() : given;
	if (typeof value === 'string' && values.includes(value)) return value;
	throw new NodeOperationError(
		ctx.getNode(),
		`'${label}' in 'Filters' is ${JSON.stringify(given)}, not one of ${values.join(', ')}`,
		{ itemIndex, description: `Choose one of ${values.join(', ')} in 'Filters' → '${label}'.` },
	);
}

/** A value's type as an error names it: 'must be text, not an object'. */
export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing (undefined)';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return 'text';
	return `a ${typeof value}`;
}

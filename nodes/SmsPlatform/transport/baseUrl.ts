import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from './session';

/**
 * The credential's Base URL, the prefix of every request, checked: what is said when it is not one, in the node panel
 * and in the credential modal.
 */

/** What is wrong with a Base URL the credential gives (see parseBaseUrl below). */
type BaseUrlProblem = { problem: 'notHttp' | 'queryOrFragment'; value: string };

/**
 * The credential's Base URL as the prefix of every request (scheme, host and path prefix, no trailing slash), or what
 * is wrong with it, in the node panel and in the credential modal. Shared by the credential (its test and login) and
 * the transport.
 */
function parseBaseUrl(raw: unknown): { url: string } | BaseUrlProblem {
	const value = typeof raw === 'string' ? raw.trim() : '';
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
		return { problem: 'notHttp', value };
	}
	if (url.search || url.hash) return { problem: 'queryOrFragment', value };
	return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

export function normalizeBaseUrl(ctx: ApiContext, raw: unknown, itemIndex?: number): string {
	const parsed = parseBaseUrl(raw);
	if ('url' in parsed) return parsed.url;
	throw baseUrlError(ctx.getNode(), parsed, itemIndex);
}

/**
 * The Base URL, or an error a user sees in the credential modal: n8n checks a credential field's pattern only in
 * the node panel, so the credential test (and every request) says it here instead of "Couldn't connect".
 */
export function checkedBaseUrl(value: unknown): string {
	const parsed = parseBaseUrl(value);
	if ('url' in parsed) return parsed.url;
	throw new Error(baseUrlMessage(parsed));
}

/** The Base URL error of a node run (the panel shows it with the item). */
function baseUrlError(
	node: INode,
	{ problem, value }: BaseUrlProblem,
	itemIndex?: number,
): NodeOperationError {
	if (problem === 'notHttp') {
		return new NodeOperationError(
			node,
			`The credential's 'Base URL' "${value}" is not an http:// or https:// URL`,
			{
				itemIndex,
				description:
					'Open the SMS Platform credential and enter the service address with its scheme, e.g. https://api.example.com (or http://localhost:4010 for the sandbox).',
			},
		);
	}
	return new NodeOperationError(
		node,
		`The credential's 'Base URL' "${value}" must not contain a query (?) or fragment (#)`,
		{
			itemIndex,
			description:
				'Use only the scheme, host and optional path prefix, e.g. https://api.example.com',
		},
	);
}

/** The same, as the credential modal shows it (n8n checks a field's pattern only in the node panel). */
function baseUrlMessage({ problem, value }: BaseUrlProblem): string {
	return problem === 'notHttp'
		? `'Base URL' "${value}" is not an http:// or https:// address. Enter the service's address with its scheme, e.g. https://api.example.com`
		: `'Base URL' "${value}" must not contain a query (?) or fragment (#): enter only the scheme, host and optional path prefix, e.g. https://api.example.com`;
}

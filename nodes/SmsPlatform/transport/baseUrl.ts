import { NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from './apiContext';

/**
 * The credential's Base URL as the prefix of every request (scheme, host and path prefix, no trailing slash), or what
 * is wrong with it. Shared by the credential (its test and login) and the transport.
 */
export function parseBaseUrl(
	raw: unknown,
): { url: string } | { problem: 'notHttp' | 'queryOrFragment'; value: string } {
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
	const { value } = parsed;
	if (parsed.problem === 'notHttp') {
		throw new NodeOperationError(
			ctx.getNode(),
			`The credential's Base URL "${value}" is not an http:// or https:// URL`,
			{
				itemIndex,
				description:
					'Open the SMS Platform credential and enter the service address with its scheme, e.g. https://api.example.com (or http://localhost:4010 for the sandbox).',
			},
		);
	}
	throw new NodeOperationError(
		ctx.getNode(),
		`The credential's Base URL "${value}" must not contain a query (?) or fragment (#)`,
		{
			itemIndex,
			description:
				'Use only the scheme, host and optional path prefix, e.g. https://api.example.com',
		},
	);
}

/**
 * The Base URL, or an error a user sees in the credential modal: n8n checks a credential field's pattern only in
 * the node panel, so the credential test (and every request) says it here instead of "Couldn't connect".
 */
export function checkedBaseUrl(value: unknown): string {
	const parsed = parseBaseUrl(value);
	if ('url' in parsed) return parsed.url;
	throw new Error(
		parsed.problem === 'notHttp'
			? `The Base URL "${parsed.value}" is not an http:// or https:// address. Enter the service's address with its scheme, e.g. https://api.example.com`
			: `The Base URL "${parsed.value}" must not contain a query (?) or fragment (#): enter only the scheme, host and optional path prefix, e.g. https://api.example.com`,
	);
}

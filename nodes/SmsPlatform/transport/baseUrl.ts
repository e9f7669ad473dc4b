import { NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from './apiContext';

/** The credential's Base URL as the prefix of every request: scheme, host and path prefix, no trailing slash. */
export function normalizeBaseUrl(ctx: ApiContext, raw: unknown, itemIndex?: number): string {
	const value = typeof raw === 'string' ? raw.trim() : '';
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
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
	if (url.search || url.hash) {
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
	return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

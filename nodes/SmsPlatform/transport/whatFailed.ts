import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ServiceError } from './errors';

/**
 * What a caught error tells, read from its class and ServiceError's typed fields (errors.ts), never from its words:
 * the service's code, whether the request may have been carried out, a missing route, a refused credential, n8n's own
 * SSRF block; and the one way an error becomes the node's.
 */

/** An error as the node throws it: n8n's node errors (the transport's own among them) as they are, anything else wrapped. */
export function nodeError(
	node: INode,
	error: unknown,
	itemIndex: number | undefined,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** The service's own code for a failure (e.g. `SENDER_ID_INVALID`), for the error item's `errorCode`. */
export function serviceCodeOf(error: unknown): string | undefined {
	return error instanceof ServiceError ? error.serviceCode : undefined;
}

/** Whether the request behind this error may have been carried out by the service although it failed here. */
export function mayHaveBeenAccepted(error: unknown): boolean {
	return error instanceof ServiceError && error.mayHaveBeenAccepted;
}

/** Whether an error says the server does not have the route asked (not a record it lacks). */
export function routeMissing(error: unknown): boolean {
	return error instanceof ServiceError && error.routeMissing;
}

/** Whether an error says this endpoint does not take the credential's kind (retrying cannot help). */
export function credentialNotAccepted(error: unknown): boolean {
	return error instanceof ServiceError && error.credentialRefused;
}

/**
 * n8n refused to send the request: its SSRF protection (n8n 2.x, `N8N_SSRF_PROTECTION_ENABLED`) blocks the Base URL's
 * address. Told by the error's class name (n8n's SsrfBlockedIpError, SsrfBlockedHostnameError), which n8n may wrap.
 */
export function isBlockedByN8n(error: unknown): boolean {
	for (
		let e = error as { name?: unknown; cause?: unknown } | undefined, depth = 0;
		e && depth < 4;
		depth++
	) {
		if (e.name === 'SsrfBlockedIpError' || e.name === 'SsrfBlockedHostnameError') return true;
		e = e.cause as typeof e;
	}
	return false;
}

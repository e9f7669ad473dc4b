import type { IDataObject, INode } from 'n8n-workflow';

import { parseBody, type ParsedBody, readServerWords, saysNoMatch } from './body';
import { buildApiError, type CredentialMode, type RequestInfo, titleFor } from './errors';

/** The final answer to a request: its value, or the error it stands for. */

/**
 * A 404 for a path the service does not have (an HTML "Not Found" page, or the words "Not found: GET /path"), as
 * opposed to a 404 for an id that does not exist (a JSON body such as `{"detail": "Not found."}`).
 */
function isNoSuchEndpoint(body: ParsedBody, req: RequestInfo): boolean {
	if (body.kind === 'html') return true;
	const words = readServerWords(body.value)?.message ?? '';
	return new RegExp(`^Not found: ${req.method} /`, 'i').test(words);
}

/** The value of a final answer, or the error it stands for. */
export function readAnswer(
	node: INode,
	req: RequestInfo & { mode?: CredentialMode },
	status: number,
	raw: unknown,
): unknown {
	const body = parseBody(raw);
	const idempotent = req.creates === undefined;
	const isSend = req.creates === 'sms';
	const where = { method: req.method, path: req.path, itemIndex: req.itemIndex, mode: req.mode };
	if (status >= 500 && saysNoMatch(raw)) {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			message: titleFor(404),
			description: `It answers this way for an ID that does not exist (or belongs to another account), so the request was not tried again. Check the ID.`,
		});
	}
	if (status === 404 && isNoSuchEndpoint(body, req)) {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			message: `The service has no such endpoint: ${req.method} ${req.path}`,
			description:
				"Check 'Base URL' in the credential, or the service may not offer this operation. (An ID that does not exist is answered differently.)",
		});
	}
	if (status < 200 || status >= 300) {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			isSend,
			mayHaveBeenAccepted: !idempotent && status >= 500,
		});
	}
	if (body.kind === 'html') {
		throw buildApiError(node, {
			...where,
			status,
			body: body.value,
			mayHaveBeenAccepted: !idempotent,
			message: 'The service answered with a web page instead of data',
			description:
				"The credential's 'Base URL' probably points at a website or proxy rather than the API: check it.",
		});
	}
	if (body.kind === 'invalid') {
		throw buildApiError(node, {
			...where,
			status,
			mayHaveBeenAccepted: !idempotent,
			message: "The service's answer is not valid JSON",
			description: `It answered: ${String(body.value).slice(0, 120)}. ${
				isSend
					? 'The request may have been processed; it was not repeated. Check the message log before sending again.'
					: 'The service or a proxy in front of it gave a broken answer. Try again later.'
			}`,
		});
	}
	const value = body.value;
	if (
		value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		(value as IDataObject).success === false
	) {
		throw buildApiError(node, {
			...where,
			status,
			body: value,
			isSend,
			message: 'The service says the request did not go through',
			description:
				"It answered with 'success: false'. Check the fields it names, then run the node again.",
		});
	}
	return value;
}

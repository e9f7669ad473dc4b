/**
 * What to do about a failed request, in the user's terms: by HTTP status, by the credential's mode (a 401), by
 * whether the request was repeated or creates something (a 5xx), and by the network's error code when nothing answered.
 */

/** How the credential authenticates (its `authMethod`), for advice that speaks of the mode in use. */
export type CredentialMode = 'apiKeyBearer' | 'apiKeyHeader' | 'jwt';

/** What a 401 means for the mode in use, and which setting to try next. */
function refusedCredentialAdvice(mode: CredentialMode | undefined): string {
	if (mode === 'apiKeyBearer') {
		return "The API key, sent as 'Authorization: Bearer', was not accepted. Check the key in the credential. If it is right, set 'Authentication' to 'API Key (X-API-Key Header)': some servers read a Bearer value as a login token. For operations that need the login, use a credential with 'Authentication' set to 'Email and Password'.";
	}
	if (mode === 'apiKeyHeader') {
		return "The API key, sent as 'X-API-Key', was not accepted (a server that does not read this header answers as if no credential came). Check the key in the credential. If it is right, set 'Authentication' to 'API Key (Authorization: Bearer)'. For operations that need the login, use a credential with 'Authentication' set to 'Email and Password'.";
	}
	if (mode === 'jwt') {
		return "The login's token was not accepted. Check 'Email' and 'Password' in the credential; if this endpoint takes only API keys, use a credential with 'Authentication' set to an API key.";
	}
	return "Check the credential: the API key may be wrong, revoked or sent in the wrong header, or 'Email' and 'Password' no longer log in.";
}

/** A 5xx of a request that creates something: it is never repeated (see ApiRequest.creates). */
const NOT_REPEATED = {
	sms: 'The message may or may not have been accepted: it was not re-sent automatically, to avoid a duplicate SMS. Check the message log or balance before sending again.',
	record:
		'The service may or may not have done it: the request was not repeated automatically, to avoid doing it twice. Check the record or list before trying again.',
};

/** What to do about it, by status. */
export function adviceFor(
	status: number | undefined,
	context: { creates?: 'sms' | 'record'; repeated?: boolean; mode?: CredentialMode } = {},
): string {
	if (status === 400 || status === 422) {
		return 'Check the fields the service names, then run the node again.';
	}
	if (status === 401) return refusedCredentialAdvice(context.mode);
	if (status === 402) return 'Buy an SMS package or top up the balance, then send again.';
	if (status === 403) {
		return 'The credential is valid but lacks permission for this operation (e.g. partner operations need a partner API key).';
	}
	if (status === 404) {
		return "Check the ID (it may belong to another account) and the credential's 'Base URL'.";
	}
	if (status === 429) {
		return "The service allows 1000 requests an hour: wait for the limit to reset, raise 'Max Rate-Limit Wait' in 'Request Options', or send fewer requests (e.g. with 'Combine Items').";
	}
	if (status !== undefined && status >= 500) {
		if (context.creates) return NOT_REPEATED[context.creates];
		return context.repeated
			? 'The request was tried again without success. Try again later.'
			: 'Try again later.';
	}
	return 'Check the request and try again.';
}

/**
 * What to check when a connection never opened (nothing answered at the Base URL), by the network's error code:
 * said as such, instead of n8n's generic "perhaps it is offline".
 */
export function unreachableAdvice(code: string | undefined): string {
	if (code === 'ECONNREFUSED') {
		return "The host refused the connection: nothing listens on that port. Check the address and port of 'Base URL' in the credential, and that the service is running.";
	}
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		return "The host name could not be resolved. Check the spelling of 'Base URL' in the credential, and that the machine n8n runs on can resolve it (DNS).";
	}
	return "There is no network route to the host. Check 'Base URL' in the credential, and that the machine n8n runs on can reach it (network, firewall, VPN or proxy).";
}

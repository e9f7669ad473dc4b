/**
 * The credential's JWT login (preAuthentication) runs inside n8n's request helper, which wraps what it throws. The
 * credential names its errors, so the transport tells a failed login from a failed request by that name.
 */
const LOGIN_FAILURE = 'SmsPlatformLoginError';

export function loginFailure(message: string): Error {
	const error = new Error(message);
	error.name = LOGIN_FAILURE;
	return error;
}

/** The login's own message when the error (or what it wraps) is a failed login; otherwise undefined. */
export function isLoginFailure(error: unknown): string | undefined {
	let current = error as { name?: unknown; message?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (current.name === LOGIN_FAILURE) return String(current.message);
		current = current.cause as typeof current;
	}
	return undefined;
}

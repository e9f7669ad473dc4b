// Calling the sandbox's admin interface (`/__sandbox/…`, no auth) from the tools that drive it: the end-to-end
// tests, the queue test and the benchmark.

/**
 * One JSON call of the admin interface; an answer other than 2xx throws with the status and what it said.
 * @param {{ url: string }} sandbox
 * @param {string} method
 * @param {string} pathname below `/__sandbox`, e.g. `/reset`
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function admin(sandbox, method, pathname, body) {
	const response = await fetch(`${sandbox.url}/__sandbox${pathname}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok)
		throw new Error(
			`${method} /__sandbox${pathname} → HTTP ${response.status}: ${text.slice(0, 500)}`,
		);
	return text ? JSON.parse(text) : undefined;
}

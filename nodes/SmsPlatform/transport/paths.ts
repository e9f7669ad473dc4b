/** Encodes one path segment; an id with `/`, `?`, `#` or spaces stays one segment. */
export function encodeId(value: string): string {
	// `.` and `..` (even as %2E) are dot segments: URL parsing would remove them and the request would go to another
	// endpoint (`/sms/status/../` is `/sms/`). No encoding keeps them one segment, so they are refused.
	if (isDotSegment(value))
		throw new Error(`"${value}" cannot be used as an id: it would change the request path`);
	return encodeURIComponent(value);
}

/** `.`, `..` and their percent-encoded forms, which URL parsing treats as "this" and "parent" directory. */
export function isDotSegment(value: string): boolean {
	return /^(\.|%2e){1,2}$/i.test(value);
}

import { credentialsOf, type ApiContext } from './session';

/**
 * Keeps the credential's secrets out of errors and workflow data: a server or proxy may echo the Authorization
 * header or the key in its answer.
 */

const SECRET_FIELDS = ['apiKey', 'password', 'accessToken'];
const REDACTED = '***';

/** The credential's secrets as they may appear in a text (raw, trimmed, URL-encoded), longest first. */
async function secretsOf(
	ctx: ApiContext,
	itemIndex: number | undefined,
	minLength: number,
): Promise<string[]> {
	try {
		const credentials = await credentialsOf(ctx, itemIndex);
		return SECRET_FIELDS.map((field) => credentials[field])
			.filter((value): value is string => typeof value === 'string')
			.flatMap((value) => [value, value.trim(), encodeURIComponent(value.trim())])
			.filter((value) => value.length >= minLength)
			.sort((a, b) => b.length - a.length);
	} catch {
		return [];
	}
}

function redact(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
	return out;
}

/** Replaces every secret in the texts of an error (message, description, context, stack...) or an answer. */
function scrub(
	target: Record<string, unknown>,
	secrets: string[],
	seen: Set<object>,
	depth: number,
	maxDepth: number,
): void {
	if (seen.has(target) || depth > maxDepth) return;
	seen.add(target);
	const keys = new Set([
		...Object.keys(target),
		'message',
		'description',
		'stack',
		'messages',
		'context',
		'cause',
	]);
	for (const key of keys) {
		let value: unknown;
		try {
			value = target[key];
		} catch {
			continue;
		}
		if (typeof value === 'string') {
			const clean = redact(value, secrets);
			if (clean !== value) {
				try {
					target[key] = clean;
				} catch {
					// read-only property: nothing to do
				}
			}
		} else if (value && typeof value === 'object' && key !== 'node') {
			scrub(value as Record<string, unknown>, secrets, seen, depth + 1, maxDepth);
		}
	}
}

/** Removes the secrets (4 characters or longer) from an error before it leaves the transport. */
export async function scrubError(ctx: ApiContext, error: Error, itemIndex?: number): Promise<void> {
	const secrets = await secretsOf(ctx, itemIndex, 4);
	if (secrets.length) scrub(error as unknown as Record<string, unknown>, secrets, new Set(), 0, 6);
}

/** Removes the secrets (8 characters or longer) from an answer before it becomes workflow data. */
export async function scrubAnswer(
	ctx: ApiContext,
	body: unknown,
	itemIndex?: number,
): Promise<void> {
	if (!body || typeof body !== 'object') return;
	const secrets = await secretsOf(ctx, itemIndex, 8);
	if (!secrets.length) return;
	// One native serialisation finds out whether there is anything to remove; the walk runs only then.
	const text = JSON.stringify(body);
	if (secrets.some((secret) => text.includes(secret))) {
		scrub(body as Record<string, unknown>, secrets, new Set(), 0, 32);
	}
}

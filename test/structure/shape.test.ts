/**
 * The house rules of nodes/ that a reader relies on (issue 50), read from the source as text: each one fails naming
 * every file and line that breaks it.
 */
import { endpoints } from '../../nodes/SmsPlatform/endpoints';
import { documentedOnly } from '../../nodes/SmsPlatform/endpointShape';
import type { ListRequest } from '../../nodes/SmsPlatform/transport/pages';
import { nodesSources } from '../support/nodesSource.cjs';

const files = nodesSources();

/** Every line of nodes/ that matches, as `file:line: text`. */
function linesMatching(pattern: RegExp, only?: (name: string) => boolean): string[] {
	return files
		.filter((file) => !only || only(file.name))
		.flatMap((file) =>
			file.lines.flatMap((text, index) =>
				pattern.test(text) ? [`${file.name}:${index + 1}: ${text.trim()}`] : [],
			),
		);
}

describe('the shape of nodes/', () => {
	it('reads the source', () => {
		expect(files.length).toBeGreaterThan(100);
	});

	it('has no file over 300 lines', () => {
		// A file ends with a newline: its last "line" here is empty.
		const long = files
			.map((file) => ({ name: file.name, count: file.lines.length - 1 }))
			.filter((file) => file.count > 300)
			.map((file) => `${file.name}: ${file.count} lines`);
		expect(long).toEqual([]);
	});

	it('dedupe/ is a primitive: it imports nothing from actions/', () => {
		expect(
			linesMatching(/from '\.\.\/actions|from '\.\.\/\.\.\/actions/, (name) =>
				name.includes('/dedupe/'),
			),
		).toEqual([]);
	});

	it('keeps no WeakMap keyed by an error or holding a run of keys or claims', () => {
		const maps = linesMatching(/new WeakMap</);
		expect(maps.filter((line) => /WeakMap<[^,]*Error/.test(line))).toEqual([]);
		expect(maps.filter((line) => /Claim|Keys|KeyState/.test(line))).toEqual([]);
		expect(linesMatching(/WeakMap/, (name) => /\/dedupe\/|Keys\.ts$/.test(name))).toEqual([]);
	});

	it('hangs nothing on an error with Object.defineProperty', () => {
		expect(linesMatching(/Object\.define(Property|Properties)\(/)).toEqual([]);
	});

	it("never tells an error by its text: no test of a message's or a description's words", () => {
		expect(
			linesMatching(
				/\.(message|description)\??\.(startsWith|endsWith|includes|match|search)\(|\.(test|exec)\([^)]*\.(message|description)\b/,
			),
		).toEqual([]);
	});

	it('takes a request only from a whole endpoint: a bare path does not type', () => {
		// The type check (npm run typecheck) fails on this line once a bare `{ path }` is accepted again.
		// @ts-expect-error: a request built from a path alone would drop what its endpoint declares
		const bare: ListRequest = { path: '/api/messaging/contacts/' };
		const whole: ListRequest = { ...endpoints.contacts(), limit: 1 };
		const documented: ListRequest = documentedOnly(endpoints.billingHistory());
		expect([bare.path, whole.path]).toEqual([
			'/api/messaging/contacts/',
			'/api/messaging/contacts/',
		]);
		// The documented route alone, by name: the login route is gone, the rest of the endpoint stays.
		expect(documented).toEqual({ ...endpoints.billingHistory(), login: undefined });
		expect(documented.login).toBeUndefined();
	});

	it('hands every endpoint over whole: no request is given a bare endpoint path', () => {
		// A path read off an endpoint may stand in a message (`GET ${endpoints.balance().path} …`), not in a request.
		expect(linesMatching(/\bpath: endpoints\.\w+\([^)]*\)\.path/)).toEqual([]);
	});
});

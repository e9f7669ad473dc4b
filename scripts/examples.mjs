// The example workflows in examples/ and the credential they reference.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXAMPLES_DIR = path.resolve(
	path.dirname(fileURLToPath(import.meta.url)),
	'..',
	'examples',
);

/** The credential the examples reference (id and name are fixed in the JSON files). */
export const DEMO_CREDENTIAL_ID = 'smsPlatformSandbox';
export const DEMO_CREDENTIAL_NAME = 'SMS Platform Sandbox';
/** The demo's login credential (Email and Password): the examples that schedule a send or manage contacts use it. */
export const DEMO_LOGIN_CREDENTIAL_ID = 'smsPlatformSandboxLogin';
export const DEMO_LOGIN_CREDENTIAL_NAME = 'SMS Platform Sandbox (login)';

/** All examples/*.json, parsed, sorted by file name; each gets a `file` property only in `loadExampleFiles`. */
export function loadExamples() {
	return loadExampleFiles().map(({ workflow }) => workflow);
}

/** @returns {Array<{ file: string, workflow: any }>} */
export function loadExampleFiles() {
	return readdirSync(EXAMPLES_DIR)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => ({
			file: name,
			workflow: JSON.parse(readFileSync(path.join(EXAMPLES_DIR, name), 'utf8')),
		}));
}

/**
 * @param {string} file name in examples/
 * @returns {any}
 */
export function loadExample(file) {
	return JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
}

/**
 * A copy of `workflow` whose SMS Platform nodes use the credential { id, name } instead.
 * @param {any} workflow
 * @param {{ id: string, name: string }} credential
 */
export function withCredential(workflow, credential) {
	const copy = structuredClone(workflow);
	for (const node of copy.nodes) {
		if (node.credentials?.smsPlatformApi)
			node.credentials.smsPlatformApi = { id: credential.id, name: credential.name };
	}
	return copy;
}

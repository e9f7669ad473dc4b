// Polling triggers in a real n8n, for e2e/loginRoutes.test.mjs and the by-hand run e2e/realBackend.manual.mjs:
// `n8n execute` cannot start at a polling trigger, so their workflows are activated in a started n8n, and what they
// fired is read from its executions.
import { startN8n } from '../scripts/n8n/process.mjs';
import {
	activateWorkflow,
	createApiKey,
	ensureOwner,
	listExecutions,
} from '../scripts/n8n/rest.mjs';
import { allowsSubMinutePolls, ensureN8n } from '../scripts/n8n-runtime.mjs';
import { POLL_TIMES } from './workflows.mjs';

/** Whether this n8n polls every 5 s (else every minute, its shortest). */
export const FAST_POLLS = allowsSubMinutePolls(await ensureN8n());
export const POLL = FAST_POLLS ? POLL_TIMES.fast : POLL_TIMES.everyMinute;
/** How long one poll may take to come, with room to spare. */
export const POLL_WAIT_MS = FAST_POLLS ? 30_000 : 150_000;

export const pause = (/** @type {number} */ ms) =>
	new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The items the trigger node of an execution emitted (its JSON).
 * @param {any} execution
 * @returns {any[]}
 */
export function triggerItems(execution) {
	const runs = execution.data?.resultData?.runData?.Trigger ?? [];
	return (runs[0]?.data?.main?.[0] ?? []).map((/** @type {any} */ i) => i.json);
}

/**
 * Starts the n8n of an e2e set-up, makes its owner and an API key, activates the workflows; `fired` waits for an
 * execution of one of them whose items pass `predicate`, `stop` stops that n8n.
 * @param {Awaited<ReturnType<typeof import('./harness.mjs').setupE2E>>['n8n']} n8n
 * @param {string[]} workflowIds
 * @param {string} label
 */
export async function activate(n8n, workflowIds, label) {
	const server = await startN8n(n8n);
	/** @type {string} */
	let apiKey;
	try {
		const owner = await ensureOwner(server.url, {
			email: 'e2e-triggers@example.com',
			password: 'E2e-password-1',
			firstName: 'E2E',
			lastName: 'Owner',
		});
		apiKey = await createApiKey(owner, { label });
		for (const id of workflowIds) await activateWorkflow(server.url, apiKey, id);
	} catch (error) {
		await server.stop();
		throw error;
	}
	return {
		/**
		 * The items of the first execution of `workflowId` that pass `predicate`, or undefined after `waitMs`.
		 * @param {string} workflowId
		 * @param {(items: any[]) => boolean} [predicate]
		 * @param {number} [waitMs]
		 */
		async fired(workflowId, predicate = () => true, waitMs = POLL_WAIT_MS) {
			const deadline = Date.now() + waitMs;
			while (Date.now() < deadline) {
				for (const execution of await listExecutions(server.url, apiKey, {
					workflowId,
					includeData: true,
				})) {
					const items = triggerItems(execution);
					if (items.length && predicate(items)) return items;
				}
				await pause(2000);
			}
			return undefined;
		},
		/** Every execution of `workflowId` so far, with its data. @param {string} workflowId */
		executions: (workflowId) =>
			listExecutions(server.url, apiKey, { workflowId, includeData: true }),
		stop: () => server.stop(),
	};
}

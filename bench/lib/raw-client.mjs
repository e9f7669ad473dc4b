// The raw-client baseline: replays a recorded request sequence with axios, sequentially, over one keep-alive
// connection, and reports how long it took. Run as its own process (like n8n, a fresh process talking to the
// sandbox over loopback):
//
//   node bench/lib/raw-client.mjs <plan.json>
//
// plan.json: { baseUrl, headers, requests: [{ method, path, query?, body? }], passes? (default 1), newConnections?, ca? }
//   ca: a PEM file to trust, for an https:// baseUrl (the benchmark's network model)
//   newConnections: true → a new http.Agent without keep-alive for every request, as n8n-core's httpRequest helper
//   does (n8n 2.16: convertN8nRequestToAxios → setAxiosAgents → new http.Agent per request): one TCP connection
//   per request. Default: one keep-alive connection for all.
// stdout (one JSON line): { passes: [{ ms, requests, statuses: { "200": n }, records }] }
//   ms: from just before the first request to the end of the last response (process start-up excluded)
//   records: list entries received (`results` arrays), so a Return All replay is seen to read every record
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';

import axios from 'axios';

/**
 * @typedef {{ method: string, path: string, query?: Record<string, string | string[]>, body?: unknown }} PlannedRequest
 * @typedef {{ baseUrl: string, headers: Record<string, string>, requests: PlannedRequest[], passes?: number, newConnections?: boolean, ca?: string }} Plan
 */

/**
 * @param {Plan} plan
 */
export async function replay(plan) {
	const ca = plan.ca ? readFileSync(plan.ca) : undefined;
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
	const secureAgent = new https.Agent({ keepAlive: true, maxSockets: 1, ca });
	const client = axios.create({
		baseURL: plan.baseUrl,
		httpAgent: agent,
		httpsAgent: secureAgent,
		validateStatus: () => true,
		timeout: 30_000,
		maxRedirects: 0,
	});
	const passes = [];
	for (let pass = 0; pass < (plan.passes ?? 1); pass++) {
		/** @type {Record<string, number>} */
		const statuses = {};
		let records = 0;
		const started = performance.now();
		for (const request of plan.requests) {
			const headers = { ...plan.headers };
			if (request.body !== undefined && request.body !== null)
				headers['Content-Type'] = 'application/json';
			const response = await client.request({
				...(plan.newConnections
					? { httpAgent: new http.Agent({}), httpsAgent: new https.Agent({ ca }) }
					: {}),
				method: request.method,
				url: request.path,
				params: request.query && Object.keys(request.query).length ? request.query : undefined,
				data: request.body ?? undefined,
				headers,
			});
			statuses[response.status] = (statuses[response.status] ?? 0) + 1;
			if (Array.isArray(response.data?.results)) records += response.data.results.length;
		}
		passes.push({
			ms: performance.now() - started,
			requests: plan.requests.length,
			statuses,
			records,
		});
	}
	agent.destroy();
	secureAgent.destroy();
	return { passes };
}

if (process.argv[2]) {
	const plan = /** @type {Plan} */ (JSON.parse(readFileSync(process.argv[2], 'utf8')));
	replay(plan)
		.then((result) => {
			process.stdout.write(`${JSON.stringify(result)}\n`);
		})
		.catch((error) => {
			process.stderr.write(`${error.stack ?? error}\n`);
			process.exit(1);
		});
}

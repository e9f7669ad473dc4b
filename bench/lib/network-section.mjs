// Section "network" of the benchmark: the same bulk work as on loopback, but across the network model of
// network.mjs (HTTPS, a round trip of --rtt-ms, 80 ms by default), where n8n's request helper pays a TCP and a TLS
// handshake for every request. Baseline: the "ideal sequential client", a raw client replaying the node's requests
// one after another over ONE kept-alive HTTPS connection through the same proxy.
import { fmtInt, fmtMb, fmtMs, fmtRatio } from './format.mjs';
import {
	broadcastWorkflow,
	httpRequestWorkflow,
	NETWORK_CREDENTIAL,
	returnAllWorkflow,
} from './workflows.mjs';

/** Parallel Requests 1: every request after the previous one, the node's behaviour before the option existed. */
const SEQUENTIAL = { parallelRequests: 1 };

/**
 * @param {{ recipients: number, perItemOverNetwork: number }} sizes
 * @param {string} url the network model's https:// address
 */
export function networkWorkflows(sizes, url) {
	const credential = NETWORK_CREDENTIAL;
	return [
		broadcastWorkflow('netCombined', sizes.recipients, { combine: true, credential }),
		broadcastWorkflow('netCombinedSequential', sizes.recipients, {
			combine: true,
			credential,
			requestOptions: SEQUENTIAL,
		}),
		broadcastWorkflow('netPerItem', sizes.perItemOverNetwork, { combine: false, credential }),
		httpRequestWorkflow('netHttpNode', sizes.perItemOverNetwork, url),
		returnAllWorkflow('netReturnAll', { credential }),
		returnAllWorkflow('netReturnAllSequential', { credential, requestOptions: SEQUENTIAL }),
	];
}

/**
 * @param {any} env { sandbox, counter, n8n, network, certFile }
 * @param {any} results
 * @param {any} deps { sizes, rttMs, sweep, runs, measureWorkflow, rawReplay, admin, log }
 */
export async function benchNetwork(env, results, deps) {
	const { sizes, runs, measureWorkflow, rawReplay, admin, log } = deps;
	const processEnv = { NODE_EXTRA_CA_CERTS: env.certFile };
	const fill = async () =>
		void (await admin(env.sandbox, 'POST', '/balance', { balance: 2_000_000_000 }));
	const state = await admin(env.sandbox, 'GET', '/state');
	if (state.billingRecords < sizes.records)
		await admin(env.sandbox, 'POST', '/billing-records', {
			count: sizes.records - state.billingRecords,
		});
	const records = (await admin(env.sandbox, 'GET', '/state')).billingRecords;

	/** One workflow over the model, and the ideal sequential client on the requests it made. */
	const measure = async (/** @type {string} */ id, /** @type {number} */ expectItems, n = runs) => {
		log(`network model, ${env.network.state.rttMs} ms round trip: ${id}`);
		const ours = await measureWorkflow(env, id, {
			runs: n,
			expectItems,
			beforeRun: fill,
			env: processEnv,
		});
		const plan = ours.plan ?? [];
		delete ours.plan;
		delete ours.log;
		return { ours, plan };
	};
	const ideal = async (/** @type {any[]} */ plan, n = runs) => {
		const raw = await rawReplay(env.network.url, plan, n, { ca: env.certFile });
		log(`  ideal sequential client: median ${raw.ms.toFixed(0)} ms over ${plan.length} requests`);
		return raw;
	};

	/** Combine Items and Return All, in parallel (the default) and one after another, at the current round trip. */
	const bulk = async (/** @type {number} */ n) => {
		const combined = await measure('netCombined', sizes.recipients, n);
		const combinedSequential = await measure('netCombinedSequential', sizes.recipients, n);
		const returnAll = await measure('netReturnAll', records, n);
		const returnAllSequential = await measure('netReturnAllSequential', records, n);
		return {
			rttMs: env.network.state.rttMs,
			combined: combined.ours,
			combinedSequential: combinedSequential.ours,
			idealCombined: await ideal(combined.plan, n),
			returnAll: returnAll.ours,
			returnAllSequential: returnAllSequential.ours,
			idealReturnAll: await ideal(returnAll.plan, n),
		};
	};

	env.network.setRtt(deps.rttMs);
	const main = await bulk(runs);
	const perItem = await measure('netPerItem', sizes.perItemOverNetwork, 1);
	const httpNode = await measure('netHttpNode', sizes.perItemOverNetwork, 1);
	const idealPerItem = await ideal(perItem.plan, 1);
	const sweep = [];
	for (const rtt of deps.sweep) {
		env.network.setRtt(rtt);
		sweep.push(await bulk(1));
	}
	env.network.setRtt(deps.rttMs);
	results.network = {
		rttMs: deps.rttMs,
		records,
		sizes,
		runs,
		main,
		perItem: perItem.ours,
		httpNode: httpNode.ours,
		idealPerItem,
		sweep: [main, ...sweep].sort((a, b) => a.rttMs - b.rttMs),
	};
}

/**
 * The section's markdown lines.
 * @param {any} n results.network
 * @returns {string[]}
 */
export function reportNetwork(n) {
	if (!n) return [];
	if (n.error) return [`**6. Network model: failed** — ${n.error}`, ''];
	const lines = [
		`**6. Across a network: HTTPS behind a ${n.rttMs} ms round trip** (the network model: a delay proxy holding each ` +
			'direction half a round trip and a new connection one more, a TLS terminator with a certificate the benchmark ' +
			'makes, trusted by n8n through NODE_EXTRA_CA_CERTS). Baseline: the ideal sequential client, the same ' +
			'requests one after another over one kept-alive HTTPS connection. ' +
			`Medians of ${n.runs} run(s); the one-request-per-item rows have ${fmtInt(n.sizes.perItemOverNetwork)} items ` +
			'(every request pays its own handshakes, so 10,000 would take half an hour).',
		'',
		'| Way | Requests | TCP connections | Node time | vs ideal sequential client | Peak RSS, during the node |',
		'|---|---:|---:|---:|---:|---:|',
	];
	const row = (/** @type {string} */ name, /** @type {any} */ m, /** @type {any} */ raw) =>
		lines.push(
			`| ${name} | ${fmtInt(m.requests)} | ${fmtInt(m.connections)} | ${fmtMs(m.nodeMs)} | ${raw ? fmtRatio(m.nodeMs / raw.ms) : '–'} | ${m.memory?.nodeTreeKb ? fmtMb(m.memory.nodeTreeKb) : '–'} |`,
		);
	const m = n.main;
	row(
		`SMS Platform node, Combine Items, ${fmtInt(n.sizes.recipients)} recipients (Parallel Requests: default 4)`,
		m.combined,
		m.idealCombined,
	);
	row('the same, Parallel Requests 1 (one after another)', m.combinedSequential, m.idealCombined);
	lines.push(
		`| ideal sequential client, the same requests | ${fmtInt(m.combined.requests)} | 1 | ${fmtMs(m.idealCombined.ms)} | 1.00× | – |`,
	);
	row(
		`SMS Platform node, Return All over ${fmtInt(n.records)} records (default)`,
		m.returnAll,
		m.idealReturnAll,
	);
	row('the same, Parallel Requests 1', m.returnAllSequential, m.idealReturnAll);
	lines.push(
		`| ideal sequential client, the same requests | ${fmtInt(m.returnAll.requests)} | 1 | ${fmtMs(m.idealReturnAll.ms)} | 1.00× | – |`,
	);
	row(
		`SMS Platform node, one request per item, ${fmtInt(n.sizes.perItemOverNetwork)} items`,
		n.perItem,
		n.idealPerItem,
	);
	row(
		"n8n's HTTP Request node, one request per item (its default: all at once)",
		n.httpNode,
		n.idealPerItem,
	);
	lines.push(
		`| ideal sequential client, the same ${fmtInt(n.perItem.requests)} requests | ${fmtInt(n.perItem.requests)} | 1 | ${fmtMs(n.idealPerItem.ms)} | 1.00× | – |`,
	);
	lines.push('');
	if (n.sweep.length > 1) {
		lines.push(
			'**6b. The default (4 in flight) against one after another, by round trip** (node time, and vs the ideal sequential client)',
		);
		lines.push('');
		lines.push(
			'| Round trip | Combine Items, default | Combine Items, 1 | Ideal client | Return All, default | Return All, 1 | Ideal client |',
		);
		lines.push('|---:|---:|---:|---:|---:|---:|---:|');
		for (const s of n.sweep) {
			const cell = (/** @type {any} */ x, /** @type {any} */ raw) =>
				`${fmtMs(x.nodeMs)} (${fmtRatio(x.nodeMs / raw.ms)})`;
			lines.push(
				`| ${s.rttMs} ms | ${cell(s.combined, s.idealCombined)} | ${cell(s.combinedSequential, s.idealCombined)} | ${fmtMs(s.idealCombined.ms)} | ${cell(s.returnAll, s.idealReturnAll)} | ${cell(s.returnAllSequential, s.idealReturnAll)} | ${fmtMs(s.idealReturnAll.ms)} |`,
			);
		}
		lines.push('');
	}
	const checks = [
		[
			`Combine Items ≤ 1.0× the ideal sequential client at ${n.rttMs} ms`,
			m.combined.nodeMs / m.idealCombined.ms,
		],
		[
			`Return All ≤ 1.0× the ideal sequential client at ${n.rttMs} ms`,
			m.returnAll.nodeMs / m.idealReturnAll.ms,
		],
	];
	lines.push('| Target | Result | Met |', '|---|---:|:---:|');
	for (const [name, r] of checks)
		lines.push(
			`| ${name} | ${fmtRatio(/** @type {number} */ (r))} | ${Number(r) <= 1 ? 'yes' : '**no**'} |`,
		);
	lines.push(
		`| Same requests as one after another | ${fmtInt(m.combined.requests)} / ${fmtInt(m.combinedSequential.requests)}, ${fmtInt(m.returnAll.requests)} / ${fmtInt(m.returnAllSequential.requests)} | ${m.combined.requests === m.combinedSequential.requests && m.returnAll.requests === m.returnAllSequential.requests ? 'yes' : '**no**'} |`,
	);
	lines.push('');
	return lines;
}

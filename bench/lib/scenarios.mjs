// The benchmark's scenarios on loopback (bench/README.md, "What runs"): what each section runs and measures, into
// `results`. Section 6 (network) lives in bench/lib/network-section.mjs; the report in bench/lib/report.mjs.
import path from 'node:path';

import { fmtInt } from './format.mjs';
import { admin, HUGE_RATE_LIMIT, measureWorkflow, profileWorkflow, rawReplay } from './harness.mjs';
import {
	LATENCY_MS,
	log,
	PACE,
	PROFILE,
	PROFILE_ALL,
	RAW_RUNS,
	REPEAT,
	ROOT,
	SIZES,
} from './options.mjs';
import { loadTrigger, simulateTrigger, stressCases } from './trigger-sim.mjs';

/**
 * @param {any} env
 * @param {any} results
 */
export async function benchBroadcast(env, results) {
	const N = SIZES.recipients;
	const fill = async () =>
		void (await admin(env.sandbox, 'POST', '/balance', { balance: 2_000_000_000 }));
	await fill();
	const combined = await measureWorkflow(env, 'benchBroadcastCombined', {
		runs: REPEAT,
		expectItems: N,
		beforeRun: fill,
	});
	const perItem = await measureWorkflow(env, 'benchBroadcastPerItem', {
		runs: 1,
		expectItems: N,
		beforeRun: fill,
	});
	const httpNode = await measureWorkflow(env, 'benchBroadcastHttpNode', {
		runs: 1,
		expectItems: N,
		beforeRun: fill,
		allowFailure: true,
	});
	const list = await measureWorkflow(env, 'benchBroadcastList', {
		runs: REPEAT,
		expectItems: 1,
		beforeRun: fill,
	});

	log(`raw client: our node's ${combined.plan?.length} combined requests × ${RAW_RUNS} cold runs`);
	await fill();
	const rawCombined = await rawReplay(env.sandbox.url, combined.plan ?? [], RAW_RUNS);
	log(
		`  median ${rawCombined.ms.toFixed(1)} ms (${rawCombined.all.map((ms) => ms.toFixed(0)).join(', ')})`,
	);
	log(
		`raw client: the ${perItem.plan?.length} one-per-item requests × ${Math.min(RAW_RUNS, 3)} cold runs`,
	);
	await fill();
	const rawPerItem = await rawReplay(env.sandbox.url, perItem.plan ?? [], Math.min(RAW_RUNS, 3));
	log(
		`  median ${rawPerItem.ms.toFixed(1)} ms (${rawPerItem.all.map((ms) => ms.toFixed(0)).join(', ')})`,
	);
	log(
		"raw client, a new connection per request (as n8n-core's request helper does): the same plans",
	);
	await fill();
	const rawCombinedNew = await rawReplay(env.sandbox.url, combined.plan ?? [], RAW_RUNS, {
		newConnections: true,
	});
	const rawPerItemNew = await rawReplay(env.sandbox.url, perItem.plan ?? [], 1, {
		newConnections: true,
	});
	log(
		`  combined ${rawCombinedNew.ms.toFixed(1)} ms, one per item ${rawPerItemNew.ms.toFixed(1)} ms`,
	);

	// The combined requests must carry every recipient exactly once.
	const carried = (combined.plan ?? []).flatMap((/** @type {any} */ r) => r.body?.recipients ?? []);
	const recipientsOk = carried.length === N && new Set(carried).size === N;
	log(`raw client: the list item's ${list.plan?.length} requests × ${RAW_RUNS} cold runs`);
	await fill();
	const rawList = await rawReplay(env.sandbox.url, list.plan ?? [], RAW_RUNS);
	log(
		`  median ${rawList.ms.toFixed(1)} ms (${rawList.all.map((ms) => ms.toFixed(0)).join(', ')})`,
	);
	const rawListNew = await rawReplay(env.sandbox.url, list.plan ?? [], RAW_RUNS, {
		newConnections: true,
	});
	results.broadcast = {
		N,
		combined,
		perItem,
		httpNode,
		list,
		rawCombined,
		rawPerItem,
		rawList,
		rawCombinedNew,
		rawPerItemNew,
		rawListNew,
		recipientsOk,
	};
	if (PROFILE) {
		results.profiles ??= {};
		results.profiles['broadcast, Combine Items'] = await profileWorkflow(
			env,
			'benchBroadcastCombined',
			fill,
		);
		results.profiles['broadcast, one item with a list'] = await profileWorkflow(
			env,
			'benchBroadcastList',
			fill,
		);
		if (PROFILE_ALL) {
			results.profiles['broadcast, one request per item'] = await profileWorkflow(
				env,
				'benchBroadcastPerItem',
				fill,
			);
		}
	}
	for (const key of ['combined', 'perItem', 'httpNode', 'list']) {
		delete results.broadcast[key].plan;
		delete results.broadcast[key].log;
	}
}

/**
 * @param {any} env
 * @param {any} results
 */
export async function benchReturnAll(env, results) {
	const N = SIZES.records;
	const state = await admin(env.sandbox, 'GET', '/state');
	if (state.billingRecords < N)
		await admin(env.sandbox, 'POST', '/billing-records', { count: N - state.billingRecords });
	const total = (await admin(env.sandbox, 'GET', '/state')).billingRecords;
	const ours = await measureWorkflow(env, 'benchReturnAll', { runs: REPEAT, expectItems: total });
	log(`raw client: our node's ${ours.plan?.length} page requests × ${RAW_RUNS} cold runs`);
	const raw = await rawReplay(env.sandbox.url, ours.plan ?? [], RAW_RUNS);
	log(
		`  median ${raw.ms.toFixed(1)} ms (${raw.all.map((ms) => ms.toFixed(0)).join(', ')}), ${raw.records} records`,
	);
	const rawNew = await rawReplay(env.sandbox.url, ours.plan ?? [], RAW_RUNS, {
		newConnections: true,
	});
	log(`  a new connection per request: median ${rawNew.ms.toFixed(1)} ms`);
	results.returnAll = { N: total, ours, raw, rawNew };
	if (PROFILE) {
		results.profiles ??= {};
		results.profiles['Return All'] = await profileWorkflow(env, 'benchReturnAll');
	}
	delete ours.plan;
	delete ours.log;
}

/**
 * Combine Items, the list item and Return All again, with LATENCY_MS added to every answer by a sandbox fault: the
 * fixed per-request cost of n8n and of the node against the round trip of a service across a network.
 * @param {any} env
 * @param {any} results
 */
export async function benchLatency(env, results) {
	const runs = Math.min(REPEAT, 3);
	const fill = async () =>
		void (await admin(env.sandbox, 'POST', '/balance', { balance: 2_000_000_000 }));
	const state = await admin(env.sandbox, 'GET', '/state');
	if (state.billingRecords < SIZES.records) {
		await admin(env.sandbox, 'POST', '/billing-records', {
			count: SIZES.records - state.billingRecords,
		});
	}
	await admin(env.sandbox, 'POST', '/faults', {
		path: '/api/',
		latencyMs: LATENCY_MS,
		count: 1_000_000_000,
	});
	try {
		/** @type {Record<string, any>} */
		const out = { latencyMs: LATENCY_MS };
		for (const [key, id, expectItems] of /** @type {const} */ ([
			['combined', 'benchBroadcastCombined', SIZES.recipients],
			['list', 'benchBroadcastList', 1],
			['returnAll', 'benchReturnAll', undefined],
		])) {
			const ours = await measureWorkflow(env, id, { runs, expectItems, beforeRun: fill });
			await fill();
			const raw = await rawReplay(env.sandbox.url, ours.plan ?? [], runs);
			log(`  raw client with ${LATENCY_MS} ms latency: median ${raw.ms.toFixed(0)} ms`);
			delete ours.plan;
			delete ours.log;
			out[key] = { ours, raw };
		}
		results.latency = out;
	} finally {
		await admin(env.sandbox, 'DELETE', '/faults');
	}
}

/**
 * @param {any} env
 * @param {any} results
 */
export async function benchPaced(env, results) {
	const N = SIZES.paced;
	const limit = Math.ceil(N / PACE.windows);
	const windowMs = PACE.windowSeconds * 1000;
	const setLimit = async () => {
		// A change of the limit resets the sandbox's counters: set another value first, then the real one.
		await admin(env.sandbox, 'POST', '/config', {
			rateLimit: limit + 1,
			rateWindowSeconds: PACE.windowSeconds,
		});
		await admin(env.sandbox, 'POST', '/config', {
			rateLimit: limit,
			rateWindowSeconds: PACE.windowSeconds,
		});
		await admin(env.sandbox, 'POST', '/balance', { balance: 2_000_000_000 });
	};
	try {
		const ours = await measureWorkflow(env, 'benchPacedOurs', {
			runs: 1,
			expectItems: N,
			beforeRun: setLimit,
		});
		// An ideal client sends as fast as the raw client did (keep-alive, one request per item) and waits exactly.
		const perRequestMs = results.broadcast?.rawPerItem
			? results.broadcast.rawPerItem.ms / results.broadcast.N
			: 0;
		const timing = pacedTiming(ours.log ?? [], N, limit, windowMs, perRequestMs);
		const httpNode = await measureWorkflow(env, 'benchPacedHttpNode', {
			runs: 1,
			beforeRun: setLimit,
			allowFailure: true,
		});
		results.paced = {
			N,
			limit,
			windowSeconds: PACE.windowSeconds,
			ours: { ...ours, log: undefined, plan: undefined, ...timing },
			httpNode: { ...httpNode, log: undefined, plan: undefined },
		};
	} finally {
		await admin(env.sandbox, 'POST', '/config', {
			rateLimit: HUGE_RATE_LIMIT,
			rateWindowSeconds: 3600,
		});
	}
}

/**
 * From the request log: time from the first request to the end of the last one, and the minimum the fixed windows
 * force on a client that starts at the same moment (the sandbox's windows are aligned to multiples of their length):
 * `limit` requests a window, so the last request cannot go before the start of window ⌈N/limit⌉ (counting the first).
 * @param {any[]} entries
 * @param {number} N
 * @param {number} limit
 * @param {number} windowMs
 * @param {number} perRequestMs the ideal client's time per request (0: instant)
 */
function pacedTiming(entries, N, limit, windowMs, perRequestMs) {
	if (!entries.length) return { actualMs: NaN, minimumMs: NaN };
	const starts = entries.map((e) => Date.parse(e.time));
	const t0 = Math.min(...starts);
	const end = Math.max(...entries.map((e) => Date.parse(e.time) + e.durationMs));
	const firstWindow = Math.floor(t0 / windowMs);
	const minimumMs = Math.max(0, (firstWindow + Math.ceil(N / limit) - 1) * windowMs - t0);
	// Per window: how late after its opening the first request went out (the wait's overshoot), and how long the
	// requests of the last window took to send.
	/** @type {Map<number, number>} */
	const firstInWindow = new Map();
	for (const start of starts) {
		const w = Math.floor(start / windowMs);
		firstInWindow.set(w, Math.min(firstInWindow.get(w) ?? Infinity, start));
	}
	const later = [...firstInWindow.entries()].filter(([w]) => w !== firstWindow);
	const lateness = later.map(([w, start]) => start - w * windowMs);
	const lastWindow = Math.max(...firstInWindow.keys());
	// The ideal client: starts at t0, sends back to back at perRequestMs, and when a window is used up waits exactly
	// for the next one.
	let t = t0;
	let windowIndex = Math.floor(t0 / windowMs);
	let used = 0;
	for (let sent = 0; sent < N; ) {
		const w = Math.floor(t / windowMs);
		if (w !== windowIndex) {
			windowIndex = w;
			used = 0;
		}
		if (used >= limit) {
			t = (windowIndex + 1) * windowMs;
			continue;
		}
		t += perRequestMs;
		used++;
		sent++;
	}
	return {
		idealMs: t - t0,
		idealPerRequestMs: perRequestMs,
		actualMs: end - t0,
		minimumMs,
		firstRequestOffsetInWindowMs: t0 - firstWindow * windowMs,
		windowsUsed: firstInWindow.size,
		meanWakeLatenessMs: lateness.length ? lateness.reduce((a, b) => a + b, 0) / lateness.length : 0,
		lastWindowSendMs: end - (firstInWindow.get(lastWindow) ?? end),
		lastWindowRequests: starts.filter((start) => Math.floor(start / windowMs) === lastWindow)
			.length,
	};
}

/**
 * @param {any} results
 */
export async function benchTrigger(results) {
	const { Trigger, file } = loadTrigger(ROOT);
	log(`trigger simulation: ${fmtInt(SIZES.events)} events through ${path.relative(ROOT, file)}`);
	const main = await simulateTrigger(Trigger, { events: SIZES.events });
	log(
		`  ${main.polls} polls, ${main.requests} requests, exactly once: ${main.exactlyOnce}, ${main.wallMs.toFixed(0)} ms`,
	);
	const stress = await stressCases(Trigger);
	for (const entry of stress) {
		log(
			`  ${entry.name}: emitted ${entry.result.emitted}/${entry.result.generated}, missing ${entry.result.missing}, duplicates ${entry.result.duplicates}`,
		);
	}
	results.trigger = { main, stress };
}

// The benchmark's report: how the figures in `results` are printed (markdown, one table or paragraph per section, then
// the targets and where the node's time goes). bench/run.mjs prints it and writes it to bench/results/latest.md;
// section 6's lines come from bench/lib/network-section.mjs.
import { PACKAGE_JSON } from '../../scripts/install-package.mjs';
import { fmtBytes, fmtInt, fmtMb, fmtMs, fmtRatio, statusText } from './format.mjs';
import { reportContacts } from './contacts-section.mjs';
import { reportDedupe } from './dedupe-section.mjs';
import { reportMoney } from './money-section.mjs';
import { reportOptedOut } from './optedOut-section.mjs';
import { reportNetwork } from './network-section.mjs';
import { reportTags } from './tags-section.mjs';
import { COMMAND, QUICK, RAW_RUNS, REPEAT, SIZES, TARGETS } from './options.mjs';

/**
 * The whole report, in the order the sections are numbered.
 * @param {any} results
 * @param {any} info
 */
export function report(results, info) {
	return [
		...header(info),
		...broadcastSection(results.broadcast),
		...returnAllSection(results.returnAll),
		...latencySection(results.latency),
		...triggerSection(results.trigger),
		...pacedSection(results.paced),
		...targetsSection(results),
		...reportNetwork(results.network),
		...reportContacts(results.contacts),
		...reportTags(results.tags),
		...reportDedupe(results.dedupe),
		...reportMoney(results.money),
		...reportOptedOut(results.optedOut),
		...profilesSection(results.profiles),
	].join('\n');
}

/** A section's lines and the function that adds one (an empty line by default). */
function collector() {
	/** @type {string[]} */
	const lines = [];
	const push = (/** @type {string} */ line = '') => void lines.push(line);
	return { lines, push };
}

/**
 * Command, machine and method.
 * @param {any} info
 */
function header(info) {
	const { lines, push } = collector();
	const sizeNote = QUICK
		? 'quick sizes (`--quick`), for development: the full run is `npm run bench`'
		: 'full sizes';
	push(`Command: \`${COMMAND}\` (${sizeNote}; ${info.finishedAt})`);
	push();
	push(
		`Machine: ${info.machine.cores} cores, ${info.machine.cpu}, ${info.machine.memoryGiB} GiB, ${info.machine.os}; ` +
			`Node ${info.machine.node}; n8n ${info.n8nVersion}; ${PACKAGE_JSON.name} ${PACKAGE_JSON.version}. ` +
			`Load average (1/5/15 min) at start ${info.machine.loadAtStart.join(' / ')}, at end ${info.loadAtEnd.join(' / ')}.`,
	);
	push();
	push(
		'Sandbox in-process (loopback HTTP); n8n runs are `n8n execute --rawOutput` of generated workflows with the package ' +
			'installed from its packed tarball; requests are counted by the sandbox. "Node time" is the node\'s own ' +
			'`executionTime` from the run data (n8n start-up excluded); the raw client is axios in its own cold process, ' +
			'sequential, one keep-alive connection, replaying the recorded request sequence. Medians of ' +
			`${REPEAT} n8n runs (Combine Items, list item, Return All; 1 run for the others) and ${RAW_RUNS} raw-client runs ` +
			'(3 for the one-per-item requests).',
	);
	push();
	return lines;
}

/**
 * @param {any} b results.broadcast
 */
function broadcastSection(b) {
	const { lines, push } = collector();
	if (b?.error) {
		push(`**1. Broadcast: failed** — ${b.error}`);
		push();
	} else if (b) {
		push(
			`**1. Broadcast to ${fmtInt(b.N)} recipients** (one item per recipient; 5. peak RSS of the n8n process tree)`,
		);
		push();
		push(
			'| Way | Requests | TCP connections | Node time | vs raw client (keep-alive) | vs raw client (new connection per request) | `n8n execute` total | Peak RSS, whole run | Peak RSS, during the node |',
		);
		push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
		const row = (
			/** @type {string} */ name,
			/** @type {any} */ m,
			/** @type {any} */ raw,
			/** @type {any} */ rawNew,
		) =>
			push(
				`| ${name} | ${fmtInt(m.requests)}${m.statuses && Object.keys(m.statuses).some((s) => s !== '200') ? ` (${statusText(m.statuses)})` : ''} | ${fmtInt(m.connections)} | ${fmtMs(m.nodeMs)} | ${fmtRatio(m.nodeMs / raw.ms)} | ${rawNew ? fmtRatio(m.nodeMs / rawNew.ms) : '–'} | ${fmtMs(m.processMs)} | ${fmtMb(m.memory.treeKb)} | ${m.memory.nodeTreeKb ? fmtMb(m.memory.nodeTreeKb) : '–'} |`,
			);
		row(
			'SMS Platform node, Combine Items (batch 100)',
			b.combined,
			b.rawCombined,
			b.rawCombinedNew,
		);
		row('SMS Platform node, one request per item', b.perItem, b.rawPerItem, b.rawPerItemNew);
		row(
			`n8n HTTP Request node, one request per item${b.httpNode.error ? ' (run failed)' : ''}`,
			b.httpNode,
			b.rawPerItem,
			b.rawPerItemNew,
		);
		row(
			`SMS Platform node, ONE item with all ${fmtInt(b.N)} numbers as a list (batch 100)`,
			b.list,
			b.rawList,
			b.rawListNew,
		);
		const rawRow = (
			/** @type {string} */ name,
			/** @type {number} */ requests,
			/** @type {any} */ raw,
			/** @type {any} */ base,
		) =>
			push(
				`| ${name} | ${fmtInt(requests)} | ${raw.newConnections ? fmtInt(requests) : '1'} | ${fmtMs(raw.ms)} | ${fmtRatio(raw.ms / base.ms)} | – | – | – | – |`,
			);
		rawRow(
			`raw axios client, our node's ${fmtInt(b.combined.requests)} combined requests, keep-alive`,
			b.combined.requests,
			b.rawCombined,
			b.rawCombined,
		);
		rawRow(
			"raw axios client, the same requests, a new connection each (like n8n's request helper)",
			b.combined.requests,
			b.rawCombinedNew,
			b.rawCombined,
		);
		rawRow(
			`raw axios client, the ${fmtInt(b.perItem.requests)} one-recipient requests, keep-alive`,
			b.perItem.requests,
			b.rawPerItem,
			b.rawPerItem,
		);
		rawRow(
			'raw axios client, the same requests, a new connection each',
			b.perItem.requests,
			b.rawPerItemNew,
			b.rawPerItem,
		);
		push();
		push(
			`Combine Items: ${fmtInt(b.perItem.requests / Math.max(1, b.combined.requests))}× fewer requests than one request per item, ` +
				`every recipient carried exactly once: ${b.recipientsOk ? 'yes' : '**no**'}; ` +
				`node time ${fmtRatio(b.combined.nodeMs / b.httpNode.nodeMs)} of the HTTP Request node's. ` +
				`n8n runs (node time) with Combine Items: ${b.combined.nodeRuns.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; ` +
				`with the list item: ${b.list.nodeRuns.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; ` +
				`raw client (keep-alive, 100 requests): ${b.rawCombined.all.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}. ` +
				`The Code node making the items took ${fmtMs(b.combined.generatorMs ?? NaN)} (not counted).`,
		);
		push();
	}
	return lines;
}

/**
 * @param {any} r results.returnAll
 */
function returnAllSection(r) {
	const { lines, push } = collector();
	if (r?.error) {
		push(`**2. Return All: failed** — ${r.error}`);
		push();
	} else if (r) {
		push(`**2. Billing history, Return All over ${fmtInt(r.N)} records**`);
		push();
		push(
			'| Way | Requests | TCP connections | Node time | vs raw client (keep-alive) | vs raw client (new connection per request) | `n8n execute` total | Peak RSS, whole run |',
		);
		push('|---|---:|---:|---:|---:|---:|---:|---:|');
		push(
			`| SMS Platform node | ${fmtInt(r.ours.requests)} | ${fmtInt(r.ours.connections)} | ${fmtMs(r.ours.nodeMs)} | ${fmtRatio(r.ours.nodeMs / r.raw.ms)} | ${fmtRatio(r.ours.nodeMs / r.rawNew.ms)} | ${fmtMs(r.ours.processMs)} | ${fmtMb(r.ours.memory.treeKb)} |`,
		);
		push(
			`| raw axios client, the same requests, keep-alive | ${fmtInt(r.ours.requests)} | 1 | ${fmtMs(r.raw.ms)} | 1.00× | – | – | – |`,
		);
		push(
			`| raw axios client, the same requests, a new connection each | ${fmtInt(r.ours.requests)} | ${fmtInt(r.ours.requests)} | ${fmtMs(r.rawNew.ms)} | ${fmtRatio(r.rawNew.ms / r.raw.ms)} | 1.00× | – | – |`,
		);
		push();
		push(
			`n8n runs (node time): ${r.ours.nodeRuns.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; raw client: ` +
				`${r.raw.all.map((/** @type {number} */ ms) => fmtMs(ms)).join(', ')}; items out ${fmtInt(r.ours.items)}, records read by the raw client ${fmtInt(r.raw.records)}.`,
		);
		push();
	}
	return lines;
}

/**
 * @param {any} l results.latency
 */
function latencySection(l) {
	const { lines, push } = collector();
	if (l?.error) {
		push(`**2b. With network latency: failed** — ${l.error}`);
		push();
	} else if (l) {
		push(
			`**2b. The same with ${l.latencyMs} ms added to every answer** (a service across a network instead of loopback; raw client keep-alive; medians of ${Math.min(REPEAT, 3)})`,
		);
		push();
		push('| Scenario | Requests | Node time | Raw client | Node vs raw client |');
		push('|---|---:|---:|---:|---:|');
		const names = /** @type {Record<string, string>} */ ({
			combined: `Broadcast, ${fmtInt(SIZES.recipients)} items, Combine Items`,
			list: `Broadcast, one item with ${fmtInt(SIZES.recipients)} numbers`,
			returnAll: `Return All, ${fmtInt(SIZES.records)} records`,
		});
		for (const key of ['combined', 'list', 'returnAll']) {
			const entry = l[key];
			if (!entry) continue;
			push(
				`| ${names[key]} | ${fmtInt(entry.ours.requests)} | ${fmtMs(entry.ours.nodeMs)} | ${fmtMs(entry.raw.ms)} | ${fmtRatio(entry.ours.nodeMs / entry.raw.ms)} |`,
			);
		}
		push();
	}
	return lines;
}

/**
 * @param {any} t results.trigger
 */
function triggerSection(t) {
	const { lines, push } = collector();
	if (t?.error) {
		push(`**3. Trigger: failed** — ${t.error}`);
		push();
	} else if (t) {
		const m = t.main;
		push(
			`**3. Trigger (New Notification, default options), ${fmtInt(m.generated)} simulated events** (compiled trigger, in-process; a poll every simulated minute)`,
		);
		push();
		push('| Figure | Value |');
		push('|---|---|');
		push(
			`| polls / requests | ${fmtInt(m.polls)} / ${fmtInt(m.requests)} (${(m.requests / (m.generated / 1000)).toFixed(1)} requests per 1,000 events) |`,
		);
		push(
			`| requests per poll, steady state (nothing new) | ${(m.quiet.requests / Math.max(1, m.quiet.polls)).toFixed(2)} average, ${m.quiet.max} max (${fmtInt(m.quiet.polls)} polls) |`,
		);
		push(
			`| requests per poll with events | ${(m.withEvents.requests / Math.max(1, m.withEvents.polls)).toFixed(2)} average, ${m.withEvents.max} max (${fmtInt(m.withEvents.polls)} polls, ${(m.withEvents.events / Math.max(1, m.withEvents.polls)).toFixed(0)} events each on average) |`,
		);
		push(
			`| of which polls with more waiting than Max Events per Poll | ${(m.draining.requests / Math.max(1, m.draining.polls)).toFixed(2)} requests average, ${m.draining.max} max (${fmtInt(m.draining.polls)} polls; largest backlog ${fmtInt(m.maxBacklog)}) |`,
		);
		push(
			`| static data size | ${fmtBytes(m.staticMaxBytes)} max, ${fmtBytes(m.staticFinalBytes)} at the end |`,
		);
		push(
			`| exactly once | ${m.exactlyOnce ? 'yes' : '**no**'}: ${fmtInt(m.emitted)} of ${fmtInt(m.generated)} emitted, ${fmtInt(m.duplicates)} duplicates, ${fmtInt(m.missing)} missing, ${fmtInt(m.spurious)} old ones |`,
		);
		push(`| simulation time | ${fmtMs(m.wallMs)} (${(m.wallMs / m.polls).toFixed(2)} ms a poll) |`);
		push();
		push('Edge cases (same simulation, scripted arrivals, default Max Events per Poll 100):');
		push();
		push('| Case | Emitted | Missing | Duplicates | Requests (polls) | Max static data |');
		push('|---|---:|---:|---:|---:|---:|');
		for (const { name, result: s } of t.stress) {
			push(
				`| ${name} | ${fmtInt(s.emitted)} of ${fmtInt(s.generated)} | ${s.missing ? `**${fmtInt(s.missing)}**` : '0'} | ${s.duplicates ? `**${fmtInt(s.duplicates)}**` : '0'} | ${fmtInt(s.requests)} (${fmtInt(s.polls)}) | ${fmtBytes(s.staticMaxBytes)} |`,
			);
		}
		push();
	}
	return lines;
}

/**
 * @param {any} p results.paced
 */
function pacedSection(p) {
	const { lines, push } = collector();
	if (p?.error) {
		push(`**4. Paced job: failed** — ${p.error}`);
		push();
	} else if (p) {
		push(
			`**4. Paced job: ${fmtInt(p.N)} sends (one request per item) against ${p.limit} requests per ${p.windowSeconds} s**`,
		);
		push();
		push(
			"| Way | Requests made | 429s received | Time (first request → last answer) | Theoretical minimum | vs minimum | Ideal client at the raw client's speed | vs ideal |",
		);
		push('|---|---:|---:|---:|---:|---:|---:|---:|');
		push(
			`| SMS Platform node | ${fmtInt(p.ours.requests)} | ${fmtInt(p.ours.statuses['429'] ?? 0)} | ${fmtMs(p.ours.actualMs)} | ${fmtMs(p.ours.minimumMs)} | ${fmtRatio(p.ours.actualMs / p.ours.minimumMs)} (+${fmtMs(p.ours.actualMs - p.ours.minimumMs)}) | ${p.ours.idealPerRequestMs ? fmtMs(p.ours.idealMs) : '–'} | ${p.ours.idealPerRequestMs ? fmtRatio(p.ours.actualMs / p.ours.idealMs) : '–'} |`,
		);
		const h = p.httpNode;
		push(
			`| n8n HTTP Request node | ${fmtInt(h.requests)} | ${fmtInt(h.statuses['429'] ?? 0)} | ${h.error ? 'run failed' : fmtMs(h.nodeMs)} | – | – | – | – |`,
		);
		push();
		push(
			`Theoretical minimum: the fixed windows let ${p.limit} requests through per window, so the last of ${fmtInt(p.N)} cannot start before ` +
				`window ${Math.ceil(p.N / p.limit)} opens, counted from the first request (which fell ${fmtMs(p.ours.firstRequestOffsetInWindowMs)} into its window). ` +
				`The node used ${p.ours.windowsUsed} windows; after each wait its first request went out ${fmtMs(p.ours.meanWakeLatenessMs)} after the window opened (average; the node sleeps until the reset + 50 ms); ` +
				`the ${fmtInt(p.ours.lastWindowRequests)} requests of the last window took ${fmtMs(p.ours.lastWindowSendMs)} to send, which the minimum counts as zero. ` +
				(p.ours.idealPerRequestMs
					? `The ideal client sends at ${p.ours.idealPerRequestMs.toFixed(2)} ms a request (the raw client's one-per-item replay in section 1) and waits exactly for each window.`
					: 'Run the broadcast section too for the ideal-client figure.'),
		);
		push();
	}
	return lines;
}

/**
 * The targets table over the loopback sections.
 * @param {any} results
 */
function targetsSection(results) {
	const { lines, push } = collector();
	const { broadcast: b, returnAll: r, latency: l, trigger: t, paced: p } = results;
	const checks = [];
	if (b && !b.error) {
		checks.push([
			'Broadcast requests ≤ 100',
			fmtInt(b.combined.requests),
			b.combined.requests <= TARGETS.broadcastRequests,
		]);
		checks.push([
			`Broadcast node time ≤ ${TARGETS.broadcastRatio}× raw client`,
			fmtRatio(b.combined.nodeMs / b.rawCombined.ms),
			b.combined.nodeMs / b.rawCombined.ms <= TARGETS.broadcastRatio,
		]);
	}
	if (r && !r.error)
		checks.push([
			`Return All ≤ ${TARGETS.returnAllRatio}× raw client`,
			fmtRatio(r.ours.nodeMs / r.raw.ms),
			r.ours.nodeMs / r.raw.ms <= TARGETS.returnAllRatio,
		]);
	if (l && !l.error) {
		if (l.combined) {
			const ratio = l.combined.ours.nodeMs / l.combined.raw.ms;
			checks.push([
				`(with ${l.latencyMs} ms latency) broadcast ≤ ${TARGETS.broadcastRatio}× raw client`,
				fmtRatio(ratio),
				ratio <= TARGETS.broadcastRatio,
			]);
		}
		if (l.returnAll) {
			const ratio = l.returnAll.ours.nodeMs / l.returnAll.raw.ms;
			checks.push([
				`(with ${l.latencyMs} ms latency) Return All ≤ ${TARGETS.returnAllRatio}× raw client`,
				fmtRatio(ratio),
				ratio <= TARGETS.returnAllRatio,
			]);
		}
	}
	if (t && !t.error)
		checks.push(['Trigger exactly once', t.main.exactlyOnce ? 'yes' : 'no', t.main.exactlyOnce]);
	if (p && !p.error)
		checks.push([
			'Paced job: 0 × 429',
			fmtInt(p.ours.statuses['429'] ?? 0),
			(p.ours.statuses['429'] ?? 0) === 0,
		]);
	if (checks.length) {
		push('| Target | Result | Met |');
		push('|---|---:|:---:|');
		for (const [name, value, ok] of checks)
			push(`| ${name} | ${value} | ${ok ? 'yes' : '**no**'} |`);
		push();
	}
	return lines;
}

/**
 * Where the node's time goes (the CPU-profiled runs).
 * @param {any} profiles results.profiles
 */
function profilesSection(profiles) {
	const { lines, push } = collector();
	if (profiles) {
		push(
			"**Where the node's time goes** (one extra run each with `node --cpu-prof`, so slower than above; " +
				"the samples within the node's run, by what was running)",
		);
		push();
		for (const [name, prof] of Object.entries(profiles)) {
			if (!prof || prof.error) {
				push(`- ${name}: ${prof?.error ?? 'no samples in our code'}`);
				continue;
			}
			push(
				`- ${name}: node time ${fmtMs(prof.nodeMs)}, profiled span ${fmtMs(prof.spanMs)}, of it ${fmtMs(prof.oursMs)} with our code on the stack. By category:`,
			);
			push(
				`  ${prof.categories
					.filter((/** @type {any} */ c) => c.share >= 0.01)
					.map(
						(/** @type {any} */ c) => `${c.name} ${fmtMs(c.ms)} (${(c.share * 100).toFixed(0)}%)`,
					)
					.join('; ')}.`,
			);
			push();
			push('  | Bucket | Time | Share |');
			push('  |---|---:|---:|');
			for (const bucket of prof.buckets) {
				const inside = bucket.inside?.length
					? `; inside: ${bucket.inside.map((/** @type {any} */ x) => `${x.name} ${fmtMs(x.ms)}`).join(', ')}`
					: '';
				push(
					`  | ${`${bucket.name}${inside}`.replace(/\|/g, '\\|')} | ${fmtMs(bucket.ms)} | ${(bucket.share * 100).toFixed(1)}% |`,
				);
			}
			push();
		}
	}
	return lines;
}

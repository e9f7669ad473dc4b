// Benchmarks of n8n-nodes-sms-platform: figures, not tests. `npm run bench` (full) or `npm run bench -- --quick`;
// every option is in bench/README.md.
//
// One process tree: this process runs the sandbox (sandbox/server.mjs, in-process) and the trigger simulation; it
// starts the pinned n8n (scripts/n8n-runtime.mjs) with this package packed and installed into a temporary user folder
// (scripts/install-package.mjs) for `n8n execute` runs, and the raw-client baseline (bench/lib/raw-client.mjs) as
// child processes. Prints one markdown report and writes it to bench/results/latest.md (+ latest.json).
//
//   1. broadcast to N recipients (one item each): our node with Combine Items, without, n8n's HTTP Request node,
//      and a raw axios client replaying exactly the requests our node made; requests, node time, ratios, peak RSS
//   2. Return All over N billing records: our node vs the raw client replaying its requests (2b: with latency)
//   3. the trigger, in-process: requests per poll, static data size, exactly-once over many simulated events
//   4. a paced job against a low rate limit: 429s and time vs the minimum the rate windows force
//   5. memory: peak RSS of the n8n process tree during the broadcasts (column of table 1)
//   6. network: the same bulk work over HTTPS behind a modelled round trip
//   7. contacts: Create or Update's bulk imports against one request per contact
//   8. tags: Add Tags (100 contacts a request) against one Update per contact
//   8. dedupe: the cost of a Dedupe Key on 1,000 items (jest, bench/dedupe/; no n8n)
//   9. money: the requests of the real service's new lists (issue 42) per 1,000 records, against a wild sandbox
//  10. optedOut: the requests Send's Skip Opted-Out Contacts pays for the contact list at 1,000 and 10,000 contacts
//
// This file sets up and runs the sections. The pieces:
//   lib/options.mjs          the command line (sizes, sections, repeats, targets)
//   lib/harness.mjs          the sandbox's counter and admin calls, raw-client replays, measured and profiled n8n runs
//   lib/scenarios.mjs        sections 1–4: what each runs and measures
//   lib/network-section.mjs  section 6: its runs and its lines of the report
//   lib/report.mjs           the markdown report
//   lib/format.mjs           number formats and the median
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildPackage, installTarball, packPackage } from '../scripts/install-package.mjs';
import {
	createN8n,
	freePort,
	importCredentials,
	importWorkflows,
} from '../scripts/n8n/process.mjs';
import { ensureN8n } from '../scripts/n8n-runtime.mjs';
import { SANDBOX_API_KEY, startSandbox } from '../sandbox/server.mjs';
import {
	admin,
	attachCounter,
	HUGE_RATE_LIMIT,
	machine,
	measureWorkflow,
	rawReplay,
} from './lib/harness.mjs';
import { benchContacts, contactsWorkflows } from './lib/contacts-section.mjs';
import { benchMoney, moneyCredential, moneyWorkflows } from './lib/money-section.mjs';
import { benchOptedOut, optedOutWorkflow } from './lib/optedOut-section.mjs';
import { benchDedupe } from './lib/dedupe-section.mjs';
import { benchNetwork, networkWorkflows } from './lib/network-section.mjs';
import { makeCertificate, startNetwork } from './lib/network.mjs';
import { benchTags } from './lib/tags-section.mjs';
import {
	ALL_SECTIONS,
	KEEP,
	log,
	OUT_FILE,
	QUICK,
	ROOT,
	RTT_MS,
	SECTIONS,
	SIZES,
	SKIP_BUILD,
	SWEEP_RTTS,
} from './lib/options.mjs';
import { report } from './lib/report.mjs';
import {
	benchBroadcast,
	benchLatency,
	benchPaced,
	benchReturnAll,
	benchTrigger,
} from './lib/scenarios.mjs';
import {
	broadcastWorkflow,
	CREDENTIAL,
	NETWORK_CREDENTIAL,
	httpRequestWorkflow,
	listBroadcastWorkflow,
	returnAllWorkflow,
} from './lib/workflows.mjs';

async function main() {
	const started = Date.now();
	const info = {
		machine: machine(),
		n8nVersion: 'not used',
		finishedAt: '',
		loadAtEnd: /** @type {string[]} */ ([]),
	};
	/** @type {any} */
	const results = { sizes: SIZES, quick: QUICK };
	log(
		`${QUICK ? 'quick' : 'full'} run: ${JSON.stringify(SIZES)}; sections ${[...SECTIONS].join(', ')}`,
	);
	const needsN8n = [
		'broadcast',
		'returnAll',
		'latency',
		'paced',
		'network',
		'contacts',
		'tags',
		'money',
		'optedOut',
	].some((s) => SECTIONS.has(s));

	if (!SKIP_BUILD) await buildPackage({ quiet: true });

	/** @type {Array<() => Promise<unknown>>} */
	const cleanups = [];
	try {
		if (SECTIONS.has('trigger')) {
			try {
				await benchTrigger(results);
			} catch (error) {
				log(`trigger section failed: ${/** @type {Error} */ (error).stack}`);
				results.trigger = { error: /** @type {Error} */ (error).message };
			}
		}

		if (SECTIONS.has('dedupe')) {
			try {
				await benchDedupe(results, log);
			} catch (error) {
				log(`dedupe section failed: ${/** @type {Error} */ (error).stack}`);
				results.dedupe = { error: /** @type {Error} */ (error).message };
			}
		}

		if (needsN8n) {
			const paths = await ensureN8n();
			info.n8nVersion = paths.version;
			const packDir = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-pack-'));
			const userFolder = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-n8n-'));
			cleanups.push(async () => {
				rmSync(packDir, { recursive: true, force: true });
				if (KEEP) log(`kept the n8n user folder ${userFolder}`);
				else rmSync(userFolder, { recursive: true, force: true });
			});
			const { tarball } = await packPackage({ destination: packDir });
			await installTarball({ userFolder, tarball });

			const sandbox = await startSandbox({
				port: 0,
				quiet: true,
				rateLimit: HUGE_RATE_LIMIT,
				rateWindowSeconds: 3600,
				seed: false,
			});
			cleanups.push(() => sandbox.close());
			const counter = attachCounter(sandbox);
			log(`sandbox at ${sandbox.url}`);
			// Section "money": a `wild` sandbox of its own (the real server's page sizes), filled by the section.
			const moneySandbox = await startSandbox({
				port: 0,
				quiet: true,
				rateLimit: HUGE_RATE_LIMIT,
				rateWindowSeconds: 3600,
				seed: false,
				profile: 'wild',
			});
			cleanups.push(() => moneySandbox.close());
			const moneyCounter = attachCounter(moneySandbox);

			const certificate = makeCertificate();
			cleanups.push(async () => certificate.remove());
			const network = await startNetwork({
				sandboxPort: Number(new URL(sandbox.url).port),
				rttMs: RTT_MS,
				key: certificate.key,
				cert: certificate.cert,
			});
			cleanups.push(() => network.close());

			const n8n = createN8n({ bin: paths.bin, userFolder, port: await freePort() });
			await importCredentials(n8n, [
				{
					...CREDENTIAL,
					type: 'smsPlatformApi',
					data: { baseUrl: sandbox.url, authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
				},
				{
					...NETWORK_CREDENTIAL,
					type: 'smsPlatformApi',
					data: { baseUrl: network.url, authMethod: 'apiKeyBearer', apiKey: SANDBOX_API_KEY },
				},
				moneyCredential(moneySandbox),
			]);
			await importWorkflows(n8n, [
				broadcastWorkflow('benchBroadcastCombined', SIZES.recipients, { combine: true }),
				broadcastWorkflow('benchBroadcastPerItem', SIZES.recipients, { combine: false }),
				listBroadcastWorkflow('benchBroadcastList', SIZES.recipients),
				httpRequestWorkflow('benchBroadcastHttpNode', SIZES.recipients, sandbox.url),
				returnAllWorkflow('benchReturnAll'),
				broadcastWorkflow('benchPacedOurs', SIZES.paced, { combine: false }),
				httpRequestWorkflow('benchPacedHttpNode', SIZES.paced, sandbox.url),
				...networkWorkflows(SIZES, network.url),
				...contactsWorkflows(SIZES),
				...moneyWorkflows(),
				optedOutWorkflow(),
			]);
			const env = { sandbox, counter, n8n, network, certFile: certificate.certFile };

			for (const [name, fn] of /** @type {const} */ ([
				['broadcast', benchBroadcast],
				['returnAll', benchReturnAll],
				['latency', benchLatency],
				['paced', benchPaced],
				[
					'network',
					(/** @type {any} */ e, /** @type {any} */ r) =>
						benchNetwork(e, r, {
							sizes: SIZES,
							rttMs: RTT_MS,
							sweep: SWEEP_RTTS,
							runs: QUICK ? 1 : 3,
							measureWorkflow,
							rawReplay,
							admin,
							log,
						}),
				],
				[
					'contacts',
					(/** @type {any} */ e, /** @type {any} */ r) =>
						benchContacts(e, r, { sizes: SIZES, measureWorkflow, log }),
				],
				[
					'tags',
					(/** @type {any} */ e, /** @type {any} */ r) =>
						benchTags(e, r, {
							sizes: SIZES,
							apiKey: SANDBOX_API_KEY,
							importWorkflows,
							measureWorkflow,
							log,
						}),
				],
				[
					'money',
					(/** @type {any} */ e, /** @type {any} */ r) =>
						benchMoney({ ...e, sandbox: moneySandbox, counter: moneyCounter }, r, {
							sizes: SIZES,
							measureWorkflow,
							log,
						}),
				],
				[
					'optedOut',
					(/** @type {any} */ e, /** @type {any} */ r) =>
						benchOptedOut({ ...e, sandbox: moneySandbox, counter: moneyCounter }, r, {
							measureWorkflow,
							log,
						}),
				],
			])) {
				if (!SECTIONS.has(name)) continue;
				try {
					await fn(env, results);
				} catch (error) {
					log(`${name} section failed: ${/** @type {Error} */ (error).stack}`);
					results[name] = { error: /** @type {Error} */ (error).message.split('\n')[0] };
				}
			}
		}
	} finally {
		for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
	}

	info.loadAtEnd = os.loadavg().map((l) => l.toFixed(2));
	info.finishedAt = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 1000)} s`;
	const markdown = report(results, info);
	const outFile = OUT_FILE;
	mkdirSync(path.dirname(outFile), { recursive: true });
	writeFileSync(outFile, `${markdown}\n`);
	writeFileSync(
		outFile.replace(/\.md$/, '.json'),
		`${JSON.stringify({ info, results }, null, 2)}\n`,
	);
	process.stdout.write(`${markdown}\n`);
	log(
		`written to ${path.relative(ROOT, outFile)} (and .json) in ${Math.round((Date.now() - started) / 1000)} s`,
	);
	const failed = ALL_SECTIONS.filter((s) => results[s]?.error);
	if (failed.length) {
		log(`sections that failed: ${failed.join(', ')}`);
		process.exitCode = 1;
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});

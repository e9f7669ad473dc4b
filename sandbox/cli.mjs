#!/usr/bin/env node
// Run the sandbox: `node sandbox/cli.mjs [--port N] [--host H] [--quiet]`.
// Environment: SANDBOX_PORT, SANDBOX_HOST, SANDBOX_RATE_LIMIT, SANDBOX_RATE_WINDOW, SANDBOX_PAYMENT_DELAY_MS,
// SANDBOX_DELIVERY_DELAY_MS, SANDBOX_JWT_TTL, SANDBOX_LOW_BALANCE_THRESHOLD, SANDBOX_PROFILE,
// SANDBOX_PAYMENT_STATUS_DELAY_MS.
// The first stdout line is always `SANDBOX_READY <url>`.
import { parseArgs } from 'node:util';
import {
	FAILING_NUMBER,
	FAILING_SUFFIX,
	SANDBOX_API_KEY,
	SANDBOX_EMAIL,
	SANDBOX_PASSWORD,
	startSandbox,
} from './server.mjs';
import { PROFILES } from './wild.mjs';

/**
 * @param {string} name
 * @param {string|undefined} value
 */
function num(name, value) {
	if (value === undefined || value === '') return undefined;
	const n = Number(value);
	if (!Number.isFinite(n)) {
		process.stderr.write(`sandbox: ${name} must be a number, got '${value}'\n`);
		process.exit(2);
	}
	return n;
}

/** @type {{port?: string, host?: string, profile?: string, quiet?: boolean, help?: boolean, 'login-routes-need-login'?: boolean}} */
let args = {};
try {
	args = parseArgs({
		options: {
			port: { type: 'string', short: 'p' },
			host: { type: 'string' },
			profile: { type: 'string' },
			quiet: { type: 'boolean', short: 'q', default: false },
			'login-routes-need-login': { type: 'boolean', default: false },
			help: { type: 'boolean', short: 'h', default: false },
		},
	}).values;
} catch (err) {
	process.stderr.write(`sandbox: ${/** @type {Error} */ (err).message}\n`);
	process.exit(2);
}

if (args.help) {
	process.stdout.write(`Usage: node sandbox/cli.mjs [--port N] [--host H] [--quiet]

Options (environment variable in brackets):
  --port N   port to listen on, 0 = a free port (SANDBOX_PORT, default 4010)
  --host H   address to bind (SANDBOX_HOST, default 127.0.0.1)
  --profile P  documented (as the API reference says), wild (as real servers answer), main (the real
               service's branch main) or demo
             (SANDBOX_PROFILE, default documented)
  --quiet    print only the SANDBOX_READY line
  --login-routes-need-login  refuse an API key on the real server's own routes, as it does (the demo's)
  (SANDBOX_RATE_LIMIT)         requests per window and credential, default 1000
  (SANDBOX_RATE_WINDOW)        window in seconds, default 3600
  (SANDBOX_DELIVERY_DELAY_MS)  sent -> delivered, default 1500
  (SANDBOX_PAYMENT_DELAY_MS)   pending -> completed, default 5000; 0 = only via the admin call
  (SANDBOX_JWT_TTL)            access-token lifetime in seconds, default 3600
  (SANDBOX_LOW_BALANCE_THRESHOLD) low-balance notification threshold, default 100
  (SANDBOX_PAYMENT_STATUS_DELAY_MS) the payment status answers this late, default 0
`);
	process.exit(0);
}

const env = process.env;
const profile = args.profile ?? env.SANDBOX_PROFILE ?? 'documented';
if (!PROFILES.includes(/** @type {any} */ (profile))) {
	process.stderr.write(
		`sandbox: the profile must be one of ${PROFILES.join(', ')}, got '${profile}'\n`,
	);
	process.exit(2);
}
const sandbox = await startSandbox({
	port: num('--port', args.port) ?? num('SANDBOX_PORT', env.SANDBOX_PORT) ?? 4010,
	host: args.host ?? env.SANDBOX_HOST ?? '127.0.0.1',
	rateLimit: num('SANDBOX_RATE_LIMIT', env.SANDBOX_RATE_LIMIT),
	rateWindowSeconds: num('SANDBOX_RATE_WINDOW', env.SANDBOX_RATE_WINDOW),
	paymentDelayMs: num('SANDBOX_PAYMENT_DELAY_MS', env.SANDBOX_PAYMENT_DELAY_MS),
	deliveryDelayMs: num('SANDBOX_DELIVERY_DELAY_MS', env.SANDBOX_DELIVERY_DELAY_MS),
	jwtTtlSeconds: num('SANDBOX_JWT_TTL', env.SANDBOX_JWT_TTL),
	lowBalanceThreshold: num('SANDBOX_LOW_BALANCE_THRESHOLD', env.SANDBOX_LOW_BALANCE_THRESHOLD),
	profile: /** @type {'documented'|'wild'|'main'|'demo'} */ (profile),
	paymentStatusDelayMs: num('SANDBOX_PAYMENT_STATUS_DELAY_MS', env.SANDBOX_PAYMENT_STATUS_DELAY_MS),
	loginRoutesNeedLogin: args['login-routes-need-login'],
	quiet: args.quiet,
}).catch((err) => {
	process.stderr.write(`sandbox: could not start: ${err.message}\n`);
	process.exit(1);
});

process.stdout.write(`SANDBOX_READY ${sandbox.url}\n`);
if (!args.quiet) {
	const c = sandbox.state.config;
	process.stdout.write(
		[
			`SMS Platform sandbox listening on ${sandbox.url}`,
			`  API key:        ${SANDBOX_API_KEY}  (Authorization: Bearer <key> or X-API-Key: <key>)`,
			`  JWT login:      POST ${sandbox.url}/api/auth/login/  email ${SANDBOX_EMAIL}  password ${SANDBOX_PASSWORD}`,
			`  Admin:          ${sandbox.url}/__sandbox/  (no auth; see sandbox/README.md)`,
			`  Failing numbers: ${FAILING_NUMBER} and any number ending in ${FAILING_SUFFIX} (messages to them end as 'failed')`,
			`  Rate limit ${c.rateLimit}/${c.rateWindowSeconds}s, delivery ${c.deliveryDelayMs} ms, payment ${c.paymentDelayMs > 0 ? `${c.paymentDelayMs} ms` : 'admin only'}, JWT TTL ${c.jwtTtlSeconds}s, profile ${c.profile}`,
			'Press Ctrl+C to stop.',
			'',
		].join('\n'),
	);
}

let stopping = false;
/** @param {string} signal */
async function stop(signal) {
	if (stopping) return;
	stopping = true;
	if (!args.quiet) process.stdout.write(`Sandbox stopping (${signal}).\n`);
	await sandbox.close();
	process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

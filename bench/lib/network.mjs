// A network between n8n and the sandbox, as users have it: HTTPS, and a round trip of tens to hundreds of
// milliseconds. Three pieces, all on loopback:
//   client → delay proxy (TCP) → TLS terminator (a certificate made here) → sandbox (plain HTTP)
// The delay proxy delivers every chunk half a round trip late in each direction (order kept: a delay, not a
// bandwidth cap), and holds a new connection's first bytes one more round trip (the TCP handshake a real connection
// pays before it can send). TLS then costs its own round trip through the proxy, as it would across the internet.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/**
 * A self-signed certificate for localhost and 127.0.0.1, made with the openssl CLI. Its file is what n8n (and the
 * raw client) trust, through NODE_EXTRA_CA_CERTS.
 */
export function makeCertificate() {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'sms-bench-tls-'));
	const key = path.join(dir, 'key.pem');
	const cert = path.join(dir, 'cert.pem');
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'ec',
			'-pkeyopt',
			'ec_paramgen_curve:prime256v1',
			'-nodes',
			'-keyout',
			key,
			'-out',
			cert,
			'-days',
			'2',
			'-subj',
			'/CN=localhost',
			'-addext',
			'subjectAltName=DNS:localhost,IP:127.0.0.1',
			'-addext',
			'basicConstraints=critical,CA:TRUE',
		],
		{ stdio: 'ignore' },
	);
	return {
		certFile: cert,
		key: readFileSync(key),
		cert: readFileSync(cert),
		remove: () => rmSync(dir, { recursive: true, force: true }),
	};
}

/**
 * @param {net.Server} server
 * @returns {Promise<number>}
 */
function listen(server) {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () =>
			resolve(/** @type {net.AddressInfo} */ (server.address()).port),
		);
	});
}

/**
 * Pipes `from` into `to`, each chunk delivered `delayMs` after it arrived (the first `firstExtraMs` later still), in
 * order; the end and a close are passed on after the last chunk. One queue a direction, drained by one timer, so
 * nothing overtakes (timers of equal due times may fire in any order).
 * @param {net.Socket} from
 * @param {net.Socket} to
 * @param {number} delayMs
 * @param {number} firstExtraMs
 */
function delayedPipe(from, to, delayMs, firstExtraMs) {
	/** @type {Array<{ due: number, run: () => void }>} */
	const queue = [];
	let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
	let first = true;
	const drain = () => {
		timer = undefined;
		while (queue.length && queue[0].due <= performance.now()) queue.shift()?.run();
		if (queue.length) timer = setTimeout(drain, Math.max(1, queue[0].due - performance.now()));
	};
	const later = (/** @type {() => void} */ run, extra = 0) => {
		const previous = queue.length ? queue[queue.length - 1].due : 0;
		queue.push({ due: Math.max(performance.now() + delayMs + extra, previous), run });
		timer ??= setTimeout(drain, Math.max(1, queue[0].due - performance.now()));
	};
	from.on('data', (chunk) => {
		later(() => !to.destroyed && to.write(chunk), first ? firstExtraMs : 0);
		first = false;
	});
	from.on('end', () => later(() => to.end()));
	from.on('error', () => to.destroy());
	from.on('close', () => later(() => to.destroy()));
}

/**
 * Starts the TLS terminator and the delay proxy in front of the sandbox.
 * @param {{ sandboxPort: number, rttMs: number, key: Buffer, cert: Buffer }} options
 */
export async function startNetwork({ sandboxPort, rttMs, key, cert }) {
	const terminator = tls.createServer({ key, cert }, (secure) => {
		const plain = net.connect(sandboxPort, '127.0.0.1');
		secure.pipe(plain).pipe(secure);
		secure.on('error', () => plain.destroy());
		plain.on('error', () => secure.destroy());
	});
	const tlsPort = await listen(terminator);
	const state = { rttMs, connections: 0 };
	/** @type {Set<net.Socket>} */
	const open = new Set();
	const proxy = net.createServer((client) => {
		state.connections++;
		open.add(client);
		client.on('close', () => open.delete(client));
		client.setNoDelay(true);
		const upstream = net.connect(tlsPort, '127.0.0.1');
		upstream.setNoDelay(true);
		// Client → server: half a round trip, and the handshake's round trip before the first bytes.
		delayedPipe(client, upstream, state.rttMs / 2, state.rttMs);
		delayedPipe(upstream, client, state.rttMs / 2, 0);
	});
	const port = await listen(proxy);
	return {
		url: `https://127.0.0.1:${port}`,
		state,
		/** @param {number} ms */
		setRtt(ms) {
			state.rttMs = ms;
		},
		async close() {
			for (const socket of open) socket.destroy();
			await Promise.all([
				new Promise((resolve) => proxy.close(resolve)),
				new Promise((resolve) => terminator.close(resolve)),
			]);
		},
	};
}

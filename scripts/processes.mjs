// The processes below a process, read from /proc (the demo stops every process it started, and its children's
// children, by these): what each is, whether it is still running, and its name in the user's words.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The processes below `root` (children, their children...), from /proc: pid → { ppid, start time, command line }.
 * Empty where there is no /proc (then only the children this script spawned itself are known).
 * @param {number} root
 * @returns {Map<number, { ppid: number, start: string, cmd: string[] }>}
 */
export function descendants(root) {
	/** @type {Map<number, { ppid: number, start: string, cmd: string[] }>} */
	const all = new Map();
	let entries = [];
	try {
		entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
	} catch {
		return all;
	}
	for (const name of entries) {
		const info = procInfo(Number(name));
		if (info) all.set(Number(name), info);
	}
	const found = new Map();
	const queue = [root];
	while (queue.length) {
		const parent = queue.shift();
		for (const [pid, info] of all) {
			if (info.ppid === parent && !found.has(pid)) {
				found.set(pid, info);
				queue.push(pid);
			}
		}
	}
	return found;
}

/**
 * @param {number} pid
 * @returns {{ ppid: number, start: string, cmd: string[], zombie: boolean } | undefined}
 */
export function procInfo(pid) {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// "pid (comm) state ppid ... starttime ...": comm may hold spaces and parentheses.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		/** @type {string[]} */
		let cmd = [];
		try {
			cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
		} catch {
			// gone meanwhile
		}
		// A process whose main thread has ended shows as a zombie while its other threads still exit (and still hold
		// its ports): it is gone only once it is a zombie of one thread.
		const threads = Number(
			/^Threads:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 1,
		);
		return {
			ppid: Number(fields[1]),
			start: fields[19],
			cmd,
			zombie: fields[0] === 'Z' && threads <= 1,
		};
	} catch {
		return undefined;
	}
}

/**
 * What a process of the demo is, in the user's words.
 * @param {string[]} cmd
 */
export function processName(cmd) {
	const args = cmd.join(' ');
	if (args.includes('sandbox/cli.mjs')) return 'the sandbox';
	if (args.includes('task-runner')) return "n8n's task runner";
	const n8n = cmd.findIndex((arg) => /(^|\/)n8n$/.test(arg));
	if (n8n >= 0) return cmd[n8n + 1] === 'start' ? 'n8n' : `n8n ${cmd[n8n + 1] ?? ''}`.trim();
	if (args.includes('tsc')) return 'tsc --watch';
	// npm shows its command in its title ("npm ci", "npm install", "npm run build"): the project's dependencies, n8n's
	// install and the build, which may all be under way when a stop comes.
	const npm = /(?:^|\/)npm(?:-cli\.js)?\s+(\S+(?:\s+build)?)/.exec(args);
	if (npm) return npm[1] === 'run build' ? 'the build (npm run build)' : `npm ${npm[1]}`;
	if (args.includes('npm')) return 'npm';
	return path.basename(cmd[1] ?? cmd[0] ?? 'a process');
}

#!/usr/bin/env node
// n8n's community-package scanner (@n8n/scan-community-package), run on this checkout before publishing: the same
// two lint legs n8n runs before it verifies a package, with inline `eslint-disable` comments ignored as it does.
//   1. the source: package.json, nodes/ and credentials/ (SOURCE_FILE_PATTERNS);
//   2. the packed tarball: its compiled .js and its package.json.
// The scanner's third check, npm provenance, needs a package published from GitHub Actions (see
// .github/workflows/publish.yml) and cannot run on a local folder. Needs `dist/` (run `npm run build` first).
// Exit code 1 when either leg finds a violation.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	SOURCE_FILE_PATTERNS,
	analyzePackage,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

import { PROJECT_ROOT, packPackage } from './install-package.mjs';

const work = mkdtempSync(path.join(os.tmpdir(), 'sms-platform-scan-'));
try {
	const { tarball } = await packPackage({ destination: work });
	execFileSync('tar', ['-xzf', tarball, '-C', work]);
	const legs = [
		{ name: 'source', result: await analyzePackage(PROJECT_ROOT, SOURCE_FILE_PATTERNS) },
		{
			name: 'tarball',
			result: await analyzePackage(path.join(work, 'package'), ['**/*.js', 'package.json']),
		},
	];
	for (const { name, result } of legs) {
		console.log(
			`${result.passed ? 'ok  ' : 'FAIL'} scanner, ${name}: ${result.message ?? 'no violations'}`,
		);
		if (result.details) console.log(result.details);
	}
	process.exitCode = legs.every((leg) => leg.result.passed) ? 0 : 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}

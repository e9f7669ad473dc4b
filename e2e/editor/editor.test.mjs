// The editor as a user meets it: Debian's chromium, driven by puppeteer-core, against the demo (scripts/demo.mjs)
// started on free ports in a throw-away n8n user folder. Each step writes a screenshot to ui-artifacts/.
//
//   npm run test:ui                          starts its own demo (n8n 2.41.1 from the cache) and stops it after
//   UI_N8N_URL=http://localhost:5678 …       runs against a demo that is already up (npm start)
//
// Chromium is installed with apt-get when missing (root only; CI runs as root).
//
// Every operation of the action node and every event of the trigger is opened in the node panel at n8n's default
// width, with every optional field added: no dropdown offers a dummy option ("(Choose…)"), no section is empty (a
// collection with nothing to add), no label or dropdown description is cut, and each panel is kept as a screenshot
// (ui-artifacts/panel-*.png, ui-artifacts/picker-*.png) for review.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import puppeteer from 'puppeteer-core';

import {
	DEMO_CREDENTIAL_ID,
	DEMO_CREDENTIAL_NAME,
	loadExampleFiles,
} from '../../scripts/examples.mjs';
import { freePort } from '../../scripts/n8n/process.mjs';
import { createApiKey, listExecutions, login } from '../../scripts/n8n/rest.mjs';
import { SANDBOX_API_KEY, SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../../sandbox/server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// The screenshots go to ui-artifacts/ when the test ends. Written there during the run, each one would make the demo's
// n8n reload the nodes (it watches the whole linked project for changes), and the editor reload their types.
const ARTIFACTS = mkdtempSync(path.join(os.tmpdir(), 'sms-platform-ui-artifacts-'));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const OWNER = { email: 'demo@example.com', password: 'Demo-password-1' };

/** @type {import('puppeteer-core').Browser} */
let browser;
/** @type {import('puppeteer-core').Page} */
let page;
let n8nUrl = process.env.UI_N8N_URL ?? '';
let sandboxUrl = process.env.UI_SANDBOX_URL ?? 'http://localhost:4010';
/** @type {import('node:child_process').ChildProcess | undefined} */
let demo;
let userFolder = '';

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `condition` (run in the page) holds, polled at every frame, for up to `timeout` ms; resolves false
 * when it did not. Instead of fixed waits: they cost the same on a fast machine and can be too short on a slow one.
 * @param {string | ((...args: any[]) => unknown)} condition
 * @param {number} timeout
 * @param {unknown[]} args
 */
async function settled(condition, timeout, ...args) {
	try {
		await page.waitForFunction(condition, { polling: 'raf', timeout }, ...args);
		return true;
	} catch {
		return false;
	}
}

// Conditions checked in the page (self-contained: puppeteer sends their source).
/** A dropdown is open: one of its items is visible. */
const DROPDOWN_OPEN = () =>
	[...document.querySelectorAll('.el-select-dropdown__item')].some(
		(item) => /** @type {HTMLElement} */ (item).offsetParent !== null,
	);
/** No dropdown is open, nor closing (its items stay visible while it fades out). */
const NO_DROPDOWN = () =>
	![...document.querySelectorAll('.el-select-dropdown__item')].some(
		(item) => /** @type {HTMLElement} */ (item).offsetParent !== null,
	);
/** The open node panel shows more than `count` fields, all drawn. */
const MORE_FIELDS_THAN = (/** @type {number} */ count) => {
	const ndv = document.querySelector('[data-test-id="ndv"]');
	return (
		(ndv?.querySelectorAll('[data-test-id="parameter-item"]').length ?? 0) > count &&
		!ndv?.textContent?.includes('Loading fields')
	);
};
/** After a click on a collection's "add" button: its list of options is open, or its one option was added. */
const OPTIONS_SHOWN = (/** @type {number} */ count) =>
	[...document.querySelectorAll('.el-select-dropdown__item')].some(
		(item) => /** @type {HTMLElement} */ (item).offsetParent !== null,
	) ||
	document.querySelectorAll('[data-test-id="ndv"] [data-test-id="parameter-item"]').length > count;

function ensureChromium() {
	if (existsSync(CHROMIUM)) return;
	process.stderr.write('[ui] installing chromium with apt-get (first run only)\n');
	execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
	execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
		stdio: 'inherit',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	});
}

/** Starts scripts/demo.mjs on free ports in its own user folder; resolves when it printed that it is ready. */
async function startDemo() {
	const n8nPort = await freePort();
	const sandboxPort = await freePort();
	userFolder = mkdtempSync(path.join(os.tmpdir(), 'sms-platform-ui-'));
	demo = spawn(process.execPath, [path.join(ROOT, 'scripts', 'demo.mjs'), '--reset'], {
		cwd: ROOT,
		env: {
			...process.env,
			N8N_PORT: String(n8nPort),
			SANDBOX_PORT: String(sandboxPort),
			DEMO_USER_FOLDER: userFolder,
			DEMO_WATCH: '0',
			// The demo's "ready in" counts from its own start, not this test's.
			SMS_PLATFORM_STARTED_MS: '',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	demo.stdout?.on('data', (chunk) => (output += chunk));
	demo.stderr?.on('data', (chunk) => (output += chunk));
	const deadline = Date.now() + 8 * 60_000;
	while (!output.includes('Ctrl-C stops')) {
		if (demo.exitCode !== null) throw new Error(`the demo exited:\n${output.slice(-3000)}`);
		if (Date.now() > deadline)
			throw new Error(`the demo was not ready in time:\n${output.slice(-3000)}`);
		await sleep(500);
	}
	n8nUrl = `http://localhost:${n8nPort}`;
	sandboxUrl = `http://localhost:${sandboxPort}`;
}

/** @param {string} name */
async function shot(name) {
	await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), optimizeForSpeed: true });
}

/** Clicks the first visible element matching `selector` whose text includes `text`. */
async function clickText(/** @type {string} */ selector, /** @type {string} */ text) {
	const clicked = await page.$$eval(
		selector,
		(elements, wanted) => {
			const match = elements.find(
				(element) =>
					/** @type {HTMLElement} */ (element).offsetParent !== null &&
					(element.textContent ?? '').includes(wanted),
			);
			if (match) /** @type {HTMLElement} */ (match).click();
			return Boolean(match);
		},
		text,
	);
	assert.ok(clicked, `nothing matching ${selector} with the text "${text}" to click`);
}

/**
 * Enters `text` into an input as one paste-like edit, then leaves the field. Typed key by key, n8n's credential
 * inputs re-render after the first key and lose the rest.
 */
async function fill(/** @type {string} */ selector, /** @type {string} */ text) {
	await page.click(selector, { count: 3 });
	await page.evaluate((value) => document.execCommand('insertText', false, value), text);
	const value = await page.$eval(
		selector,
		(input) => /** @type {HTMLInputElement} */ (input).value,
	);
	assert.equal(value, text, `the field ${selector} holds what was entered`);
	await page.keyboard.press('Tab');
	await sleep(200);
}

/** Opens the modal of a new "SMS Platform API" credential from the credentials page. */
async function newCredential() {
	// The credentials page stays open from one credential to the next (a page load costs 10 to 20 s on CI's machine).
	if (new URL(page.url()).pathname !== '/home/credentials')
		await page.goto(`${n8nUrl}/home/credentials`, { waitUntil: 'domcontentloaded' });
	await page.waitForSelector('[data-test-id="add-resource-credential"]', { visible: true });
	await page.click('[data-test-id="add-resource-credential"]');
	await page.waitForSelector('[data-test-id="new-credential-type-select"] input');
	await page.type('[data-test-id="new-credential-type-select"] input', 'SMS Platform');
	await sleep(800);
	await page.keyboard.press('Enter');
	await sleep(300);
	await page.click('[data-test-id="new-credential-type-button"]');
	await page.waitForSelector('[data-test-id="parameter-input-baseUrl"] input');
}

/** Closes the node panel (NDV) when one is open, and waits until it is gone. */
async function closePanel() {
	const panelShown = () =>
		page.evaluate(() => document.querySelector('[data-test-id="ndv"]')?.checkVisibility() ?? false);
	for (let attempt = 0; attempt < 3; attempt++) {
		if (!(await panelShown())) return;
		// The panel's close button (n8n 2: "ndv-close-button", n8n 1: "back-to-canvas"); Escape closes it only when
		// the focus is not in one of its fields.
		const clicked = await page.evaluate(() => {
			const button = [
				...document.querySelectorAll(
					'[data-test-id="ndv-close-button"], [data-test-id="back-to-canvas"]',
				),
			].find((element) => element.checkVisibility());
			/** @type {HTMLElement | undefined} */ (button)?.click();
			return Boolean(button);
		});
		if (!clicked) await page.keyboard.press('Escape');
		await settled(() => !document.querySelector('[data-test-id="ndv"]')?.checkVisibility(), 3_000);
	}
	assert.ok(!(await panelShown()), 'the node panel closes');
}

/**
 * Opens a workflow and the node panel (NDV) of one of its nodes; resolves when the panel shows that node with all
 * its fields. A workflow already open is not loaded again: its node panels are opened on the same page, one after
 * another (a page load of the editor costs 10 to 20 s on CI's machine, where it was most of each panel's time).
 */
async function openNode(/** @type {string} */ workflowId, /** @type {string} */ nodeName) {
	const where = new URL(page.url()).pathname;
	if (where === `/workflow/${workflowId}` || where.startsWith(`/workflow/${workflowId}/`))
		await closePanel();
	else await page.goto(`${n8nUrl}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
	const selector = `[data-test-id="canvas-node"][data-node-name="${nodeName}"]`;
	await page.waitForSelector(selector, { visible: true });
	await (await page.$(selector))?.click({ count: 2 });
	// This node's panel, its fields drawn (a collection shows "Loading fields..." until its part of the editor loaded).
	await page.waitForFunction(
		(name) => {
			const ndv = document.querySelector('[data-test-id="ndv"]');
			return (
				ndv?.checkVisibility() &&
				ndv.textContent?.includes(name) &&
				ndv.querySelector('[data-test-id="parameter-item"]') &&
				!ndv.textContent.includes('Loading fields')
			);
		},
		{ polling: 'raf' },
		nodeName,
	);
}

/** The nodes as the demo built them (dist/): every resource → operation of the action, every trigger event. */
function nodePanels() {
	const require = createRequire(import.meta.url);
	const { SmsPlatform } = require(path.join(ROOT, 'dist/nodes/SmsPlatform/SmsPlatform.node.js'));
	const { SmsPlatformTrigger } = require(
		path.join(ROOT, 'dist/nodes/SmsPlatform/SmsPlatformTrigger.node.js'),
	);
	/** @type {any[]} */
	const action = new SmsPlatform().description.properties;
	/** @type {any[]} */
	const trigger = new SmsPlatformTrigger().description.properties;
	const panels = [];
	for (const resource of action.find((p) => p.name === 'resource').options) {
		const picker = action.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of picker.options)
			panels.push({
				label: `${resource.name} → ${operation.name}`,
				file: `${resource.value}-${operation.value}`,
				type: 'n8n-nodes-sms-platform.smsPlatform',
				parameters: { resource: resource.value, operation: operation.value },
			});
	}
	for (const event of trigger.find((p) => p.name === 'event').options)
		panels.push({
			label: `Trigger → ${event.name}`,
			file: `trigger-${event.value}`,
			type: 'n8n-nodes-sms-platform.smsPlatformTrigger',
			parameters: { event: event.value },
		});
	return panels;
}

/**
 * A workflow with one node per panel (names: the panel labels), created through n8n's REST API as the owner.
 * @param {ReturnType<typeof nodePanels>} panels
 */
async function panelsWorkflow(panels) {
	const session = await login(n8nUrl, OWNER);
	assert.ok(session, 'the demo owner logs in to the REST API');
	const credentials = { smsPlatformApi: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME } };
	const nodes = panels.map((panel, index) => ({
		id: `panel-${index}`,
		name: panel.label,
		type: panel.type,
		typeVersion: 1,
		position: [(index % 5) * 260, Math.floor(index / 5) * 220],
		parameters: panel.parameters,
		credentials,
	}));
	const workflow = await session.requestOk('POST', '/rest/workflows', {
		name: 'UI test: every panel',
		nodes,
		connections: {},
		settings: {},
		active: false,
	});
	return workflow.id;
}

/** The items of the dropdown that is open now. */
async function openDropdownItems() {
	return await page.$$eval('.el-select-dropdown__item', (items) =>
		items
			.filter((item) => /** @type {HTMLElement} */ (item).offsetParent !== null)
			.map((item) => {
				const description = item.querySelector('.option-description');
				return {
					text: (item.querySelector('.option-headline') ?? item).textContent?.trim() ?? '',
					description: description?.textContent?.trim() ?? '',
					// n8n clamps a description to two lines: what is below them is cut.
					cut: description ? description.scrollHeight > description.clientHeight + 1 : false,
				};
			}),
	);
}

/** Closes the dropdown that is open (Escape there closes only the dropdown, elsewhere the node panel). */
async function closeDropdown() {
	const open = await page.$$eval(
		'.el-select-dropdown__item',
		(items) =>
			items.filter((item) => /** @type {HTMLElement} */ (item).offsetParent !== null).length,
	);
	if (open) await page.keyboard.press('Escape');
	await settled(NO_DROPDOWN, 2_000);
}

/** The label of the parameter an element belongs to. */
async function labelOf(/** @type {import('puppeteer-core').ElementHandle} */ element) {
	return await element.evaluate(
		(node) =>
			node
				.closest('[data-test-id="parameter-item"]')
				?.querySelector('label')
				?.textContent?.trim() ?? '?',
	);
}

/** The number of fields the open node panel shows. */
async function fieldCount() {
	return (await page.$$('[data-test-id="ndv"] [data-test-id="parameter-item"]')).length;
}

/** A field labelled `text` is shown in the open node panel, all drawn. */
const FIELD_SHOWN = (/** @type {string} */ text) => {
	const ndv = document.querySelector('[data-test-id="ndv"]');
	return (
		!ndv?.textContent?.includes('Loading fields') &&
		[...(ndv?.querySelectorAll('[data-test-id="parameter-item"] label') ?? [])].some((label) =>
			label.textContent?.replace(/\s+/g, ' ').trim().startsWith(text),
		)
	);
};

/** Clicks the item of the open dropdown that reads `text`. */
async function pickDropdownItem(/** @type {string} */ text) {
	return await page.evaluate((wanted) => {
		const item = [...document.querySelectorAll('.el-select-dropdown__item')].find(
			(element) =>
				/** @type {HTMLElement} */ (element).offsetParent !== null &&
				((element.querySelector('.option-headline') ?? element).textContent?.trim() ?? '') ===
					wanted,
		);
		/** @type {HTMLElement | undefined} */ (item)?.click();
		return Boolean(item);
	}, text);
}

/** Adds the option `option` of the collection labelled `collection` in the open panel; resolves once it is drawn. */
async function addOption(/** @type {string} */ collection, /** @type {string} */ option) {
	assert.ok(await addFromList(collection, option), `'${option}' is added to '${collection}'`);
}

/** The open panel shows `text` (its white space as the page lays it out). */
const PANEL_SAYS = (/** @type {string} */ text) => {
	const ndv = document.querySelector('[data-test-id="ndv"]');
	const shown = ndv instanceof HTMLElement ? ndv.innerText : '';
	return shown.replace(/\s+/g, ' ').includes(text);
};

/** The open panel does not show `text`. */
const PANEL_LACKS = (/** @type {string} */ text) => {
	const ndv = document.querySelector('[data-test-id="ndv"]');
	const shown = ndv instanceof HTMLElement ? ndv.innerText : '';
	return !shown.replace(/\s+/g, ' ').includes(text);
};

/** The "add" lists of the open panel's collections: n8n 2 marks them `collection-parameter-add`, n8n 1 has only classes. */
const ADDERS =
	'[data-test-id="ndv"] :is([data-test-id="collection-parameter-add"], .collection-parameter .add-option .el-select)';

/**
 * Opens the "add" list of each collection of the open panel not in `known` (with `again`, of each one) and records
 * the options it offers (a collection with one option adds it at once, without a list). Returns the problems found:
 * a new collection with nothing to add. Knowing the options, the sweep does not open a list again only to find it
 * empty (a wait of a second each), except after a switch that may offer more (`again`).
 * @param {Map<string, string[]>} known collection label → the options its list offered
 */
async function findOptions(known, again = false) {
	const problems = [];
	for (const adder of await page.$$(ADDERS)) {
		const name = await labelOf(adder);
		const seen = known.get(name);
		if (seen && !again) continue;
		const before = await fieldCount();
		await adder.click();
		await settled(OPTIONS_SHOWN, seen ? 1_000 : 3_000, before);
		const options = (await openDropdownItems()).map((item) => item.text);
		if (!seen && !options.length && (await fieldCount()) === before)
			problems.push(`the collection "${name}" has nothing to add`);
		known.set(name, [...new Set([...(seen ?? []), ...options])]);
		await closeDropdown();
	}
	return problems;
}

/**
 * Adds `option` from the "add" list of the collection labelled `collection`. Returns whether its field is drawn (false
 * when the panel has no such collection, or its list no such option).
 */
async function addFromList(/** @type {string} */ collection, /** @type {string} */ option) {
	for (const adder of await page.$$(ADDERS)) {
		if ((await labelOf(adder)) !== collection) continue;
		const before = await fieldCount();
		await adder.click();
		await settled(OPTIONS_SHOWN, 3_000, before);
		if (!(await pickDropdownItem(option))) {
			await closeDropdown();
			return false;
		}
		// The field added is drawn and the list gone before the next click.
		const drawn = await settled(FIELD_SHOWN, 3_000, option);
		await settled(NO_DROPDOWN, 2_000);
		return drawn;
	}
	return false;
}

/**
 * Adds every option `known` lists and `added` lacks, one at a time (each re-renders the panel). n8n drops an empty
 * fixed collection (Contact's Attributes) from its collection when any other field changes, and offers it again: so
 * each option is added once, and those dropped on the way are added again at the end, for the checks to see them all.
 * @param {Map<string, string[]>} known
 * @param {Set<string>} added `collection › option` of the options added so far
 */
async function addEveryOption(known, added) {
	for (const [collection, options] of known)
		for (const option of options) {
			if (added.has(`${collection} › ${option}`)) continue;
			await addFromList(collection, option);
			added.add(`${collection} › ${option}`);
		}
	for (const [collection, options] of known)
		for (const option of options)
			if (!(await page.evaluate(FIELD_SHOWN, option))) await addFromList(collection, option);
}

/**
 * Checks the open node panel: every collection (something to add; then all of it added), every dropdown (no dummy
 * option, no cut description), every label (not cut at the panel's width). Returns the problems found.
 */
async function checkPanel(/** @type {string} */ file) {
	/** @type {Map<string, string[]>} */
	const known = new Map();
	const added = new Set();
	const problems = await findOptions(known);
	await addEveryOption(known, added);
	// Switches that show more fields (Wait for Completion, Wait for Delivery) are turned on, and those fields added.
	for (const name of ['waitForCompletion', 'waitForDelivery']) {
		const toggle = await page.$(
			`[data-test-id="ndv"] [data-test-id="parameter-input-${name}"] .el-switch`,
		);
		if (!toggle) continue;
		const before = await fieldCount();
		await toggle.click();
		await settled(MORE_FIELDS_THAN, 3_000, before);
		// What the switch showed: new collections, and new options in the others.
		problems.push(...(await findOptions(known, true)));
		await addEveryOption(known, added);
	}
	const selects = await page.$$eval(
		'[data-test-id="ndv"] [data-test-id^="parameter-input-"]',
		(inputs) =>
			inputs
				.filter(
					(input) =>
						input.querySelector('.el-select, .n8n-select') &&
						!input.closest('[data-test-id="node-settings"]') &&
						/** @type {HTMLElement} */ (input).offsetParent !== null,
				)
				.map((input) => input.getAttribute('data-test-id')),
	);
	for (const testId of selects) {
		if (!testId || /alwaysOutputData|executeOnce|retryOnFail|onError|notes/.test(testId)) continue;
		const select = await page.$(`[data-test-id="ndv"] [data-test-id="${testId}"] .el-select`);
		if (!select) continue;
		await select.click();
		await settled(DROPDOWN_OPEN, 3_000);
		const items = await openDropdownItems();
		const field = testId.replace('parameter-input-', '');
		for (const item of items) {
			if (!item.text || /^\(|choose|select\b/i.test(item.text))
				problems.push(`"${field}" offers the dummy option "${item.text}"`);
			if (item.cut)
				problems.push(`"${field}" → "${item.text}": its description is cut at two lines`);
		}
		if (field === 'operation' || field === 'event')
			await page.screenshot({
				path: path.join(ARTIFACTS, `picker-${file}.png`),
				optimizeForSpeed: true,
			});
		await closeDropdown();
	}
	// A label is measured while the pointer is on its field: n8n then shows the Fixed / Expression switch beside it,
	// which leaves the label less room (that is where "Tenant Service Accoun…" was cut).
	const labels = [];
	for (const item of await page.$$('[data-test-id="ndv"] [data-test-id="parameter-item"]')) {
		if (
			!(await item.evaluate(
				(element) => /** @type {HTMLElement} */ (element).offsetParent !== null,
			))
		)
			continue;
		await item.hover();
		labels.push(
			...(await item.evaluate(async (element) => {
				// Measured after the next two frames: the switch the pointer brings is then laid out.
				await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
				const label = element.querySelector('label');
				if (!label) return [];
				const cut = [label, ...label.querySelectorAll('*')].some((part) => {
					const style = getComputedStyle(part);
					return (
						(style.textOverflow === 'ellipsis' || style.overflow === 'hidden') &&
						part.scrollWidth > part.clientWidth + 1
					);
				});
				return cut
					? [
							label.querySelector('[class*="title"]')?.textContent?.trim() ??
								label.textContent?.trim() ??
								'',
						]
					: [];
			})),
		);
	}
	for (const cut of new Set(labels))
		problems.push(`the label "${cut}" is cut at the panel's width`);
	const text = await page.$eval(
		'[data-test-id="ndv"]',
		(ndv) => /** @type {HTMLElement} */ (ndv).innerText,
	);
	if (/E\.164 format \(\+/.test(text)) problems.push('the E.164 notice is back');
	// With every optional field added, a collection that still says "No properties" has nothing in it.
	if (/No properties/.test(text)) problems.push('a section is empty ("No properties")');
	return problems;
}

before(
	async () => {
		mkdirSync(ARTIFACTS, { recursive: true });
		ensureChromium();
		if (!n8nUrl) await startDemo();
		browser = await puppeteer.launch({
			executablePath: CHROMIUM,
			headless: true,
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
			// A tall window, so that a panel with every optional field fits one screenshot; the panel's width is
			// n8n's default (a fresh browser profile: nothing resized).
			defaultViewport: { width: 1440, height: 1400 },
			userDataDir: mkdtempSync(path.join(os.tmpdir(), 'sms-platform-chromium-')),
		});
		page = await browser.newPage();
		page.setDefaultTimeout(30_000);
		// Leaving a workflow with unsaved edits asks to confirm: the test's edits are throw-away.
		page.on('dialog', (dialog) => void dialog.accept());
		// No CSS transitions or animations: every dropdown, panel and tooltip opens and closes at once. The checks read
		// what is laid out, never how it moves, and each fade-out cost a wait (about a third of the panel sweep's time).
		await page.evaluateOnNewDocument(() => {
			document.addEventListener('DOMContentLoaded', () => {
				const style = document.createElement('style');
				style.textContent =
					'*, *::before, *::after { transition: none !important; animation: none !important; }';
				document.head.append(style);
			});
		});
	},
	{ timeout: 12 * 60_000 },
);

after(async () => {
	await browser?.close();
	if (demo && demo.exitCode === null) {
		demo.kill('SIGTERM');
		await new Promise((resolve) => demo?.once('exit', resolve));
	}
	if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	cpSync(ARTIFACTS, path.join(ROOT, 'ui-artifacts'), { recursive: true });
	rmSync(ARTIFACTS, { recursive: true, force: true });
});

describe('the n8n editor with the SMS Platform nodes', () => {
	test('log in as the demo owner', async () => {
		await page.goto(`${n8nUrl}/signin`, { waitUntil: 'domcontentloaded' });
		await page.waitForSelector('input[name="emailOrLdapLoginId"]', { visible: true });
		await page.type('input[name="emailOrLdapLoginId"]', OWNER.email);
		await page.type('input[name="password"]', OWNER.password);
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForFunction(() => !location.pathname.startsWith('/signin'));
		await sleep(1000);
		await shot('01-signed-in');
	});

	test('nodes panel: the SMS Platform entry is headed by what the app does', async () => {
		await page.goto(`${n8nUrl}/workflow/smsExSendAndStatus`, { waitUntil: 'domcontentloaded' });
		await page.waitForSelector('[data-test-id="canvas-node"][data-node-name="Send SMS"]', {
			visible: true,
		});
		await page.waitForSelector('[data-test-id="node-creator-plus-button"]');
		await sleep(1000);
		await page.click('[data-test-id="node-creator-plus-button"]');
		await sleep(1000);
		await page.keyboard.type('SMS Platform', { delay: 30 });
		await sleep(1500);
		// The first result is the app: Enter opens its details (actions and triggers).
		await page.keyboard.press('Enter');
		// Every operation of the built node is one action (counted from dist/: the count grows with each operation).
		const actions = nodePanels().filter((panel) => !panel.file.startsWith('trigger-')).length;
		await page.waitForFunction(
			(count) => document.body.innerText.includes(`Actions (${count})`),
			{},
			actions,
		);
		// The app's description (the trigger's): one line, as n8n's own entries have.
		const lines = await page.evaluate(() => {
			const element = [...document.querySelectorAll('*')].find(
				(candidate) =>
					candidate.children.length === 0 &&
					candidate.textContent?.trim() === 'Send SMS and take mobile money payments',
			);
			if (!element) return 0;
			const height = element.getBoundingClientRect().height;
			return Math.round(height / parseFloat(getComputedStyle(element).lineHeight));
		});
		assert.equal(lines, 1, 'the app description is shown on one line');
		await shot('02-nodes-panel');
		await page.keyboard.press('Escape');
	});

	test('Send: what, to whom, from whom; no notice under Recipients (its tooltip says how to write numbers)', async () => {
		await openNode('smsExSendAndStatus', 'Send SMS');
		const order = await page.$$eval(
			'[data-test-id="ndv"] [data-test-id="parameter-item"]',
			(items) =>
				items.map((item) => {
					const input = item.querySelector('[data-test-id^="parameter-input-"]');
					if (input) return input.getAttribute('data-test-id')?.replace('parameter-input-', '');
					return (item.textContent ?? '').includes('E.164') ? 'notice' : '';
				}),
		);
		const fields = order.filter((name) =>
			['message', 'recipients', 'notice', 'senderId'].includes(String(name)),
		);
		assert.deepEqual(fields, ['message', 'recipients', 'senderId']);
		const rows = await page.$eval(
			'[data-test-id="parameter-input-recipients"] textarea',
			(textarea) => /** @type {HTMLTextAreaElement} */ (textarea).rows,
		);
		assert.ok(rows >= 2, `Recipients takes several lines (rows ${rows})`);
		await shot('02-send-node-fields');
	});

	test('Initiate Payment: the package is picked from the list by name', async () => {
		await openNode('smsExPartnerOnboard', 'Buy the Basic package');
		await page.click('[data-test-id="rlc-input"]');
		// The list loads through the node's listSearch method (a request to the sandbox).
		await page.waitForFunction(
			() => document.querySelectorAll('[data-test-id="rlc-item"]').length > 1,
		);
		const names = await page.$$eval('[data-test-id="rlc-item"]', (items) =>
			items.map((item) => (item.textContent ?? '').trim()),
		);
		assert.ok(
			names.some((name) => name.startsWith('Business')),
			`packages: ${names.join(' | ')}`,
		);
		await shot('03-package-list');
		await clickText('[data-test-id="rlc-item"]', 'Business');
		await sleep(500);
		const shown = await page.$eval(
			'[data-test-id="rlc-input"]',
			(element) =>
				/** @type {HTMLInputElement} */ (element).value ??
				element.querySelector('input')?.value ??
				'',
		);
		// The price comes before the credits: the picker's width cuts the end.
		assert.match(shown, /^Business · [\d.]+ [A-Z]+ · \d+ credits/);
		await shot('04-package-picked');
	});

	test("Send: the Sender ID is picked from the account's sender IDs (the sandbox's three)", async () => {
		await openNode('smsExContactSignupStop', 'Send welcome SMS');
		await page.click('[data-test-id="parameter-input-senderId"] [data-test-id="rlc-input"]');
		// The list loads through the node's listSearch method: GET /api/messaging/sender-ids/ on the sandbox.
		await page.waitForFunction(
			() => document.querySelectorAll('[data-test-id="rlc-item"]').length >= 3,
		);
		const names = await page.$$eval('[data-test-id="rlc-item"]', (items) =>
			items.map((item) => (item.textContent ?? '').trim()),
		);
		assert.deepEqual(names, ['N8NDEMO', 'N8NOPS', 'Taarifa-SMS']);
		await shot('04b-sender-id-list');
		await page.keyboard.press('Escape');
	});

	for (const [mode, label] of /** @type {const} */ ([
		['apiKeyBearer', 'API Key (Authorization: Bearer)'],
		['apiKeyHeader', 'API Key (X-API-Key Header)'],
		['jwt', 'Email and Password'],
	])) {
		test(`credential "${label}": saved and tested`, async () => {
			await newCredential();
			await fill('[data-test-id="parameter-input-baseUrl"] input', sandboxUrl);
			if (mode !== 'apiKeyBearer') {
				await page.click('[data-test-id="parameter-input-authMethod"]');
				await sleep(300);
				await clickText('[data-test-id="parameter-input-item"], li', label);
				await sleep(300);
			}
			if (mode === 'jwt') {
				await fill('[data-test-id="parameter-input-email"] input', SANDBOX_EMAIL);
				await fill('[data-test-id="parameter-input-password"] input', SANDBOX_PASSWORD);
			} else {
				await fill('[data-test-id="parameter-input-apiKey"] input', SANDBOX_API_KEY);
			}
			await page.click('[data-test-id="credential-save-button"]');
			await page.waitForFunction(
				() => document.body.innerText.includes('Connection tested successfully'),
				{ timeout: 30_000 },
			);
			await shot(`05-credential-${mode}`);
			await page.keyboard.press('Escape');
			await sleep(300);
		});
	}

	test('credential: a Base URL without https:// is refused with what to enter', async () => {
		await newCredential();
		await fill('[data-test-id="parameter-input-baseUrl"] input', 'localhost:4010');
		await fill('[data-test-id="parameter-input-apiKey"] input', SANDBOX_API_KEY);
		await page.click('[data-test-id="credential-save-button"]');
		await page.waitForFunction(
			() =>
				document.body.innerText.includes("Couldn't connect with these settings") ||
				document.body.innerText.includes('Couldn’t connect with these settings'),
		);
		// n8n shows the test's own words under "More details" (a real click: it listens for pointer events).
		const [details] = await page.$$('xpath/.//span[contains(text(), "More details")]');
		assert.ok(details, 'the failed test offers "More details"');
		await details.click();
		await page.waitForFunction(() =>
			document.body.innerText.includes('is not an http:// or https:// address'),
		);
		await shot('05-credential-bad-url');
		await page.keyboard.press('Escape');
		await sleep(300);
	});

	test('the send-and-status example runs, and its output is in the panel', async () => {
		await page.goto(`${n8nUrl}/workflow/smsExSendAndStatus`, { waitUntil: 'domcontentloaded' });
		await page.waitForSelector(
			'[data-test-id="canvas-node"][data-node-name="Get delivery status"]',
			{ visible: true },
		);
		await page.waitForSelector('[data-test-id="execute-workflow-button"]');
		await page.click('[data-test-id="execute-workflow-button"]');
		// The workflow waits a few seconds for the delivery, then reads the status.
		await page.waitForFunction(
			() =>
				document.querySelector(
					'[data-test-id="canvas-node"][data-node-name="Get delivery status"] [data-test-id="canvas-node-status-success"]',
				) !== null,
			{ timeout: 90_000 },
		);
		await shot('06-example-executed');
		const selector = '[data-test-id="canvas-node"][data-node-name="Get delivery status"]';
		await (await page.$(selector))?.click({ count: 2 });
		await page.waitForSelector('[data-test-id="ndv"]');
		// The output is drawn once the panel has loaded it (a fixed second was too short on a busy machine).
		await settled(
			() => /delivered/.test(document.querySelector('[data-test-id="ndv"]')?.textContent ?? ''),
			30_000,
		);
		const text = await page.$eval('[data-test-id="ndv"]', (ndv) => ndv.textContent ?? '');
		assert.match(text, /delivered/);
		assert.match(text, /message_id/);
		await shot('07-example-output');
	});

	test('every example\'s Sender ID shows its value (not an empty "Mode…" picker)', async () => {
		const sends = loadExampleFiles().flatMap(({ workflow }) =>
			workflow.nodes
				.filter(
					(/** @type {any} */ node) =>
						node.type === 'n8n-nodes-sms-platform.smsPlatform' &&
						node.parameters.operation === 'send',
				)
				.map((/** @type {any} */ node) => ({
					workflowId: workflow.id,
					name: node.name,
					sender: node.parameters.senderId.value,
				})),
		);
		assert.ok(sends.length >= 6, `the examples have ${sends.length} Send nodes`);
		for (const { workflowId, name, sender } of sends) {
			await openNode(workflowId, name);
			// The picker's inputs: its mode (From List / By Name) and its value (or the list's cached name).
			const inputs = await page.$$eval(
				'[data-test-id="ndv"] [data-test-id="parameter-input-senderId"] input',
				(elements) =>
					elements.map((input) => ({
						value: /** @type {HTMLInputElement} */ (input).value,
						placeholder: /** @type {HTMLInputElement} */ (input).placeholder,
					})),
			);
			const values = inputs.map((input) => input.value);
			// An expression shows in the expression editor (its text), a value in the picker's input.
			const text = await page.$eval(
				'[data-test-id="ndv"] [data-test-id="parameter-input-senderId"]',
				(element) => element.textContent ?? '',
			);
			assert.ok(
				sender.startsWith('=') ? text.includes(sender.slice(1)) : values.includes(sender),
				`${workflowId} › ${name}: the picker shows ${JSON.stringify(inputs)} ${text}`,
			);
			assert.ok(
				// n8n writes the modes' names in its own case ("From list"): the name is what counts.
				values.some((value) => /^(from list|by name)$/i.test(value)),
				`${workflowId} › ${name}: the picker's mode is shown, not "Mode…": ${JSON.stringify(inputs)}`,
			);
		}
		await shot('07b-example-sender-id');
		await closePanel();
	});

	test("the scheduled example runs with the demo's login credential; its SMS stays `scheduled`", async () => {
		await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
		await page.goto(`${n8nUrl}/workflow/smsExScheduledReminder`, { waitUntil: 'domcontentloaded' });
		const last = '[data-test-id="canvas-node"][data-node-name="Get its status"]';
		await page.waitForSelector(last, { visible: true });
		await page.waitForSelector('[data-test-id="execute-workflow-button"]');
		await page.click('[data-test-id="execute-workflow-button"]');
		await page.waitForFunction(
			(selector) =>
				document.querySelector(`${selector} [data-test-id="canvas-node-status-success"]`) !== null,
			{ timeout: 90_000 },
			last,
		);
		await (await page.$(last))?.click({ count: 2 });
		await page.waitForSelector('[data-test-id="ndv"]');
		await settled(
			() => /scheduled/.test(document.querySelector('[data-test-id="ndv"]')?.textContent ?? ''),
			30_000,
		);
		assert.match(
			await page.$eval('[data-test-id="ndv"]', (ndv) => ndv.textContent ?? ''),
			/scheduled/,
		);
		await shot('07c-scheduled-example-output');
		await closePanel();
		// The send went out on the login's route (an API key cannot schedule), for tomorrow 9:00 in n8n's time zone,
		// which the demo takes from this machine.
		const log = await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json();
		const sends = log.filter((/** @type {any} */ entry) => /\/sms\/send\/$/.test(entry.path));
		assert.deepEqual(
			sends.map((/** @type {any} */ entry) => `${entry.method} ${entry.path} ${entry.status}`),
			['POST /api/messaging/sms/send/ 201'],
		);
		const at = new Date(sends[0].body.schedule_time);
		const zone = process.env.GENERIC_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone;
		const wall = (/** @type {Date} */ date) =>
			new Intl.DateTimeFormat('en-CA', {
				timeZone: zone,
				hourCycle: 'h23',
				year: 'numeric',
				month: '2-digit',
				day: '2-digit',
				hour: '2-digit',
				minute: '2-digit',
			}).format(date);
		const tomorrow = wall(new Date(Date.now() + 24 * 3600_000)).slice(0, 10);
		assert.equal(wall(at), `${tomorrow}, 09:00`);
		const messages = await (await fetch(`${sandboxUrl}/__sandbox/messages`)).json();
		assert.equal(messages.at(-1).status, 'scheduled');
	});

	test("Send with a Dedupe Key: the panel says what the key costs before any run; at 'Dedupe Key Wait (Seconds)' 0 it says nothing and the run does not wait", async (t) => {
		const require = createRequire(import.meta.url);
		/** @type {{ DEDUPE_WAIT_NOTICE: string }} */
		const { DEDUPE_WAIT_NOTICE } = require(
			path.join(ROOT, 'dist/nodes/SmsPlatform/dedupe/fields.js'),
		);
		// A workflow of its own (the store keeps keys per saved workflow), created as panelsWorkflow does.
		const session = await login(n8nUrl, OWNER);
		assert.ok(session, 'the demo owner logs in to the REST API');
		const trigger = 'When clicking ‘Execute workflow’';
		const credentials = {
			smsPlatformApi: { id: DEMO_CREDENTIAL_ID, name: DEMO_CREDENTIAL_NAME },
		};
		const expression = '={{ $json.orderId }}-reminder';
		const workflow = await session.requestOk('POST', '/rest/workflows', {
			name: 'UI test: Dedupe Key notice',
			nodes: [
				{
					id: 'notice-trigger',
					name: trigger,
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'notice-send',
					name: 'Send SMS',
					type: 'n8n-nodes-sms-platform.smsPlatform',
					typeVersion: 1,
					position: [240, 0],
					parameters: {
						resource: 'sms',
						operation: 'send',
						recipients: '+255712345678',
						message: 'Your order has shipped',
						senderId: { __rl: true, mode: 'name', value: 'N8NDEMO' },
						options: {},
					},
					credentials,
				},
				// Saved with their options: a key from an expression (the usual), with and without the wait, and the
				// same notice on Buy Credits.
				...[
					['Send, key from an expression', 'sms', 'send', { dedupeKey: expression }],
					[
						'Send, key from an expression, no wait',
						'sms',
						'send',
						{ dedupeKey: expression, dedupeWait: 0 },
					],
					['Buy credits once a day', 'account', 'buyCredits', { dedupeKey: expression }],
				].map(([name, resource, operation, options], index) => ({
					id: `notice-${index}`,
					name,
					type: 'n8n-nodes-sms-platform.smsPlatform',
					typeVersion: 1,
					position: [240 * index, 240],
					parameters: { resource, operation, options },
					credentials,
				})),
			],
			connections: { [trigger]: { main: [[{ node: 'Send SMS', type: 'main', index: 0 }]] } },
			settings: {},
			active: false,
		});
		await openNode(workflow.id, 'Send SMS');
		assert.ok(!(await page.evaluate(PANEL_SAYS, DEDUPE_WAIT_NOTICE)), 'no notice without a key');

		// A key (new in every run of this test: a demo already up keeps the keys of the last one).
		const key = `order-${Date.now()}-notice`;
		await addOption('Options', 'Dedupe Key');
		await fill(
			'[data-test-id="ndv"] [data-test-id="parameter-input-dedupeKey"] :is(input, textarea)',
			key,
		);
		// Leaving the field (Tab) may open the next one, the options' list: closed for the screenshot.
		await closeDropdown();
		assert.ok(
			await settled(PANEL_SAYS, 5_000, DEDUPE_WAIT_NOTICE),
			'the panel says what the Dedupe Key costs, before any run',
		);
		await shot('08-dedupe-key-notice');
		// The wait added shows its default, 10: the notice stays.
		await addOption('Options', 'Dedupe Key Wait (Seconds)');
		const wait = '[data-test-id="ndv"] [data-test-id="parameter-input-dedupeWait"] input';
		assert.equal(
			await page.$eval(wait, (input) => /** @type {HTMLInputElement} */ (input).value),
			'10',
		);
		assert.ok(await page.evaluate(PANEL_SAYS, DEDUPE_WAIT_NOTICE), 'the notice stays at 10 s');
		await fill(wait, '0');
		await closeDropdown();
		assert.ok(
			await settled(PANEL_LACKS, 5_000, DEDUPE_WAIT_NOTICE),
			"the notice is gone with 'Dedupe Key Wait (Seconds)' at 0",
		);
		await shot('09-dedupe-key-wait-0');

		// Run the node: with the wait at 0 it sends at once.
		const clicked = Date.now();
		await page.click('[data-test-id="ndv"] [data-test-id="node-execute-button"]');
		assert.ok(
			await settled(
				() => /message_id/.test(document.querySelector('[data-test-id="ndv"]')?.textContent ?? ''),
				60_000,
			),
			'the output is in the panel',
		);
		const seen = Date.now() - clicked;
		// The output's table: the first item's cell under 'outcome'.
		const outcome = await page.$eval(
			'[data-test-id="ndv"] [data-test-id="output-panel"] table',
			(table) => {
				const heads = [...(table.querySelector('thead tr')?.children ?? [])];
				const column = heads.findIndex((head) => head.textContent?.trim() === 'outcome');
				const row = table.querySelector('tbody tr');
				return column < 0 ? '' : (row?.children[column]?.textContent?.trim() ?? '');
			},
		);
		assert.equal(outcome, 'sent', "the output's 'outcome' is sent");
		// The output as JSON, for the screenshot to show 'outcome' (the table is wider than the pane): its "JSON" switch.
		await page.evaluate(() => {
			const panel = document.querySelector('[data-test-id="ndv"] [data-test-id="output-panel"]');
			const json = [...(panel?.querySelectorAll('*') ?? [])].find(
				(element) =>
					element.children.length === 0 &&
					element.textContent?.trim() === 'JSON' &&
					element.checkVisibility(),
			);
			/** @type {HTMLElement | undefined} */ (json)?.click();
		});
		await settled(
			() =>
				/"outcome": "sent"/.test(
					document.querySelector('[data-test-id="ndv"] [data-test-id="output-panel"]')
						?.textContent ?? '',
				),
			5_000,
		);
		await shot('10-dedupe-key-run');
		const apiKey = await createApiKey(session, { label: `ui-notice-${Date.now()}` });
		const [execution] = await listExecutions(n8nUrl, apiKey, {
			workflowId: workflow.id,
			includeData: true,
			limit: 1,
		});
		const run = execution?.data?.resultData?.runData?.['Send SMS']?.[0];
		const item = run?.data?.main?.[0]?.[0]?.json;
		assert.equal(item?.outcome, 'sent', JSON.stringify(item));
		assert.equal(item?.dedupeKey, key);
		const total = Date.parse(execution.stoppedAt) - Date.parse(execution.startedAt);
		t.diagnostic(
			`Send with a Dedupe Key at wait 0: node ${run.executionTime} ms, execution ${total} ms, click to output ${seen} ms`,
		);
		// Well under the 10 s the default would have waited.
		assert.ok(run.executionTime < 5_000, `the node ran ${run.executionTime} ms`);
		assert.ok(total < 5_000, `the execution ran ${total} ms`);

		// A key from an expression shows the notice, unless the wait is 0; Buy Credits says the same.
		for (const [name, shown, file] of /** @type {const} */ ([
			['Send, key from an expression', true, '11-dedupe-key-expression'],
			['Send, key from an expression, no wait', false, ''],
			['Buy credits once a day', true, '12-dedupe-key-buy-credits'],
		])) {
			await openNode(workflow.id, name);
			assert.equal(await page.evaluate(PANEL_SAYS, DEDUPE_WAIT_NOTICE), shown, name);
			if (file) await shot(file);
		}
		await closePanel();
	});

	test("every operation and event, in its panel at n8n's default width: no dummy option, no empty section, nothing cut", async (t) => {
		// The nodes as the demo built them (before() has started it): their operations and events, found now.
		const all = nodePanels();
		assert.ok(all.length >= 38 + 4, `the built nodes have ${all.length} operations and events`);
		// UI_PANELS=sms-send,trigger-lowBalance checks only those (the screenshots' names).
		const only = process.env.UI_PANELS?.split(',');
		const panels = only ? all.filter((panel) => only.includes(panel.file)) : all;
		const workflowId = await panelsWorkflow(panels);
		for (const panel of panels) {
			await t.test(panel.label, async () => {
				await openNode(workflowId, panel.label);
				const width = await page.$eval(
					'[data-test-id="ndv"] [data-test-id="parameter-item"]',
					(item) => item.getBoundingClientRect().width,
				);
				// n8n's default main panel (MAIN_NODE_PANEL_WIDTH 390, less its padding): nothing was resized.
				assert.ok(width > 300 && width < 420, `the panel's fields are ${width} px wide`);
				const problems = await checkPanel(panel.file);
				await page.screenshot({
					path: path.join(ARTIFACTS, `panel-${panel.file}.png`),
					optimizeForSpeed: true,
				});
				assert.deepEqual(problems, [], `${panel.label}:\n${problems.join('\n')}`);
				await closePanel();
			});
		}
	});
});

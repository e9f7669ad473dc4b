/**
 * The README's Troubleshooting quotes the node's errors: each quoted title (a bullet that starts with **`…`**) must be
 * what the node says for the case it describes, and each "…" after it a part of that error's description. "…" in a
 * quote stands for any text. A quote without a case here fails, so a new quote comes with the input that makes it.
 */
import nock from 'nock';

import { doc, exampleFiles, examples, readme } from '../support/readme.cjs';
import { BASE_URL, caught, runNode } from '../support/harness';

const SEND = '/api/integration/v1/sms/send/';
const BALANCE = '/api/integration/v1/sms/balance/';
const CONTACT = '/api/messaging/contacts/c-1/';
const send = { resource: 'sms', operation: 'send', message: 'Hello', senderId: 'ACME' };
const getContact = { resource: 'contact', operation: 'get', contactId: 'c-1' };

function netError(code: string, message: string): Error {
	return Object.assign(new Error(message), { code });
}

/** What n8n's SSRF protection throws (@n8n/backend-network's SsrfBlockedIpError), as the request helper passes it on. */
function ssrfBlocked(): Error {
	const error = new Error('The request was blocked because it resolves to a restricted IP address');
	error.name = 'SsrfBlockedIpError';
	return error;
}

/** The error the node gives for each quoted title: the input that makes it. */
const cases: Record<string, () => Promise<unknown>> = {
	'Recipient "12345" is not a usable phone number: … [item 0]': () =>
		runNode({ parameters: { ...send, recipients: '12345' } }),
	'The service did not accept the credential [item 0]': () => {
		nock(BASE_URL).get(BALANCE).reply(401, { detail: 'Invalid API key.' });
		return runNode({ parameters: { resource: 'account', operation: 'getBalance' } });
	},
	'This endpoint does not accept an API key [item 0]': () => {
		nock(BASE_URL)
			.get('/api/messaging/sms/stats/')
			.reply(401, { detail: 'Given token not valid for any token type' })
			.get(BALANCE)
			.reply(200, { success: true, data: { balance: 5, currency: 'credits' } });
		return runNode({ parameters: { resource: 'sms', operation: 'getStats' } });
	},
	'Could not connect to the SMS Platform service at https://… (ECONNREFUSED) [item 0]': () => {
		nock(BASE_URL)
			.get(BALANCE)
			.times(10)
			.replyWithError(netError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:443'));
		return runNode({ parameters: { resource: 'account', operation: 'getBalance' } });
	},
	'The service could not answer [item 0]': () => {
		nock(BASE_URL).post(SEND).reply(503, { detail: 'Service unavailable' });
		return runNode({ parameters: { ...send, recipients: '+255712345678' } });
	},
	'The service has no contact with the ID "c-1" [item 0]': () => {
		nock(BASE_URL).get(CONTACT).reply(404, { detail: 'Not found.' });
		return runNode({ parameters: getContact });
	},
	'The service has no such endpoint: GET /api/… [item 0]': () => {
		nock(BASE_URL)
			.get(CONTACT)
			.reply(404, '<html><head><title>Not Found</title></head><body></body></html>', {
				'Content-Type': 'text/html',
			});
		return runNode({ parameters: getContact });
	},
	'The service has no endpoint for this operation: it has neither … nor … [item 0]': () => {
		nock(BASE_URL).get(BALANCE).reply(404, { detail: 'Not found.' });
		nock(BASE_URL).get('/api/billing/sms/balance/').reply(404, { detail: 'Not found.' });
		return runNode({ parameters: { resource: 'account', operation: 'getBalance' } });
	},
	'n8n blocked the request to …: its SSRF protection does not allow this address [item 0]': () => {
		nock(BASE_URL).post(SEND).replyWithError(ssrfBlocked());
		return runNode({ parameters: { ...send, recipients: '+255712345678' } });
	},
	'The service answered with a web page instead of data [item 0]': () => {
		nock(BASE_URL)
			.get(CONTACT)
			.times(5)
			.reply(200, '<html><head><title>Welcome</title></head><body></body></html>', {
				'Content-Type': 'text/html',
			});
		return runNode({ parameters: getContact });
	},
	"The service's rate limit is used up and resets in … s, longer than the maximum wait of … s [item 0]":
		() => {
			const reset = String(Math.floor(Date.now() / 1000) + 600);
			nock(BASE_URL)
				.get(BALANCE)
				.reply(
					429,
					{ detail: 'Throttled' },
					{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
				);
			return runNode({
				parameters: {
					resource: 'account',
					operation: 'getBalance',
					requestOptions: { maxRateLimitWait: 60 },
				},
			});
		},
};

/** A quote as a pattern: "…" is any text, the rest literal. */
function pattern(quote: string): RegExp {
	const literal = quote
		.split('…')
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('.*');
	return new RegExp(`^${literal}$`, 's');
}

interface Quote {
	title: string;
	descriptionParts: string[];
}

/** The bullets of the README's Troubleshooting section that quote an error title. */
function troubleshootingQuotes(text: string): Quote[] {
	const section = /\n## Troubleshooting\n([\s\S]*?)(\n## |$)/.exec(text)?.[1] ?? '';
	const bullets = section.split(/\n- /).slice(1);
	return bullets
		.map((bullet) => bullet.replace(/\s+/g, ' '))
		.filter((bullet) => bullet.startsWith('**`'))
		.map((bullet) => ({
			title: /^\*\*`([^`]+)`/.exec(bullet)![1],
			// Double quotes outside code spans: parts of the description.
			descriptionParts: [...bullet.replace(/`[^`]*`/g, '').matchAll(/"([^"]+)"/g)].map(
				(match) => match[1],
			),
		}));
}

/** The README quotes the five most common; docs/usage.md all of them, the README's included. */
const inReadme = troubleshootingQuotes(readme());
const inUsage = troubleshootingQuotes(doc('usage.md'));
const quotes = [
	...inReadme,
	...inUsage.filter((quote) => !inReadme.some((other) => other.title === quote.title)),
];

describe("README and docs/usage.md Troubleshooting: the quoted errors are the node's", () => {
	it('quotes the five most common errors in the README and every one in docs/usage.md, each once', () => {
		expect(inReadme.length).toBe(5);
		expect(inUsage.length).toBeGreaterThanOrEqual(10);
		for (const list of [inReadme, inUsage])
			expect(new Set(list.map((quote) => quote.title)).size).toBe(list.length);
		expect(
			inReadme.filter((quote) => !inUsage.some((other) => other.title === quote.title)),
		).toEqual([]);
	});

	it.each(quotes.map((quote) => [quote.title, quote] as const))('%s', async (title, quote) => {
		const run = cases[title];
		if (!run) throw new Error(`No input in test/ux/readme.test.ts makes the README's "${title}"`);
		const error = (await caught(run)) as Error & { description?: string };
		expect(error.message).toMatch(pattern(title));
		for (const part of quote.descriptionParts) {
			expect(error.description ?? '').toMatch(new RegExp(pattern(part).source.slice(1, -1), 's'));
		}
	});
});

describe('README: the examples as the demo imports them', () => {
	const text = readme();
	const section = /\n## Examples\n([\s\S]*?)\n## /.exec(text)?.[1] ?? '';
	const numbers = [
		'no',
		'one',
		'two',
		'three',
		'four',
		'five',
		'six',
		'seven',
		'eight',
		'nine',
		'ten',
		'eleven',
		'twelve',
	];

	it('lists every file of examples/, and no other', () => {
		const listed = [...section.matchAll(/`([\w-]+\.json)`/g)].map((match) => match[1]).sort();
		expect(listed).toEqual(exampleFiles());
	});

	it('"Try it" counts them right', () => {
		expect(text).toContain(
			`the ${numbers[exampleFiles().length]} example workflows of \`examples/\``,
		);
	});
});

describe('the examples: what the editor shows and which credential each node needs', () => {
	const nodes = examples().flatMap(({ file, workflow }) =>
		workflow.nodes.map((node) => ({ file, ...node })),
	);
	const ours = nodes.filter((node) => node.type === 'n8n-nodes-sms-platform.smsPlatform');
	/**
	 * Contacts, sender IDs, buying credits, a scheduled send and a send that skips opted-out contacts: the real
	 * service's own routes, which take only the login.
	 */
	const needsLogin = (parameters: Record<string, unknown>) =>
		['contact', 'senderId'].includes(String(parameters.resource)) ||
		parameters.operation === 'buyCredits' ||
		Boolean((parameters.options as Record<string, unknown> | undefined)?.scheduleTime) ||
		Boolean((parameters.options as Record<string, unknown> | undefined)?.skipOptedOut) ||
		(parameters.senderId as { mode?: string } | undefined)?.mode === 'list';

	it('stores every Sender ID in the picker\'s own shape, so the editor shows its value and not "Mode…"', () => {
		const sends = ours.filter((node) => node.parameters.operation === 'send');
		expect(sends.length).toBeGreaterThanOrEqual(6);
		for (const { file, name, parameters } of sends) {
			const sender = parameters.senderId as Record<string, unknown>;
			expect({ where: `${file} › ${name}`, rl: sender.__rl, value: typeof sender.value }).toEqual({
				where: `${file} › ${name}`,
				rl: true,
				value: 'string',
			});
			expect(['list', 'name']).toContain(sender.mode);
			// From List shows the name it cached; By Name shows the value itself.
			if (sender.mode === 'list') expect(sender.cachedResultName).toBe(sender.value);
		}
	});

	it("uses the demo's login credential in the workflows that need it (one credential a workflow), its API key elsewhere", () => {
		const loginFiles = new Set(
			ours.filter((node) => needsLogin(node.parameters)).map((node) => node.file),
		);
		expect([...loginFiles].sort()).toEqual([
			'campaign-skip-opted-out.json',
			'contact-signup-and-stop.json',
			'form-signup-tag-and-template.json',
			'low-balance-buy-credits.json',
			'scheduled-reminder.json',
			'sender-id-request-and-decision.json',
		]);
		const wrong = ours
			.filter(
				(node) =>
					node.credentials?.smsPlatformApi?.id !==
					(loginFiles.has(node.file) ? 'smsPlatformSandboxLogin' : 'smsPlatformSandbox'),
			)
			.map((node) => `${node.file} › ${node.name}`);
		expect(wrong).toEqual([]);
	});

	it('starts a payment only when its condition holds: every Buy Credits and Initiate Payment follows an If, or a step a person starts', () => {
		// A trigger's test event (or a run by hand) must not start a real mobile-money payment when nothing is wrong.
		for (const { file, workflow } of examples()) {
			const parents = (name: string) =>
				Object.entries(workflow.connections).flatMap(([from, outputs]) =>
					outputs.main.some((list) => (list ?? []).some((link) => link.node === name))
						? [from]
						: [],
				);
			const typeOf = (name: string) => workflow.nodes.find((node) => node.name === name)?.type;
			for (const node of workflow.nodes.filter((n) =>
				['buyCredits', 'initiatePayment'].includes(String(n.parameters.operation)),
			)) {
				const before = parents(node.name).map(typeOf);
				expect({ where: `${file} › ${node.name}`, before }).toEqual({
					where: `${file} › ${node.name}`,
					before: [expect.stringMatching(/\.(if|manualTrigger|smsPlatform)$/)],
				});
			}
		}
	});

	it("tells what the sign-up example's webhooks take: in a sticky note on the workflow and in the README", () => {
		const note = nodes.find(
			(node) =>
				node.file === 'contact-signup-and-stop.json' && node.type === 'n8n-nodes-base.stickyNote',
		);
		const bodies = [
			'{"name": "Amina Juma", "phone": "+255712345678", "email": "amina@example.com"}',
			'{"from": "+255712345678", "text": "STOP"}',
		];
		for (const body of bodies) {
			expect(String(note?.parameters.content)).toContain(body);
			expect(readme()).toContain(body);
		}
		// The bodies carry what the workflow's expressions read.
		const read = nodes
			.filter((node) => node.file === 'contact-signup-and-stop.json')
			.flatMap((node) => [...JSON.stringify(node.parameters).matchAll(/\$json\.body\.(\w+)/g)])
			.map((match) => match[1]);
		expect([...new Set(read)].sort()).toEqual(['email', 'from', 'name', 'phone', 'text']);
	});
});

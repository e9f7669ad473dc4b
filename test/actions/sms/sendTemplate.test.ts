import nock from 'nock';

import { prepare } from '../../../nodes/SmsPlatform/actions/sms/prepare';
import { refusalOf } from '../../../nodes/SmsPlatform/actions/sms/sendRequests';
import { endpoints } from '../../../nodes/SmsPlatform/endpoints';
import { actionContext, BASE_URL, caught, runNode } from '../../support/harness';

/** SMS → Send with Source → Template: the node fills {{name}} per item and sends the text. */

const SEND = '/api/integration/v1/sms/send/';
const LIST = '/api/messaging/templates/';
const ID = '3f2b8c1e-9a7d-4c1e-8b2f-5d6e7f8a9b0c';
const BODY = 'Habari {{first_name}}, order {{ order_id }} is ready.';
const list = (templates: object[]) => ({
	count: templates.length,
	next: null,
	previous: null,
	results: { templates, filter_options: {}, total_count: templates.length },
});
const template = (body = BODY, id = ID) => ({ id, name: 'Order ready', preview_text: body });
const params = {
	resource: 'sms',
	operation: 'send',
	source: 'template',
	templateId: { __rl: true, mode: 'list', value: ID },
	templateVariables: {
		values: [
			{ name: 'first_name', value: '={{ $json.name }}' },
			{ name: 'order_id', value: '={{ $json.order }}' },
		],
	},
	recipients: '={{ $json.to }}',
	senderId: 'MYSHOP',
};
const sent = (id: string) => ({ success: true, message_id: id, status: 'sent' });

afterEach(() => nock.cleanAll());

describe('sms.send from a template', () => {
	it('reads the template once for the run, fills it per item and counts the filled text', async () => {
		const scope = nock(BASE_URL)
			.get(LIST)
			.query({ page: 1, page_size: 100 })
			.once()
			.reply(200, list([template()]))
			.post(SEND, {
				message: 'Habari Amina, order 1042 is ready.',
				recipients: ['+255712000001'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent('m1'))
			.post(SEND, {
				message: 'Habari Juma, order 1043 is ready.',
				recipients: ['+255712000002'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent('m2'));
		const { output } = await runNode({
			parameters: params,
			items: [
				{ name: 'Amina', order: 1042, to: '+255712000001' },
				{ name: 'Juma', order: '1043', to: '+255712000002' },
			],
		});
		expect(
			output.map((item) => [item.json.message_id, item.json.smsParts, item.json.outcome]),
		).toEqual([
			['m1', 1, 'sent'],
			['m2', 1, 'sent'],
		]);
		scope.done();
	});

	it('with Combine Items, items whose filled texts are equal share one request', async () => {
		const scope = nock(BASE_URL)
			.get(LIST)
			.query(true)
			.reply(200, list([template()]))
			.post(SEND, {
				message: 'Habari Amina, order 7 is ready.',
				recipients: ['+255712000001', '+255712000002'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent('m1'))
			.post(SEND, {
				message: 'Habari Juma, order 7 is ready.',
				recipients: ['+255712000003'],
				sender_id: 'MYSHOP',
			})
			.reply(200, sent('m2'));
		const { output } = await runNode({
			parameters: { ...params, options: { combineItems: true } },
			items: [
				{ name: 'Amina', order: 7, to: '+255712000001' },
				{ name: 'Amina', order: 7, to: '+255712000002' },
				{ name: 'Juma', order: 7, to: '+255712000003' },
			],
		});
		expect(output.map((item) => item.json.message_id)).toEqual(['m1', 'm1', 'm2']);
		scope.done();
	});

	it('a variable without a value fails its item before any request, naming it; the others are sent', async () => {
		const scope = nock(BASE_URL)
			.get(LIST)
			.query(true)
			.reply(200, list([template()]))
			.post(SEND, (body: { message: string }) => body.message === 'Habari Juma, order 2 is ready.')
			.reply(200, sent('m2'));
		const { output } = await runNode({
			parameters: params,
			items: [
				{ name: '', order: 1, to: '+255712000001' },
				{ name: 'Juma', order: 2, to: '+255712000002' },
			],
			continueOnFail: true,
		});
		expect(output[0].json).toMatchObject({
			error: `Template variable 'first_name' of "Order ready" has no value [item 0]`,
			outcome: 'notSent',
		});
		expect(output[0].json.description).toMatch(/^Add it under 'Template Variables'/);
		expect(output[1].json.message_id).toBe('m2');
		scope.done();
	});

	it('two variables without a value are both named', async () => {
		nock(BASE_URL)
			.get(LIST)
			.query(true)
			.reply(200, list([template()]));
		const error = await caught(() =>
			runNode({
				parameters: { ...params, templateVariables: {} },
				items: [{ to: '+255712000001' }],
			}),
		);
		expect(error.message).toBe(
			`Template variables 'first_name', 'order_id' of "Order ready" have no value [item 0]`,
		);
		expect(error.description).toMatch(/^Add them under 'Template Variables'/);
	});

	it('an unfilled variable stops the run before any SMS request (without Continue On Fail)', async () => {
		const scope = nock(BASE_URL)
			.get(LIST)
			.query(true)
			.reply(200, list([template()]));
		const error = await caught(() =>
			runNode({
				parameters: {
					...params,
					templateVariables: { values: [{ name: 'first_name', value: 'A' }] },
				},
				items: [{ to: '+255712000001' }],
			}),
		);
		expect(error.message).toBe(
			`Template variable 'order_id' of "Order ready" has no value [item 0]`,
		);
		scope.done();
	});

	it('a variable the template does not have fails the item before any request, naming it and the ones it has', async () => {
		const scope = nock(BASE_URL)
			.get(LIST)
			.query(true)
			.reply(200, list([template()]));
		const error = await caught(() =>
			runNode({
				parameters: {
					...params,
					templateVariables: {
						values: [
							{ name: 'first_name', value: 'A' },
							{ name: 'order_id', value: '7' },
							{ name: 'firstname', value: 'A' },
						],
					},
				},
				items: [{ to: '+255712000001' }],
			}),
		);
		expect(error.message).toBe(`Template "Order ready" has no variable 'firstname' [item 0]`);
		expect(error.description).toBe(
			"Its variables: 'first_name', 'order_id'. Fix the name under 'Template Variables', or remove it. Nothing was sent for this item.",
		);
		scope.done();
	});

	it('a template the service does not have, or whose body is cut, fails the item naming it', async () => {
		nock(BASE_URL)
			.get(LIST)
			.query(true)
			.times(2)
			.reply(200, list([template(`${'x'.repeat(100)}...`)]));
		const cut = await caught(() =>
			runNode({ parameters: params, items: [{ to: '+255712000001' }] }),
		);
		expect(cut.message).toBe(
			'The template "Order ready" is longer than the 100 characters the service shows of it [item 0]',
		);
		const missing = await caught(() =>
			runNode({
				parameters: { ...params, templateId: 'aaaaaaaa-0000-4000-8000-000000000000' },
				items: [{ to: '+255712000001' }],
			}),
		);
		expect(missing.message).toBe(
			'The service has no template with the ID "aaaaaaaa-0000-4000-8000-000000000000" [item 0]',
		);
	});

	it('the filled text is checked as any text: its parts counted, the ASCII-only route’s rule applied', () => {
		const { login } = endpoints.sendSms();
		const book = {
			found: new Map([[ID, { id: ID, name: 'T', body_text: 'Karibu {{who}} – {{x}}' }]]),
		};
		const ctx = actionContext(
			{
				...params,
				templateVariables: {
					values: [
						{ name: 'who', value: 'Zoë' },
						{ name: 'x', value: 'y'.repeat(70) },
					],
				},
			},
			[{ to: '+255712000001' }],
		);
		const item = prepare(ctx, 0, undefined, book);
		expect(item.message).toBe(`Karibu Zoë – ${'y'.repeat(70)}`);
		expect([item.encoding, item.smsParts]).toEqual(['UCS-2', 2]);
		expect(refusalOf(ctx, login, item)?.message).toBe(
			"'Message' has characters the send route does not take: 'ë' at position 10, '–' at position 12",
		);
	});
});

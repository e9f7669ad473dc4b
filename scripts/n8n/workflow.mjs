// Building n8n workflows in code, for the end-to-end tests and the benchmark.

/**
 * A workflow whose nodes run one after the other, in the order given (n8n's v1 execution order).
 * @param {string} id
 * @param {string} name
 * @param {Array<Record<string, any>>} nodes
 */
export function chain(id, name, nodes) {
	/** @type {Record<string, unknown>} */
	const connections = {};
	for (let index = 0; index < nodes.length - 1; index++) {
		connections[nodes[index].name] = {
			main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
		};
	}
	return {
		id,
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

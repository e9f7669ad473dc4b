// A tiny router: static paths in a Map, templated paths (`/x/{id}/y/`) as regular expressions over the raw
// (still URL-encoded) path, so an encoded `/` (%2F) stays inside its segment. Parameters are decoded after
// matching.

/**
 * @template H
 * @typedef {{handler: H, template: string, auth: boolean}} Route
 */

/** @template H */
export class Router {
	constructor() {
		/** @type {Map<string, Map<string, Route<H>>>} path → method → route */
		this.static = new Map();
		/** @type {Array<{template: string, regex: RegExp, names: string[], methods: Map<string, Route<H>>}>} */
		this.dynamic = [];
	}

	/**
	 * @param {string} method
	 * @param {string} template
	 * @param {H} handler
	 * @param {boolean} [auth]
	 */
	add(method, template, handler, auth = true) {
		const route = { handler, template, auth };
		if (!template.includes('{')) {
			let m = this.static.get(template);
			if (!m) this.static.set(template, (m = new Map()));
			m.set(method, route);
			return this;
		}
		let entry = this.dynamic.find((d) => d.template === template);
		if (!entry) {
			/** @type {string[]} */
			const names = [];
			const source = template
				.split(/(\{[a-z_]+\})/)
				.map((part) => {
					const m = /^\{([a-z_]+)\}$/.exec(part);
					if (m) {
						names.push(m[1]);
						return '([^/]+)';
					}
					return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				})
				.join('');
			entry = { template, regex: new RegExp(`^${source}$`), names, methods: new Map() };
			this.dynamic.push(entry);
		}
		entry.methods.set(method, route);
		return this;
	}

	/**
	 * @param {string} method
	 * @param {string} path raw request path without the query
	 * @returns {{route: Route<H>, params: Record<string, string>} | {allowed: string[]} | null}
	 *   a match, a 405 (path known, method not) or null (404)
	 */
	match(method, path) {
		const s = this.static.get(path);
		if (s) {
			const route = s.get(method);
			return route ? { route, params: {} } : { allowed: [...s.keys()] };
		}
		for (const d of this.dynamic) {
			const m = d.regex.exec(path);
			if (!m) continue;
			/** @type {Record<string, string>} */
			const params = {};
			try {
				for (let i = 0; i < d.names.length; i++) params[d.names[i]] = decodeURIComponent(m[i + 1]);
			} catch {
				return null;
			}
			const route = d.methods.get(method);
			return route ? { route, params } : { allowed: [...d.methods.keys()] };
		}
		return null;
	}
}

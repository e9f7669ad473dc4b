// Which routes each profile serves: `documented` the API reference's and nothing else; `wild` (as the real service's
// code answers on its branch `backend_testing`) and `demo` (both families, for people trying the nodes) the real
// server's routes too; `main` (that code's branch `main`) the real server's routes that branch has, with its answers.
import { REAL_SERVER_ROUTES, REFERENCE_ROUTES } from './api.mjs';
import { MAIN_HANDLERS, mainHasRoute } from './mainBranch.mjs';
import { Router } from './router.mjs';

/** @typedef {import('./api.mjs').Ctx} Ctx */
/** @typedef {import('./api.mjs').Result} Result */

/** @type {Router<(ctx: Ctx) => Result>} */
const referenceRouter = new Router();
/** @type {Router<(ctx: Ctx) => Result>} */
const fullRouter = new Router();
/** @type {Router<(ctx: Ctx) => Result>} */
const mainRouter = new Router();
for (const [method, template, handler, auth] of REFERENCE_ROUTES) {
	referenceRouter.add(method, template, handler, auth);
	fullRouter.add(method, template, handler, auth);
}
for (const [method, template, handler, auth] of REAL_SERVER_ROUTES)
	fullRouter.add(method, template, handler, auth);
for (const [method, template, handler, auth] of [...REFERENCE_ROUTES, ...REAL_SERVER_ROUTES]) {
	if (mainHasRoute(template))
		mainRouter.add(method, template, MAIN_HANDLERS[`${method} ${template}`] ?? handler, auth);
}

/**
 * Whether a route is one of the API reference's (either credential), not one of the real server's own (login only).
 * @param {string} method
 * @param {string} path
 */
export function isReferenceRoute(method, path) {
	const m = referenceRouter.match(method, path);
	return m !== null && !('allowed' in m);
}

/**
 * The routes a profile serves.
 * @param {string} profile
 */
export function routerFor(profile) {
	if (profile === 'documented') return referenceRouter;
	return profile === 'main' ? mainRouter : fullRouter;
}

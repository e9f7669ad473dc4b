// Which routes each profile serves: `documented` the API reference's and nothing else; `wild` (as the real service's
// code answers) and `demo` (both families, for people trying the nodes) the real server's routes too.
import { REAL_SERVER_ROUTES, REFERENCE_ROUTES } from './api.mjs';
import { Router } from './router.mjs';

/**
 * The `documented` profile's routes (the API reference's only), and the others' (the real server's too).
 * @type {Router<(ctx: import('./api.mjs').Ctx) => import('./api.mjs').Result>}
 */
const referenceRouter = new Router();
/** @type {Router<(ctx: import('./api.mjs').Ctx) => import('./api.mjs').Result>} */
const fullRouter = new Router();
for (const [method, template, handler, auth] of REFERENCE_ROUTES) {
	referenceRouter.add(method, template, handler, auth);
	fullRouter.add(method, template, handler, auth);
}
for (const [method, template, handler, auth] of REAL_SERVER_ROUTES)
	fullRouter.add(method, template, handler, auth);

/**
 * The routes a profile serves.
 * @param {string} profile
 */
export function routerFor(profile) {
	return profile === 'documented' ? referenceRouter : fullRouter;
}

import { DEFAULT_SETTINGS, type RequestSettings } from './defaults';
import { sessionOf, type ApiContext } from './session';

/** Each request's settings: its own, else its item's Request Options (handed over by the router), over the defaults. */

/** The router hands over an item's Request Options: every request made for that item uses them (see settingsOf). */
export function useRequestOptions(
	ctx: ApiContext,
	itemIndex: number,
	settings: Partial<RequestSettings>,
): void {
	sessionOf(ctx).itemSettings.set(itemIndex, settings);
}

/**
 * The settings of one request, merged in one place: the request's own, else its item's Request Options, over the
 * defaults (a slow endpoint's longer timeout included, see settingsFor).
 */
export function settingsOf(
	ctx: ApiContext,
	req: { slow?: boolean; itemIndex?: number; settings?: Partial<RequestSettings> },
): RequestSettings {
	const ofItem =
		req.itemIndex === undefined ? undefined : sessionOf(ctx).itemSettings.get(req.itemIndex);
	return settingsFor(req.slow, req.settings ?? ofItem);
}

/** The settings of one request: its own values over the defaults; a slow route gets a longer default timeout. */
export function settingsFor(
	slow: boolean | undefined,
	own: Partial<RequestSettings> = {},
): RequestSettings {
	const { slowTimeoutMs, ...settings } = DEFAULT_SETTINGS;
	if (slow) settings.timeoutMs = slowTimeoutMs;
	for (const [key, value] of Object.entries(own)) {
		if (value !== undefined) settings[key as keyof RequestSettings] = value;
	}
	return settings;
}

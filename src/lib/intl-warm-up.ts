/**
 * The first Intl formatter a page builds loads the engine's locale and time-zone data: ~15 ms
 * on this machine, ~60 ms on a mid-range phone (CPU 4x), and every later formatter, any zone,
 * costs well under 1 ms. An app page builds its first one as it renders its data, so that load
 * sat between the data's arrival and its paint. This inline script in the app page's <head>
 * builds a date formatter (with a time zone) and a number formatter, each in a task of its own,
 * as soon as the parser lets them run: on a slow network while the render-blocking stylesheet
 * is still downloading. Not after the prerendered frame's paint: there the load is a long task
 * of its own between that frame and the app, which Lighthouse counts in its TBT.
 *
 * In the <head> of the app page (vite-plugin-site); the server hashes it for its CSP. Any failure
 * is ignored: the app then simply builds its formatters cold, as without this script.
 */
export const INTL_WARM_UP_SCRIPT = `(function(){if(typeof Intl!=="object")return;var w=[function(){new Intl.DateTimeFormat("en-US",{timeZone:"UTC",hour:"numeric"}).format(0)},function(){new Intl.NumberFormat("en-US").format(0)}];function n(){var f=w.shift();if(f)setTimeout(function(){try{f()}catch(e){}n()},0)}n()})()`;

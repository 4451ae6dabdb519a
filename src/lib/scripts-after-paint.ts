/**
 * An app page whose prerendered first frame is its content (`scriptsAfterPaint` in app-pages.ts:
 * Reports, its reports and periods) starts its scripts only once that frame has painted. From
 * the <head>, the entry and its preloads (~110 KB gzip) download alongside the render-blocking
 * stylesheet (11 KB): over HTTP/1.1 on a slow network they share its bandwidth, and the frame,
 * which needs only the stylesheet, waits for them too. So the build moves those tags into an
 * inert <template> after the frame (scripts/prerender.ts), and this inline script copies them
 * into the <head> in the task after the first frame, where the browser fetches and runs them as
 * it would have. Reports, network and CPU slowed in Chromium: first paint 900 -> 628 ms. The app
 * then starts a round trip later, so a page whose content is its data keeps its scripts in the
 * <head> (the dashboard's figures came 1,616 -> 1,797 ms). Taps and choices made before the app
 * runs are replayed (early-input.ts).
 *
 * A hidden tab paints no frames: there, and where frames cannot be asked for, the scripts start
 * at once. The server hashes this script for its CSP; the scripts it adds are this origin's.
 */
export const SCRIPTS_TEMPLATE_ID = 'app-scripts';

export const SCRIPTS_AFTER_PAINT = `(function(){var t=document.getElementById("${SCRIPTS_TEMPLATE_ID}"),s=0;if(!t||!t.content)return;function go(){if(s)return;s=1;document.head.appendChild(t.content.cloneNode(true))}if(document.visibilityState==="hidden"||typeof requestAnimationFrame!=="function")go();else{requestAnimationFrame(function(){setTimeout(go,0)});document.addEventListener("visibilitychange",go)}})()`;

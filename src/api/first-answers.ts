import { FIRST_ANSWERS_PATH, SESSION_ENDED_HEADER } from './contract';
import { FIRST_ANSWERS_GLOBAL, REQUEST_TIMEOUT_MS } from './query-fn';
import { SIGN_OUT_PENDING_KEY } from '../lib/storage-keys';

/** A first answer is taken only this long after the page opened; later the app asks anew. */
export const FIRST_ANSWER_MAX_AGE_MS = 30_000;

/** The batch request of a page's first answers: one `path` parameter per URL. */
export function firstAnswersUrl(urls: readonly string[]): string {
  return `${FIRST_ANSWERS_PATH}?${urls.map((url) => `path=${encodeURIComponent(url)}`).join('&')}`;
}

/**
 * The inline script of an app page's head: as the page parses, it asks /api/first-answers for
 * every request the page's first frame makes (one request instead of ten, while the scripts
 * download), and leaves `window.cgFirstAnswers(url)` for fetchJson (src/api/query-fn.ts). That
 * gives each URL's answer once, as a Response, within 30 s of the page's start; null when the
 * batch has none for the URL, was refused or was not JSON (the app then asks alone); a rejection
 * when the server could not be reached, as the app's own fetch would. A URL asked again (a
 * refetch, a retry after that rejection) gets null: the app asks the server. Nothing is asked
 * while a sign-out made offline has not reached the server (src/api/pending-sign-out.ts): those
 * requests would carry the session being ended. In the page's head, so none of this is in the
 * first load's JavaScript; the server hashes it for its CSP.
 */
export function firstAnswersScript(urls: readonly string[]): string {
  // `<` escaped so that no URL can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(function(){try{if(localStorage.getItem(${json(SIGN_OUT_PENDING_KEY)})!==null)return}catch(e){}` +
    `var t=performance.now(),d={},p=fetch(${json(firstAnswersUrl(urls))},{credentials:"include",` +
    `headers:{Accept:"application/json"},signal:AbortSignal.timeout(${REQUEST_TIMEOUT_MS})})` +
    `.then(function(r){return r.ok?r.json().then(function(b){return b&&b.answers},function(){}):null});` +
    // Read by the app's requests; unread (the app never started), it is no error of the page's.
    `p.catch(function(){});` +
    // Each URL once, whatever came of it: a retry after a failure asks the server itself.
    `window.${FIRST_ANSWERS_GLOBAL}=function(u){if(d[u]||performance.now()-t>${FIRST_ANSWER_MAX_AGE_MS})return null;d[u]=1;` +
    `return p.then(function(a){var x=Array.isArray(a)?a.find(function(x){return x&&x.path===u}):null;` +
    `return x&&typeof x.body==="string"&&x.status>=200&&x.status<600?new Response(x.body||null,` +
    `{status:x.status,headers:x.sessionEnded?{${json(SESSION_ENDED_HEADER)}:"1"}:{}}):null})}})()`
  );
}

import type { Page, Route } from 'playwright-core';
import { FIRST_ANSWERS_PATH } from '../../src/api/contract';

/** An API answer as the app reads it: status and body text. */
export type Answer = { status: number; body: string };

/**
 * Replaces the server's answer to the API requests `matches` picks (path with its query, e.g.
 * `/api/usage/gaps?days=30`), whether the app asks alone or within an app page's first request
 * (/api/first-answers, src/api/first-answers.ts). `reply` gets the server's own answer and may
 * wait (to hold an answer). Returns the undo.
 */
export async function replaceAnswers(
  page: Page,
  matches: (path: string) => boolean,
  reply: (original: Answer) => Answer | Promise<Answer>,
): Promise<() => Promise<void>> {
  const isBatch = (url: URL) => url.pathname === FIRST_ANSWERS_PATH;
  const isSingle = (url: URL) => !isBatch(url) && matches(url.pathname + url.search);

  const batch = async (route: Route) => {
    const response = await route.fetch();
    const { answers } = (await response.json()) as { answers: (Answer & { path: string })[] };
    const replaced = await Promise.all(
      answers.map(async (answer) =>
        matches(answer.path) ? { ...answer, ...(await reply(answer)) } : answer,
      ),
    );
    await route.fulfill({ response, json: { answers: replaced } });
  };
  const single = async (route: Route) => {
    const response = await route.fetch();
    const answer = await reply({ status: response.status(), body: await response.text() });
    await route.fulfill({ ...answer, contentType: 'application/json' });
  };
  await page.route(isBatch, batch);
  await page.route(isSingle, single);
  return async () => {
    await page.unroute(isBatch, batch);
    await page.unroute(isSingle, single);
  };
}

/** `replaceAnswers` for one API path (any query). */
export const replaceAnswer = (
  page: Page,
  path: string,
  reply: (original: Answer) => Answer | Promise<Answer>,
) => replaceAnswers(page, (asked) => asked.split('?')[0] === path, reply);

import { bindContactForms } from './contact-form';
import { ISLAND, NEEDS_SCRIPT_CLASS, attr } from './dom-contract';
import { bindFilterScope } from './filter';
import { bindMenus } from './menu';
import { bindThemeToggles } from './theme';

/**
 * Every interactive bit of the public pages, in one place: the prerendered pages run it from the
 * island entry (main.ts), the SPA runs it from the site layout's effect. Returns a cleanup that
 * removes every listener it added.
 */
export function initSite(root: ParentNode, search: string = window.location.search): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const query = new URLSearchParams(search).get('q') ?? '';
  bindMenus(root, signal);
  bindThemeToggles(root, signal);
  for (const scope of root.querySelectorAll(attr(ISLAND.filterScope))) {
    bindFilterScope(scope, query, signal);
  }
  bindContactForms(root, search, signal);
  for (const element of root.querySelectorAll(attr(ISLAND.needsScript))) {
    element.classList.remove(NEEDS_SCRIPT_CLASS);
  }
  return () => controller.abort();
}

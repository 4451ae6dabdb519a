/**
 * The data attributes the React markup renders and the island script reads. One list, so the
 * markup and the behaviour cannot drift apart.
 */
export const ISLAND = {
  menu: 'data-menu',
  themeToggle: 'data-theme-toggle',
  filterScope: 'data-filter-scope',
  filterForm: 'data-filter-form',
  filterFacet: 'data-filter-facet',
  filterQuery: 'data-filter-query',
  filterList: 'data-filter-list',
  filterItem: 'data-filter-item',
  filterText: 'data-filter-text',
  filterItemFacet: 'data-filter-item-facet',
  filterEmpty: 'data-filter-empty',
  filterStatus: 'data-filter-status',
  contactForm: 'data-contact-form',
  contactStatus: 'data-contact-status',
  fieldError: 'data-error-for',
  /** Controls that only work with the island: rendered invisible (space kept), revealed by it. */
  needsScript: 'data-needs-script',
} as const;

/** The class that keeps a script-only control invisible without moving the layout. */
export const NEEDS_SCRIPT_CLASS = 'invisible';

/** An attribute selector; values are the site's own identifiers (field names), never user text. */
export function attr(name: string, value?: string): string {
  return value === undefined ? `[${name}]` : `[${name}="${value}"]`;
}

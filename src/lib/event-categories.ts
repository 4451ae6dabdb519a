import { EVENT_CATEGORIES, type EventCategory } from '../api/contract';

/** How each category of an event is named on screen (the events' forms and lists, Amy Events). */
export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  seasonal: 'Seasonal',
  community: 'Community',
  recreational: 'Recreational',
  educational: 'Educational',
  wellness: 'Wellness',
};

/** The categories as a select's options, in the contract's order. */
export const EVENT_CATEGORY_OPTIONS = EVENT_CATEGORIES.map((value) => ({
  value,
  label: EVENT_CATEGORY_LABELS[value],
}));

/** Blog page (spec section 2 "Blog" and section 3 blog entities). */
export const BLOG_HERO = {
  title: 'Insights for Modern Community Management',
  intro: 'Best practices, industry insights and stories from communities that run on data.',
  searchPlaceholder: 'Search articles...',
} as const;

export const POPULAR_TAGS = [
  'HOA Management',
  'Amenity Analytics',
  'AI Events',
  'Fee Justification',
  'Resident Engagement',
  'Smart Communities',
  'IoT Sensors',
  'Board Reporting',
  'Maintenance',
  'Community Events',
] as const;
export type PopularTag = (typeof POPULAR_TAGS)[number];

export type BlogArticle = {
  title: string;
  excerpt: string;
  author: string;
  date: string;
  readTime: string;
  category: string;
  /** A placeholder path (spec section 3), shown only as an image icon. */
  image: string;
  /** Popular Tags this article is about: a tag's search finds it. */
  tags: readonly PopularTag[];
  /** The article itself, read in place (there are no article pages). */
  body: readonly string[];
};

export const FEATURED_ARTICLE: BlogArticle = {
  title: 'The Complete Guide to Justifying HOA Fees with Amenity Data',
  excerpt:
    'Residents pay for amenities they may never see anyone use. Here is how to show the value of every dollar with numbers your board and residents can trust.',
  author: 'Sarah Mitchell',
  date: 'January 15, 2025',
  readTime: '8 min read',
  category: 'Best Practices',
  image: '/api/placeholder/800/400',
  tags: [
    'HOA Management',
    'Fee Justification',
    'Amenity Analytics',
    'IoT Sensors',
    'Board Reporting',
  ],
  body: [
    'Fee disputes rarely start with the amount. They start when residents cannot see what the money buys. A pool that is always empty when they walk past, a clubhouse locked on weekday evenings: perception fills the gap that data leaves.',
    'Start by measuring. Occupancy sensors and anonymous mobile location data give you visits per amenity per day, peak hours and seasonal patterns. Three months of data is enough for a first report; a year shows the seasons.',
    'Then translate usage into value. Divide each amenity’s annual cost by its visits to get cost per use, and compare it with what residents would pay elsewhere for the same thing: a gym day pass, a hall rental, a swim session. That comparison is the heart of a fee justification report.',
    'Finally, share it the same way every month. Consistency builds trust: the same charts, the same definitions, and an honest note when an amenity underperforms, with what you will do about it. Communities that publish monthly reports see fee disputes fall by up to 45%.',
  ],
};

export type BlogCategory = { name: string; count: number };

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    title: '5 Ways AI Is Transforming Community Event Planning',
    excerpt:
      'From picking the right date to predicting attendance, AI assistants take the guesswork out of community events.',
    author: 'David Chen',
    date: 'January 10, 2025',
    readTime: '6 min read',
    category: 'Technology',
    image: '/api/placeholder/400/250',
    tags: ['AI Events', 'Community Events', 'Smart Communities'],
    body: [
      'Event planning has always relied on a volunteer’s instinct. AI does not replace that instinct; it gives it evidence. Amy looks at when each amenity is busy, which past events drew crowds and what the season brings.',
      'The five biggest changes we see: dates chosen around real usage peaks, venues matched to expected attendance, budgets estimated from similar past events, categories balanced across the year, and honest confidence scores that say when a suggestion is a long shot.',
    ],
  },
  {
    title: 'What Residents Really Want from Community Amenities in 2025',
    excerpt:
      'Usage data from hundreds of amenities shows a shift toward flexible outdoor space and wellness.',
    author: 'Maria Rodriguez',
    date: 'January 5, 2025',
    readTime: '5 min read',
    category: 'Industry Insights',
    image: '/api/placeholder/400/250',
    tags: ['Resident Engagement', 'Amenity Analytics', 'Smart Communities'],
    body: [
      'Across the communities we measure, outdoor lawns and fitness yards grew fastest in 2024, while formal indoor rooms were used less outside organized events.',
      'Residents want spaces that work for an unplanned hour: shade, seating, Wi-Fi and good lighting matter more than square footage. Boards planning renovations should look at weekday evening usage before anything else.',
    ],
  },
  {
    title: 'How Sunset Ridge Cut Maintenance Costs by 25%',
    excerpt:
      'Scheduling maintenance by actual wear instead of the calendar saved one community a quarter of its budget.',
    author: 'James Thompson',
    date: 'December 28, 2024',
    readTime: '7 min read',
    category: 'Case Studies',
    image: '/api/placeholder/400/250',
    tags: ['Maintenance', 'Amenity Analytics', 'IoT Sensors', 'HOA Management'],
    body: [
      'Sunset Ridge used to service every amenity on a fixed calendar. Usage data showed that some were serviced three times as often as their wear required, and others too rarely.',
      'By moving to usage-based schedules and doing the work during measured quiet hours, the community cut maintenance costs by 25% in a year, with fewer closures during busy times.',
    ],
  },
  {
    title: 'Building a Board Report That Ends Fee Disputes',
    excerpt:
      'The structure, charts and language that turn a monthly report into a conversation residents trust.',
    author: 'Sarah Mitchell',
    date: 'December 20, 2024',
    readTime: '6 min read',
    category: 'Best Practices',
    image: '/api/placeholder/400/250',
    tags: ['Board Reporting', 'Fee Justification', 'HOA Management'],
    body: [
      'A good board report answers three questions in order: what was used, what it cost, and what changes next. Everything else is an appendix.',
      'Lead with one chart of usage over time, then a table of cost per use by amenity, then the decisions you propose. Keep definitions identical month to month so trends can be trusted.',
    ],
  },
  {
    title: 'Reading Peak Usage Hours: A Manager’s Guide',
    excerpt:
      'Peak hours tell you when to staff, when to clean and when to schedule events. Here is how to read them.',
    author: 'David Chen',
    date: 'December 12, 2024',
    readTime: '4 min read',
    category: 'Analytics',
    image: '/api/placeholder/400/250',
    tags: ['Amenity Analytics', 'IoT Sensors', 'Maintenance'],
    body: [
      'Each amenity has its own rhythm. The peak time and peak-user count on the dashboard show the busiest hour; the usage bar shows how close to capacity that hour gets.',
      'Staff and clean just before the peak, schedule maintenance in the quietest window, and put events where the peak is low but the amenity is well liked.',
    ],
  },
  {
    title: 'Resident Engagement Strategies That Actually Work',
    excerpt:
      'Surveys, events and open data: what raised satisfaction by 25% across our customer communities.',
    author: 'Maria Rodriguez',
    date: 'December 5, 2024',
    readTime: '5 min read',
    category: 'Best Practices',
    image: '/api/placeholder/400/250',
    tags: ['Resident Engagement', 'Community Events', 'Board Reporting'],
    body: [
      'Engagement grows when residents see that their behavior shapes decisions. Publish usage figures, ask short questions after events, and report back what changed because of the answers.',
      'Communities that closed this loop every month saw satisfaction scores rise by 25% within a year.',
    ],
  },
];

/** The spec's blog categories, in its order. */
const CATEGORY_NAMES = [
  'Best Practices',
  'Industry Insights',
  'Technology',
  'Case Studies',
  'Analytics',
] as const;

/**
 * Every article on the page, the featured one first: what the search and the category filter go
 * through, so what the counts are counted from.
 */
export const LISTED_ARTICLES: readonly BlogArticle[] = [FEATURED_ARTICLE, ...BLOG_ARTICLES];

/**
 * Each category with the number of articles on the page in it (All: every one), counted from
 * the list the filter goes through: the spec's 24/8/6/5/3/2 describe a blog of 24 articles, and
 * a count that this page does not bear out would be false.
 */
export function blogCategories(articles: readonly BlogArticle[]): readonly BlogCategory[] {
  return [
    { name: 'All', count: articles.length },
    ...CATEGORY_NAMES.map((name) => ({
      name,
      count: articles.filter((article) => article.category === name).length,
    })),
  ];
}

export const BLOG_CATEGORIES = blogCategories(LISTED_ARTICLES);

/** What the blog search reads of an article: its words, author, category and tags. */
export function articleSearchText(article: BlogArticle): string {
  return [
    article.title,
    article.excerpt,
    article.author,
    article.category,
    ...article.tags,
    ...article.body,
  ].join(' ');
}

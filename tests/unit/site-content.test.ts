import { describe, expect, it } from 'vitest';
import { ADD_ONS, PLANS, annualMonthlyPrice, formatUsd } from '../../src/site/content/pricing';
import {
  API_ENDPOINTS,
  API_TIERS,
  tryItCommand,
  type ApiEndpointDoc,
} from '../../src/site/content/api';
import { BENEFITS } from '../../src/site/content/landing';
import {
  BLOG_ARTICLES,
  BLOG_CATEGORIES,
  FEATURED_ARTICLE,
  LISTED_ARTICLES,
  POPULAR_TAGS,
  articleSearchText,
  blogCategories,
} from '../../src/site/content/blog';
import { matchesQuery } from '../../src/site/islands/filter';
import {
  FORUM_CATEGORIES,
  FORUM_STATS,
  FORUM_THREADS,
  TOP_CONTRIBUTORS,
  UPCOMING_EVENTS,
} from '../../src/site/content/forum';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../src/site/content/legal';
import { POSITIONS } from '../../src/site/content/careers';
import { CONTACT_CATEGORIES } from '../../src/site/content/contact';
import { PUBLIC_PATHS } from '../../src/lib/route-paths';
import { SITE_ROUTES } from '../../src/site/site-routes';
import { PAGE_META } from '../../src/site/content/navigation';

describe('money formatting', () => {
  it('shows whole dollars without cents and cents when there are any', () => {
    expect(formatUsd(1299)).toBe('$1,299');
    expect(formatUsd(254.15)).toBe('$254.15');
  });

  it('applies the 15% annual discount (spec section 9)', () => {
    expect(annualMonthlyPrice(299)).toBe(254.15);
    expect(annualMonthlyPrice(599)).toBe(509.15);
    expect(annualMonthlyPrice(1299)).toBe(1104.15);
  });
});

describe('content equals the spec (sections 1, 2 and 9)', () => {
  it('has the three plans with price, setup fee, amenity limit and Most Popular', () => {
    expect(PLANS.map((p) => [p.name, p.price, p.setupFee, p.amenityLimit, p.popular])).toEqual([
      ['Starter', 299, 2500, 'Up to 5 amenities', false],
      ['Professional', 599, 5000, 'Up to 15 amenities', true],
      ['Enterprise', 1299, 7500, 'Unlimited amenities', false],
    ]);
  });

  it('has the four add-ons at their prices', () => {
    expect(ADD_ONS.map((a) => [a.name, a.price])).toEqual([
      ['Advanced AI Insights', '$199/month'],
      ['Custom Mobile App', '$399/month'],
      ['Advanced Integrations', '$299/month'],
      ['Additional Training', '$150/hour'],
    ]);
  });

  it('has the API tiers with their limits', () => {
    expect(API_TIERS.map((t) => [t.name, t.price, t.calls, t.rate])).toEqual([
      ['Free', '$0', '1,000 calls/month', '100/hour'],
      ['Professional', '$99/month', '50,000 calls/month', '1,000/hour'],
      ['Enterprise', 'Custom', 'Custom volume', 'Custom limits'],
    ]);
    expect(API_TIERS[1]?.features).toContain('Webhooks');
  });

  it('has the six landing claims in order', () => {
    expect(BENEFITS.map((b) => `${b.figure} ${b.claim}`)).toEqual([
      '+35% return on amenities',
      '+60% attendance',
      '-45% fee disputes',
      '+25% satisfaction',
      '15 hours saved a week',
      '-30% liability incidents',
    ]);
  });

  it('has the forum figures, six categories, five threads, four contributors and two events', () => {
    expect(FORUM_STATS.map((s) => s.value)).toEqual(['1,247', '684', '3,592', '156']);
    expect(FORUM_CATEGORIES.map((c) => c.name)).toEqual([
      'General Discussion',
      'Feature Requests',
      'Best Practices',
      'Technical Support',
      'Success Stories',
      'Events & Webinars',
    ]);
    expect(FORUM_THREADS).toHaveLength(5);
    expect(TOP_CONTRIBUTORS.map((c) => c.title)).toEqual([
      'Community Champion',
      'Best Practices Expert',
      'Feature Pioneer',
      'Technical Helper',
    ]);
    expect(UPCOMING_EVENTS).toEqual([
      { title: 'Monthly Community Roundtable', date: 'February 20, 2025', time: '2:00 PM PST' },
      { title: 'Amy AI Best Practices Workshop', date: 'March 5, 2025', time: '1:00 PM PST' },
    ]);
  });

  it('counts each blog category from every article on the page, the featured one too', () => {
    // By hand: the featured article and the six cards; three Best Practices (the featured one
    // among them), one of each other category. "All 6" under seven articles was the old bug.
    expect(BLOG_CATEGORIES.map((c) => `${c.name} ${c.count}`)).toEqual([
      'All 7',
      'Best Practices 3',
      'Industry Insights 1',
      'Technology 1',
      'Case Studies 1',
      'Analytics 1',
    ]);
    expect(LISTED_ARTICLES).toEqual([FEATURED_ARTICLE, ...BLOG_ARTICLES]);
    expect(blogCategories(LISTED_ARTICLES)).toEqual(BLOG_CATEGORIES);
    const [all, ...rest] = BLOG_CATEGORIES;
    expect(rest.reduce((sum, c) => sum + c.count, 0)).toBe(all?.count);
    expect(new Set(POPULAR_TAGS).size).toBe(10);
    expect(BLOG_ARTICLES).toHaveLength(6);
    for (const article of LISTED_ARTICLES) {
      expect(rest.map((c) => c.name)).toContain(article.category);
    }
  });

  it('every Popular Tag finds at least one article with the search it runs', () => {
    for (const tag of POPULAR_TAGS) {
      const found = LISTED_ARTICLES.filter((article) =>
        matchesQuery(articleSearchText(article), tag),
      );
      expect(found.length, tag).toBeGreaterThan(0);
    }
  });

  it('has 11 privacy sections and 13 terms sections, last updated January 2025', () => {
    expect(PRIVACY_POLICY.sections).toHaveLength(11);
    expect(TERMS_OF_SERVICE.sections).toHaveLength(13);
    expect(PRIVACY_POLICY.lastUpdated).toBe('January 2025');
    const ids = [...PRIVACY_POLICY.sections, ...TERMS_OF_SERVICE.sections].map((s) => s.id);
    expect(new Set(PRIVACY_POLICY.sections.map((s) => s.id)).size).toBe(11);
    expect(new Set(TERMS_OF_SERVICE.sections.map((s) => s.id)).size).toBe(13);
    expect(ids.every((id) => /^[a-z-]+$/.test(id))).toBe(true);
  });

  it('has four open positions and four contact categories', () => {
    expect(POSITIONS).toHaveLength(4);
    expect(CONTACT_CATEGORIES).toHaveLength(4);
  });
});

describe('site routes', () => {
  it('covers every public path once, each with its own title and description', () => {
    expect(SITE_ROUTES.map((r) => r.path)).toEqual([...PUBLIC_PATHS]);
    const distinct = PUBLIC_PATHS.filter((p) => p !== '/home');
    expect(new Set(distinct.map((p) => PAGE_META[p].title)).size).toBe(distinct.length);
    expect(new Set(distinct.map((p) => PAGE_META[p].description)).size).toBe(distinct.length);
    for (const path of PUBLIC_PATHS) {
      expect(PAGE_META[path].description.length).toBeGreaterThan(50);
      expect(PAGE_META[path].description.length).toBeLessThanOrEqual(170);
    }
  });
});

describe('API Try It', () => {
  it('shows a runnable request with the bearer key for each endpoint', () => {
    expect(tryItCommand(API_ENDPOINTS[1] as ApiEndpointDoc)).toBe(
      'curl https://api.commonground.app/api/amenities/great-lawn/usage \\\n  -H "Authorization: Bearer YOUR_API_KEY"',
    );
    const post = tryItCommand(API_ENDPOINTS[3] as ApiEndpointDoc);
    expect(post).toMatch(/^curl -X POST https:\/\/api\.commonground\.app\/api\/events \\\n/);
    expect(post).toContain('"amenity_id"');
    expect(post).toContain('"target_date"');
  });
});

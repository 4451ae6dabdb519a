import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { APP_PATHS, PUBLIC_PATHS, type PublicPath } from '../../src/lib/route-paths';
import { SITE_ROUTES } from '../../src/site/site-routes';
import { PAGE_META } from '../../src/site/content/navigation';

async function renderPage(path: PublicPath) {
  const route = SITE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const { default: Page } = await route.load();
  return render(<Page />);
}

const LANDING = {
  h1: 'Know How Your Community Uses Every Amenity',
  text: [
    'AI-Powered Community Intelligence',
    'Wasted Resources',
    'Fee Disputes',
    'Poor Event Planning',
    'Data-Driven Decisions',
    'Transparent Value',
    'AI-Optimized Events',
    '+35%',
    '+60%',
    '-45%',
    '+25%',
    '15 hours',
    '-30%',
    '30-day free trial • No setup fees • Cancel anytime',
    '$299',
    '$599',
    '$1,299',
  ],
};

/** Each public route: its h1 and strings the spec gives for it (sections 1, 2, 9). */
const PAGES: Record<PublicPath, { h1: string; text: string[] }> = {
  '/': LANDING,
  '/home': LANDING,
  '/about': {
    h1: 'Helping Communities See the Value They Share',
    text: ['Our Story', 'Our Mission', 'Our Values', 'Leadership'],
  },
  '/careers': {
    h1: 'Build the Future of Community Living',
    text: [
      'Our Culture',
      'Benefits',
      'Open Positions',
      'Senior Full-Stack Engineer',
      'Machine Learning Engineer',
      'Customer Success Manager',
      'Product Designer',
    ],
  },
  '/contact': {
    h1: 'Get in Touch',
    text: [
      'Sales & Demos',
      'Customer Support',
      'Partnerships',
      'Press & Media',
      'Mon-Fri 9am-6pm PST',
      'We reply within 24 hours.',
      'Offices',
      'Send Message',
    ],
  },
  '/privacy': {
    h1: 'Privacy Policy',
    text: [
      'Last updated January 2025',
      '5. Your Rights',
      '7. Data Hosting',
      '9. Children’s Privacy',
      '11. Contact Us',
    ],
  },
  '/terms': {
    h1: 'Terms of Service',
    text: [
      'Last updated January 2025',
      '1. Acceptance of Terms',
      '5. Billing and Cancellation',
      '11. Governing Law',
      '13. Contact Information',
    ],
  },
  '/features': {
    h1: 'Everything You Need to Run Amenities on Data',
    text: [
      'Real-Time Analytics',
      'AI-Powered Intelligence',
      'Community Engagement',
      'Financial Transparency',
      'Operational Efficiency',
      'Integration & Security',
      'Integrations',
    ],
  },
  '/pricing': {
    h1: 'Simple, Transparent Pricing',
    text: [
      'Most Popular',
      'Add-ons',
      'Advanced AI Insights',
      '$199/month',
      'Custom Mobile App',
      '$399/month',
      'Advanced Integrations',
      '$299/month',
      'Additional Training',
      '$150/hour',
      'Annual plans save 15% against monthly billing.',
      'Setup fees and partial months are not refunded.',
      'The Return on Your Investment',
      'Frequently Asked Questions',
    ],
  },
  '/api': {
    h1: 'Build on CommonGround Amenity Data',
    text: [
      'Authentication',
      'Endpoints',
      '/api/amenities',
      '/api/amenities/{id}/usage',
      '/api/analytics/dashboard',
      '/api/events',
      '/api/reports/utilization',
      '/api/reports/financial',
      'SDKs',
      'Use Cases',
      'API Tiers',
      '1,000 calls/month',
      '100/hour',
      '$99/month',
      '50,000 calls/month',
      '1,000/hour',
      'Webhooks',
    ],
  },
  '/security': {
    h1: 'Your Community’s Data, Protected',
    text: [
      'Certifications',
      'Security Architecture',
      'Incident Response',
      'under 15 minutes',
      'under 1 hour',
      'under 2 hours',
      '99.9% uptime target',
      'Recovery time under 4 hours',
      'Recovery point under 1 hour',
      'Backups kept 30 days',
      'Security Contacts',
    ],
  },
  '/press': {
    h1: 'CommonGround in the News',
    text: [
      'Press Releases',
      'Awards & Recognition',
      'Media Kit',
      'Executive Team',
      'Media Contact',
    ],
  },
  '/documentation': {
    h1: 'Documentation',
    text: ['Quick Start', 'Browse by Topic', 'Code Examples', 'Need More Help?'],
  },
  '/help': {
    h1: 'How Can We Help?',
    text: [
      'Browse Help Topics',
      'Popular Articles',
      'Frequently Asked Questions',
      'Email Support',
      'Phone Support',
    ],
  },
  '/community': {
    h1: 'Connect with Community Management Professionals',
    text: [
      'Community Forum',
      '1,247',
      '684',
      '3,592',
      '156',
      'Forum Categories',
      'Recent Discussions',
      'View All Posts',
      'Top Contributors',
      'Community Guidelines',
      'Read Full Guidelines',
      'Upcoming Events',
      'Monthly Community Roundtable',
      'February 20, 2025',
      '2:00 PM PST',
      'Amy AI Best Practices Workshop',
      'March 5, 2025',
      '1:00 PM PST',
    ],
  },
  '/blog': {
    h1: 'Insights for Modern Community Management',
    text: [
      'Featured Article',
      'Categories',
      'Popular Tags',
      'Stay Updated',
      'Latest Articles',
      'Load More Articles',
    ],
  },
};

describe.each(PUBLIC_PATHS.map((path) => [path]))('public page %s', (path) => {
  it('renders its h1, key content, header and footer', async () => {
    await renderPage(path);
    expect(screen.getByRole('heading', { level: 1, name: PAGES[path].h1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const main = screen.getByRole('main');
    for (const text of PAGES[path].text) {
      expect(
        within(main).queryAllByText(text, { exact: false, ignore: 'script' }).length,
        text,
      ).toBeGreaterThan(0);
    }
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'CommonGround' })).toHaveAttribute('href', '/');
    const footer = screen.getByRole('contentinfo');
    for (const column of ['Product', 'Company', 'Resources']) {
      expect(within(footer).getByRole('heading', { name: column })).toBeInTheDocument();
    }
    expect(
      within(footer).getByText('© 2024 CommonGround. All rights reserved.'),
    ).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'CommonGround on LinkedIn' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\//),
    );
    expect(document.title).toBe(PAGE_META[path].title);
  });

  it('has no dead links or buttons', async () => {
    const { container } = await renderPage(path);
    const ids = new Set([...container.querySelectorAll('[id]')].map((el) => el.id));
    const known = new Set<string>([...PUBLIC_PATHS, ...APP_PATHS]);
    for (const link of container.querySelectorAll('a')) {
      const href = link.getAttribute('href') ?? '';
      expect(href, link.outerHTML).not.toBe('');
      expect(href, link.outerHTML).not.toBe('#');
      if (href.startsWith('#')) {
        expect(ids.has(href.slice(1)), `${href} on ${path}`).toBe(true);
      } else if (href.startsWith('/')) {
        const url = new URL(href, 'http://localhost');
        expect(known.has(url.pathname), href).toBe(true);
        if (url.pathname === '/contact' && url.hash) expect(url.hash).toBe('#contact-form');
      } else {
        expect(href, link.outerHTML).toMatch(/^(https:\/\/|mailto:|tel:\+1\d{10}$)/);
      }
      expect(
        link.textContent?.trim() || link.getAttribute('aria-label'),
        link.outerHTML,
      ).toBeTruthy();
    }
    // Every button submits a form, is wired by the island (data-*), or is disabled and says why.
    for (const button of container.querySelectorAll('button')) {
      const wired = [...button.attributes].some((a) => /^data-(theme|filter)/.test(a.name));
      const submits = button.type === 'submit' && button.closest('form') !== null;
      const explained = button.disabled && button.getAttribute('aria-describedby') !== null;
      expect(wired || submits || explained, button.outerHTML).toBe(true);
    }
  });
});

function linkTo(name: string | RegExp) {
  return screen.getAllByRole('link', { name }).map((link) => link.getAttribute('href'));
}

describe('calls to action go where the spec says', () => {
  it('landing: demos to /dashboard, trial and plans to the contact form with the plan', async () => {
    await renderPage('/');
    for (const name of ['View Demo', 'View Live Demo', 'Explore Platform']) {
      expect(linkTo(name)).toEqual(expect.arrayContaining(['/dashboard']));
    }
    expect(linkTo('Start Free Trial')).toEqual([
      '/contact?topic=trial&plan=professional#contact-form',
    ]);
    expect(linkTo('Get Started: Starter')).toEqual([
      '/contact?topic=trial&plan=starter#contact-form',
    ]);
    expect(linkTo('Talk to Sales: Enterprise')).toEqual([
      '/contact?topic=sales&plan=enterprise#contact-form',
    ]);
    expect(linkTo('Schedule Demo')).toEqual(['/contact?topic=demo#contact-form']);
    expect(linkTo('Features')[0]).toBe('#features');
    expect(linkTo('Pricing')[0]).toBe('#pricing');
  });

  it('features: See Live Demo to /dashboard, View Pricing to /pricing', async () => {
    await renderPage('/features');
    expect(linkTo('See Live Demo')).toEqual(['/dashboard']);
    expect(linkTo('View Pricing')).toEqual(['/pricing']);
  });

  it('pricing: Talk to Sales to /contact', async () => {
    await renderPage('/pricing');
    expect(linkTo(/^Talk to Sales$/)).toEqual(['/contact']);
  });

  it('api: View Documentation to /documentation, Get API Key to the contact form', async () => {
    await renderPage('/api');
    expect(new Set(linkTo('View Documentation'))).toEqual(new Set(['/documentation']));
    expect(linkTo(/^Get API Key$/)[0]).toMatch(/^\/contact\?topic=api/);
  });

  it('blog: the call to action band goes to /contact', async () => {
    await renderPage('/blog');
    expect(linkTo('Start Free Trial')[0]).toMatch(/^\/contact\?/);
    expect(linkTo('Schedule Demo')[0]).toMatch(/^\/contact\?/);
    expect(screen.getByRole('button', { name: 'Load More Articles' })).toBeDisabled();
  });

  it('documentation links to help, community and contact', async () => {
    await renderPage('/documentation');
    const hrefs = [...document.querySelectorAll('main a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/help', '/community']));
    expect(hrefs.some((href) => href?.startsWith('/contact'))).toBe(true);
  });
});

describe('figures on the page equal the spec', () => {
  it('pricing cards show monthly price, setup fee and amenity limit per plan', async () => {
    await renderPage('/pricing');
    const card = (name: string) => within(screen.getByRole('article', { name }));
    expect(card('Starter').getByText('$299')).toBeInTheDocument();
    expect(card('Starter').getByText('$2,500')).toBeInTheDocument();
    expect(card('Starter').getAllByText('Up to 5 amenities').length).toBeGreaterThan(0);
    expect(card('Professional').getByText('$599')).toBeInTheDocument();
    expect(card('Professional').getByText('$5,000')).toBeInTheDocument();
    expect(card('Professional').getAllByText('Up to 15 amenities').length).toBeGreaterThan(0);
    expect(card('Professional').getByText('Most Popular')).toBeInTheDocument();
    expect(card('Enterprise').getByText('$1,299')).toBeInTheDocument();
    expect(card('Enterprise').getByText('$7,500')).toBeInTheDocument();
    expect(card('Enterprise').getAllByText('Unlimited amenities').length).toBeGreaterThan(0);
    expect(card('Enterprise').queryByText('Most Popular')).toBeNull();
  });

  it('landing benefit cards pair each claim with its figure', async () => {
    await renderPage('/');
    const features = within(document.getElementById('features') as HTMLElement);
    const claims: [string, string, string][] = [
      ['Usage Analytics', '+35%', 'return on amenities'],
      ['AI Event Planning', '+60%', 'attendance'],
      ['Fee Justification Reports', '-45%', 'fee disputes'],
      ['Community Engagement', '+25%', 'satisfaction'],
      ['Operational Efficiency', '15 hours', 'saved a week'],
      ['Risk Management', '-30%', 'liability incidents'],
    ];
    const cards = features.getAllByRole('listitem');
    expect(cards).toHaveLength(6);
    claims.forEach(([title, figure, claim], index) => {
      const card = within(cards[index] as HTMLElement);
      expect(card.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(card.getByText(figure)).toBeInTheDocument();
      expect(card.getByText(claim)).toBeInTheDocument();
    });
  });

  it('privacy has 11 sections and terms 13, each in the table of contents', async () => {
    for (const [path, count] of [
      ['/privacy', 11],
      ['/terms', 13],
    ] as const) {
      const { unmount } = await renderPage(path);
      const toc = screen.getByRole('navigation', { name: 'Contents' });
      const entries = within(toc).getAllByRole('link');
      expect(entries).toHaveLength(count);
      for (const entry of entries) {
        const target = document.getElementById(entry.getAttribute('href')?.slice(1) ?? '');
        expect(target?.querySelector('h2')?.textContent).toContain(
          entry.textContent?.replace(/^\d+\./, '').trim(),
        );
      }
      unmount();
    }
  });
});

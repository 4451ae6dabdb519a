import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicPath } from '../../src/lib/route-paths';
import { getSettings } from '../../src/lib/settings';
import { SETTINGS_KEY } from '../../src/lib/storage-keys';
import { SITE_ROUTES } from '../../src/site/site-routes';
import { mailApp } from '../../src/site/islands/contact-form';
import { NEEDS_SCRIPT_CLASS } from '../../src/site/islands/dom-contract';

async function renderPage(path: PublicPath, search = '') {
  window.history.replaceState({}, '', `${path}${search}`);
  const route = SITE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const { default: Page } = await route.load();
  return render(<Page />);
}

afterEach(() => window.history.replaceState({}, '', '/'));

const visible = (elements: HTMLElement[]) => elements.filter((el) => !el.hidden);

function discussions() {
  const section = screen.getByRole('heading', { name: 'Recent Discussions' }).closest('section');
  return within(section as HTMLElement);
}

describe('forum search', () => {
  it('filters the discussions and categories as you type, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderPage('/community');
    const box = screen.getByRole('searchbox', { name: 'Search the forum' });
    const threads = () =>
      [...discussions().getByRole('list').children].filter(
        (el): el is HTMLElement => el instanceof HTMLElement,
      );
    const titles = (items: HTMLElement[]) => items.map((li) => li.querySelector('h3')?.textContent);
    expect(visible(threads())).toHaveLength(5);

    await user.type(box, 'pool heating');
    expect(titles(visible(threads()))).toEqual([
      'How we cut pool heating costs 30% using usage data',
    ]);
    expect(screen.getByRole('status', { name: '' })).toBeDefined();
    expect(screen.getByText('1 result for “pool heating”.')).toBeVisible();
    expect(screen.getByText('No categories match your search.')).toBeVisible();

    await user.clear(box);
    await user.type(box, 'zzz');
    expect(visible(threads())).toHaveLength(0);
    expect(screen.getByText('No discussions match your search.')).toBeVisible();
    expect(screen.getByText('No results for “zzz”.')).toBeVisible();

    await user.clear(box);
    expect(visible(threads())).toHaveLength(5);
    expect(screen.getByText('No discussions match your search.')).not.toBeVisible();
  });

  it('finds members and communities too, and Search submits without leaving the page', async () => {
    const user = userEvent.setup();
    await renderPage('/community');
    await user.type(screen.getByRole('searchbox', { name: 'Search the forum' }), 'Robert Kim');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('1 result for “Robert Kim”.')).toBeVisible();
    expect(window.location.pathname).toBe('/community');
  });

  it('starts from ?q= in the address', async () => {
    await renderPage('/community', '?q=sensor');
    expect(screen.getByRole('searchbox', { name: 'Search the forum' })).toHaveValue('sensor');
    expect(screen.getByText(/result.* for “sensor”\./)).toBeVisible();
  });
});

describe('blog filters', () => {
  const cards = () => {
    const section = screen.getByRole('heading', { name: 'Latest Articles' }).closest('section');
    return section ? section.querySelectorAll<HTMLElement>('li[data-filter-item]') : [];
  };

  it('filters articles by category, with All restoring them', async () => {
    const user = userEvent.setup();
    await renderPage('/blog');
    const category = (name: RegExp) => screen.getByRole('button', { name });
    await user.click(category(/^Case Studies/));
    expect(category(/^Case Studies/)).toHaveAttribute('aria-pressed', 'true');
    expect(category(/^All/)).toHaveAttribute('aria-pressed', 'false');
    expect(visible([...cards()]).map((li) => li.querySelector('h3')?.textContent)).toEqual([
      'How Sunset Ridge Cut Maintenance Costs by 25%',
    ]);
    await user.click(category(/^All/));
    expect(visible([...cards()])).toHaveLength(6);
  });

  it('each category count is what its filter shows, the featured article included', async () => {
    const user = userEvent.setup();
    await renderPage('/blog');
    const scope = screen
      .getByRole('heading', { name: 'Latest Articles' })
      .closest('[data-filter-scope]') as HTMLElement;
    const shown = () => visible([...scope.querySelectorAll<HTMLElement>('[data-filter-item]')]);
    const categories = within(screen.getByRole('complementary', { name: 'Blog sidebar' }))
      .getByRole('heading', { name: 'Categories' })
      .closest('section') as HTMLElement;
    const buttons = within(categories).getAllByRole('button');
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      const [, name = '', count = ''] = /^(.*?)\s*(\d+)$/.exec(button.textContent ?? '') ?? [];
      await user.click(button);
      expect(shown(), name).toHaveLength(Number(count));
      if (name !== 'All') {
        const noun = count === '1' ? 'result' : 'results';
        expect(screen.getByText(`${count} ${noun} in ${name}.`)).toBeVisible();
      }
    }
  });

  it('every Popular Tag finds at least one article', async () => {
    const user = userEvent.setup();
    await renderPage('/blog');
    const scope = screen
      .getByRole('heading', { name: 'Latest Articles' })
      .closest('[data-filter-scope]') as HTMLElement;
    const tags = within(
      screen.getByRole('heading', { name: 'Popular Tags' }).closest('section') as HTMLElement,
    ).getAllByRole('button');
    expect(tags).toHaveLength(10);
    for (const tag of tags) {
      await user.click(tag);
      const found = visible([...scope.querySelectorAll<HTMLElement>('[data-filter-item]')]);
      expect(found.length, tag.textContent ?? '').toBeGreaterThan(0);
      expect(screen.queryByText(/^No results/)).toBeNull();
    }
  });

  it('a tag searches for itself', async () => {
    const user = userEvent.setup();
    await renderPage('/blog');
    await user.click(screen.getByRole('button', { name: 'Maintenance' }));
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('Maintenance');
    const shown = visible([...cards()]).map((li) => li.querySelector('h3')?.textContent);
    expect(shown).toContain('How Sunset Ridge Cut Maintenance Costs by 25%');
    expect(shown).not.toContain('5 Ways AI Is Transforming Community Event Planning');
  });

  it('Stay Updated goes to the contact form with the newsletter topic, no fake success', async () => {
    await renderPage('/blog');
    const form = screen.getByLabelText('Email address').closest('form') as HTMLFormElement;
    // To the form itself, like every other link into the contact page, not the page's top.
    expect(form.getAttribute('action')).toBe('/contact#contact-form');
    expect(form.getAttribute('method')).toBe('get');
    expect((form.elements.namedItem('topic') as HTMLInputElement).value).toBe('newsletter');
  });
});

describe('help and documentation search', () => {
  it('help: filters topics, articles and questions', async () => {
    const user = userEvent.setup();
    await renderPage('/help');
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'uptime');
    const question = (text: string) => screen.getByText(text).closest('details') as HTMLElement;
    expect(question('What uptime can we expect?').hidden).toBe(false);
    expect(question('How do I delete our community’s data?').hidden).toBe(true);
    expect(screen.getByText('No help topics match your search.')).toBeVisible();
  });

  it('documentation: filters the topic cards by their articles', async () => {
    const user = userEvent.setup();
    await renderPage('/documentation');
    await user.type(screen.getByRole('searchbox', { name: 'Search documentation' }), 'api key');
    const topicList = screen.getByRole('heading', { name: 'Browse by Topic' }).closest('section');
    const topics = within(topicList as HTMLElement)
      .getAllByRole('heading', { level: 3, hidden: true })
      .filter((h) => h.closest('[data-filter-item]'));
    const shown = topics.filter(
      (h) => (h.closest('[data-filter-item]') as HTMLElement).hidden === false,
    );
    expect(shown.map((h) => h.textContent)).toEqual(['API & Integrations']);
  });
});

describe('contact form', () => {
  it('preselects the topic and plan a link asks for', async () => {
    await renderPage('/contact', '?topic=trial&plan=professional');
    expect(screen.getByLabelText('Topic')).toHaveValue('trial');
    expect(screen.getByLabelText('Plan of interest')).toHaveValue('professional');
  });

  it('fills the message from ?about', async () => {
    await renderPage('/contact', '?topic=careers&about=Product%20Designer');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue(
      'I would like to apply for the position: Product Designer\n\n',
    );
  });

  it('shows what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(mailApp, 'open').mockImplementation(() => undefined);
    await renderPage('/contact');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription(
      'Enter your first name.',
    );
    expect(screen.getByText('Enter your email address so we can reply.')).toBeVisible();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeVisible();
  });

  it('a corrected form sends on the first click: leaving the message box moves nothing', async () => {
    // In a browser the mousedown on Send Message blurs the message box; an error line that
    // vanished then moved the button 24 px up before the mouseup, and the click was lost.
    const user = userEvent.setup();
    const open = vi.spyOn(mailApp, 'open').mockImplementation(() => undefined);
    await renderPage('/contact');
    const send = screen.getByRole('button', { name: 'Send Message' });
    await user.click(send);
    expect(screen.getByText('Write your message.')).toBeVisible();
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Park');
    await user.type(screen.getByLabelText(/^Email/), 'ada@oakvalley.org');
    const message = screen.getByRole('textbox', { name: /^Message/ });
    await user.type(message, 'Please call me.');
    expect(message).toHaveFocus();
    // Fixed fields lose their errors as they are typed, so the layout is settled before the click.
    expect(message).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Write your message.')).toBeNull();
    expect(screen.queryByText('Please correct the highlighted fields.')).toBeNull();
    const form = send.closest('form') as HTMLFormElement;
    const before = form.innerHTML;
    act(() => message.blur());
    expect(form.innerHTML).toBe(before);
    await user.click(send);
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Nothing has been sent yet/)).toBeVisible();
  });

  it('keeps an error while the field is still wrong, and does not nag while typing', async () => {
    const user = userEvent.setup();
    vi.spyOn(mailApp, 'open').mockImplementation(() => undefined);
    await renderPage('/contact');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'ada@');
    expect(email).toHaveAccessibleDescription('Enter your email address so we can reply.');
    await user.type(email, 'oakvalley.org');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please correct the highlighted fields.')).toBeVisible();
  });

  it('opens the email app with the message and says nothing is sent yet', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(mailApp, 'open').mockImplementation(() => undefined);
    await renderPage('/contact', '?plan=enterprise');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Park');
    await user.type(screen.getByLabelText(/^Email/), 'ada@oakvalley.org');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Please call me.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(open).toHaveBeenCalledTimes(1);
    const href = open.mock.calls[0]?.[0] ?? '';
    expect(href).toMatch(/^mailto:sales@/);
    expect(decodeURIComponent(href)).toContain('Plan: enterprise');
    const status = screen.getByText(/Nothing has been sent yet/);
    expect(status).toBeVisible();
    expect(within(status).getByRole('link', { name: 'open the message again' })).toHaveAttribute(
      'href',
      href,
    );
    expect(screen.queryByText(/thank you|sent successfully/i)).toBeNull();
  });
});

describe('footer', () => {
  it('every public page links to sign-in, for a returning manager', async () => {
    for (const route of SITE_ROUTES) {
      const { unmount } = await renderPage(route.path);
      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByRole('link', { name: 'Sign in' }), route.path).toHaveAttribute(
        'href',
        '/sign-in',
      );
      unmount();
    }
  });
});

describe('header', () => {
  it('the theme button switches the theme and saves it where the app reads it', async () => {
    const user = userEvent.setup();
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ communityName: 'Oak Valley' }));
    await renderPage('/about');
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    // Revealed by the island: the class that hides script-only controls is gone.
    expect(toggle).not.toHaveClass(NEEDS_SCRIPT_CLASS);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toEqual({
      communityName: 'Oak Valley',
      darkMode: true,
    });
    expect(getSettings().darkMode).toBe(true);
  });

  it('the phone menu closes on Escape and on a click outside', async () => {
    const user = userEvent.setup();
    await renderPage('/about');
    const summary = screen.getByText('Menu').closest('summary') as HTMLElement;
    const menu = summary.closest('details') as HTMLDetailsElement;
    await user.click(summary);
    expect(menu.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(menu.open).toBe(false);
    expect(summary).toHaveFocus();
    await user.click(summary);
    expect(menu.open).toBe(true);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(menu.open).toBe(false);
  });

  it('search boxes appear once the island runs', async () => {
    await renderPage('/blog');
    expect(screen.getByRole('search', { name: 'Search articles' })).not.toHaveClass(
      NEEDS_SCRIPT_CLASS,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Button } from '../../src/ui/button';

describe('Button before and after hydration', () => {
  it('a submit button is disabled in the prerendered frame, so the browser cannot send the form itself', () => {
    const html = renderToString(
      <form>
        <Button type="submit">Sign in</Button>
        <Button>Show password</Button>
      </form>,
    );
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""/);
    expect(html).not.toMatch(/<button type="button"[^>]* disabled=""/);
  });

  it('once the app runs, a submit button works unless its caller disables it', () => {
    render(
      <form>
        <Button type="submit">Sign in</Button>
        <Button type="submit" disabled>
          Saving…
        </Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  });

  it('a busy button ignores presses but stays enabled, so it keeps keyboard focus', async () => {
    let clicks = 0;
    let submits = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submits += 1;
        }}
      >
        <Button type="submit" busy onClick={() => (clicks += 1)}>
          Saving…
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    // A disabled button would drop focus to the page in a browser; this one is only marked.
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    expect(button).toHaveFocus();
    expect(clicks).toBe(0);
    expect(submits).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
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
});

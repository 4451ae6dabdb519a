import { describe, expect, it } from 'vitest';
import { act, useRef, useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useValuesTypedBeforeHydration } from '../../src/ui/use-typed-before-hydration';

function SignInForm({ onSubmit }: { onSubmit: (email: string, password: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(form, { email: setEmail, password: setPassword });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email, password);
  };
  return (
    <form ref={form} onSubmit={submit}>
      <input
        aria-label="Email"
        name="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <input
        aria-label="Password"
        name="password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit">Sign in</button>
    </form>
  );
}

describe('values typed before hydration', () => {
  it('are kept on screen and sent, not replaced by the empty state', async () => {
    const sent: [string, string][] = [];
    const onSubmit = (email: string, password: string) => sent.push([email, password]);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignInForm onSubmit={onSubmit} />);
    document.body.append(container);
    // The prerendered frame, filled in before any script ran (a fast typist, a password manager).
    const email = container.querySelector<HTMLInputElement>('input[name="email"]');
    const password = container.querySelector<HTMLInputElement>('input[name="password"]');
    if (!email || !password) throw new Error('the frame has no inputs');
    email.value = 'manager@willowcreek.example';
    password.value = 'commonground-demo';

    await act(async () => {
      hydrateRoot(container, <SignInForm onSubmit={onSubmit} />);
    });
    await act(async () => {
      container.querySelector('button')?.click();
    });

    expect(email.value).toBe('manager@willowcreek.example');
    expect(password.value).toBe('commonground-demo');
    expect(sent).toEqual([['manager@willowcreek.example', 'commonground-demo']]);
    container.remove();
  });
});

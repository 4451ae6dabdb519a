import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import { useHydrated } from '../lib/hydration';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400 dark:bg-brand-700 dark:hover:bg-brand-800 dark:disabled:bg-slate-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:disabled:text-slate-400',
  ghost:
    'text-slate-700 hover:bg-slate-100 disabled:text-slate-500 dark:text-slate-200 dark:hover:bg-slate-800 dark:disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
};

/** Touch targets are at least 44 px tall on small screens (min-h-11), compact from md up. */
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm md:min-h-9',
  md: 'min-h-11 px-4 text-sm',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed aria-disabled:cursor-wait aria-disabled:opacity-70',
    VARIANTS[variant],
    SIZES[size],
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Working on what it started: presses are ignored, but the button keeps keyboard focus. A
   * `disabled` button drops it to the page, so whoever pressed it (Enter, Space) is lost.
   */
  busy?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    className,
    type = 'button',
    disabled,
    busy,
    onClick,
    ...props
  },
  ref,
) {
  // A submit button waits for the app: before hydration the browser would submit the form
  // itself (lib/hydration.ts, useHydrated).
  const hydrated = useHydrated();
  return (
    <button
      ref={ref}
      type={type}
      className={cx(buttonClasses(variant, size), className)}
      disabled={disabled === true || (type === 'submit' && !hydrated)}
      aria-disabled={busy ? true : undefined}
      aria-busy={busy ? true : undefined}
      onClick={(event) => {
        // Also stops a submit button sending its form again meanwhile.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
});

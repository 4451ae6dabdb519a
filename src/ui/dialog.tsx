import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { Icon } from './icons';

/**
 * A modal on the native <dialog> (showModal gives focus containment, Escape, an inert page and
 * focus return for free, at no bundle cost). `sheet` slides up from the bottom on phones.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  variant = 'center',
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  variant?: 'center' | 'sheet';
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // Clicking the backdrop (the dialog box itself, outside the panel) closes it; Escape closes
    // natively, so the keyboard path exists without a key handler here.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cx(
        'bg-transparent p-0 text-slate-900 backdrop:bg-slate-950/50 dark:text-slate-100',
        variant === 'sheet'
          ? 'mx-0 mt-auto mb-0 w-full max-w-none sm:m-auto sm:max-w-lg'
          : 'm-auto w-[calc(100%-1.5rem)] max-w-lg',
        className,
      )}
    >
      <div
        className={cx(
          'max-h-[85dvh] overflow-y-auto bg-white p-4 shadow-xl sm:p-5 dark:bg-slate-900',
          variant === 'sheet'
            ? 'rounded-t-2xl pb-[calc(1rem+env(safe-area-inset-bottom))] sm:rounded-2xl'
            : 'rounded-2xl',
        )}
      >
        <div className="mb-3 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

import { useId, type ReactNode, type Ref } from 'react';

/** One titled panel of a page or a settings tab (a section named by its h2). */
export function Group({
  title,
  description,
  headingRef,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** For a page that moves focus to the heading (then focusable by script, not by Tab). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-base font-semibold"
      >
        {title}
      </h2>
      {description ? (
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      ) : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

import type { ComponentPropsWithoutRef } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cx } from '../lib/cx';

/**
 * Radix Tabs (WAI-ARIA tabs: arrow keys move between tabs, Home/End jump, Tab enters the panel)
 * with the app's styling. On a phone the list wraps onto a second line rather than scrolling
 * sideways, where a tab cut off at the edge ("Audit l…") was the only sign that more followed.
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cx(
        'flex flex-wrap border-b border-slate-200 sm:flex-nowrap sm:gap-1 sm:overflow-x-auto dark:border-slate-800',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cx(
        '-mb-px inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-1.5 text-sm sm:px-3 font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
        'data-[state=active]:border-brand-600 data-[state=active]:text-brand-800 dark:data-[state=active]:border-brand-500 dark:data-[state=active]:text-brand-100',
        'focus-visible:-outline-offset-2',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cx('pt-5 focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}

import type { ComponentPropsWithoutRef } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cx } from '../lib/cx';

/**
 * Radix Tabs (WAI-ARIA tabs: arrow keys move between tabs, Home/End jump, Tab enters the panel)
 * with the app's styling. The list scrolls sideways on a phone instead of wrapping.
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cx(
        'flex overflow-x-auto border-b sm:gap-1 border-slate-200 dark:border-slate-800',
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

import { Icon } from './icons';
import { useTooltip } from './tooltip';

/**
 * An "i" button explaining a figure. Hover or keyboard focus shows the tooltip; a press (the only
 * way on a phone, where tooltips never open) toggles the same text inline via `onToggle`.
 */
export function InfoButton({
  label,
  tip,
  expanded,
  controls,
  onToggle,
}: {
  label: string;
  tip: string;
  expanded: boolean;
  controls: string;
  onToggle: () => void;
}) {
  const tooltip = useTooltip<HTMLButtonElement>(tip);
  return (
    <>
      <button
        type="button"
        {...tooltip.triggerProps}
        aria-label={`About ${label}`}
        aria-expanded={expanded}
        aria-controls={controls}
        onClick={onToggle}
        className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 md:h-8 md:w-8 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <Icon name="info" className="h-4 w-4" />
      </button>
      {tooltip.tip}
    </>
  );
}

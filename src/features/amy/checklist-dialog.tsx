import { CHECKLIST_IDS, EVENT_CHECKLIST } from './event-planning';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ProgressBar } from '../../ui/progress-bar';
import { useChecklist } from './use-checklist';

/** The event planning checklist: ticks are remembered on this device. */
export function ChecklistDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { done, saved, toggle, clear } = useChecklist();
  const count = CHECKLIST_IDS.filter((id) => done.has(id)).length;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Event Planning Checklist"
      description="From first idea to follow-up. Your ticks are kept on this device."
    >
      <div className="grid gap-4">
        <div>
          <p className="text-sm font-medium" aria-live="polite">
            {count} of {CHECKLIST_IDS.length} done
          </p>
          <ProgressBar percent={(count / CHECKLIST_IDS.length) * 100} className="mt-1" />
          {saved ? null : (
            <p role="alert" className="mt-2 text-sm text-amber-900 dark:text-amber-200">
              This browser would not save the checklist; your ticks last until you leave the page.
            </p>
          )}
        </div>
        {EVENT_CHECKLIST.map((phase) => (
          <fieldset key={phase.title}>
            <legend className="text-sm font-semibold">{phase.title}</legend>
            <ul className="mt-1 grid">
              {phase.items.map((item) => (
                <li key={item.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                    <input
                      type="checkbox"
                      checked={done.has(item.id)}
                      onChange={() => toggle(item.id)}
                      className="h-5 w-5 shrink-0 accent-brand-700"
                    />
                    <span className={done.has(item.id) ? 'text-slate-500 line-through' : undefined}>
                      {item.text}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={clear} disabled={count === 0}>
            Clear all ticks
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}

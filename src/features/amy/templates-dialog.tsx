import { useId, useState } from 'react';
import { CopyNote, useCopy } from '../../ui/copy-note';
import type { Suggestion } from '../../api/contract';
import { fillTemplate, TEMPLATE_KINDS, type TemplateKind } from './event-planning';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { EmptyNote } from '../../ui/empty-note';
import { PageIcon } from '../../ui/page-icons';
import { CONTROL_CLASSES } from '../../ui/field';
import { SelectField } from '../../ui/select-field';

/** Marketing templates filled from one of Amy's suggestions, ready to copy. */
export function TemplatesDialog({
  open,
  onClose,
  suggestions,
  initialSuggestionId,
  communityName,
}: {
  open: boolean;
  onClose: () => void;
  suggestions: readonly Suggestion[];
  initialSuggestionId?: string;
  communityName: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Marketing Templates"
      description="Announcements filled in from Amy's suggestions. Copy one, adjust it and send it your usual way."
    >
      {open ? (
        <TemplatesBody
          suggestions={suggestions}
          initialSuggestionId={initialSuggestionId}
          communityName={communityName}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function TemplatesBody({
  suggestions,
  initialSuggestionId,
  communityName,
  onClose,
}: {
  suggestions: readonly Suggestion[];
  initialSuggestionId?: string;
  communityName: string;
  onClose: () => void;
}) {
  const [suggestionId, setSuggestionId] = useState(initialSuggestionId ?? suggestions[0]?.id ?? '');
  const [kind, setKind] = useState<TemplateKind>('email');
  const [copy, copyText, resetCopy] = useCopy();
  const textId = useId();
  const suggestion = suggestions.find((item) => item.id === suggestionId) ?? suggestions[0];

  if (!suggestion) {
    return (
      <EmptyNote title="No suggestions to fill the templates from">
        Templates are filled from Amy&apos;s suggestions, and there are none to use right now. Pick
        another month on the page, or try again once the suggestions have loaded.
      </EmptyNote>
    );
  }
  const text = fillTemplate(kind, suggestion, communityName);

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Event"
          value={suggestion.id}
          options={suggestions.map((item) => ({ value: item.id, label: item.title }))}
          onChange={(value) => {
            setSuggestionId(value);
            resetCopy();
          }}
        />
        <SelectField
          label="Template"
          value={kind}
          options={TEMPLATE_KINDS.map((item) => ({ value: item.kind, label: item.label }))}
          onChange={(value) => {
            setKind(value);
            resetCopy();
          }}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={textId} className="text-sm font-medium">
          Text
        </label>
        <textarea
          id={textId}
          readOnly
          value={text}
          rows={kind === 'email' ? 12 : 5}
          onFocus={(event) => event.currentTarget.select()}
          className={CONTROL_CLASSES}
        />
      </div>
      <CopyNote state={copy} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => void copyText(text)}>
          <PageIcon name="check" className="h-4 w-4" />
          Copy text
        </Button>
      </div>
    </div>
  );
}

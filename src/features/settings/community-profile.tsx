import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { communityQuery } from '../../api/community';
import { updateCommunity } from '../../api/community-admin';
import type { CommunityProfile } from '../../api/contract';
import { useMe } from '../../api/me';
import { ACCOUNT_UNKNOWN_NOTE, isAccountUnknown } from '../../api/account-unknown';
import { CURRENCIES, timeZoneLabel, type Currency } from '../../lib/community-profile';
import {
  CURRENCY_NAMES,
  profileChanges,
  timeZoneChoices,
  validateProfile,
  type ProfileDraft,
  type ProfileErrors,
} from '../../lib/community-profile-form';
import { useConnectivity } from '../../lib/connectivity';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { FormStatus } from '../../ui/form-status';
import { InfoNote } from '../../ui/info-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { toast } from '../../ui/toast';
import { Group } from '../../ui/group';

export const PROFILE_NEEDS_CONNECTION =
  'Changing the community profile needs a connection to CommonGround. You are offline: nothing is saved until you are back online.';

/** Said to everyone but an Admin, whose role is known. */
export const PROFILE_ADMINS_ONLY = 'Only Admins change the community profile.';

/**
 * Said when who is signed in cannot be checked (offline, /api/me never answered on this visit):
 * the person may well be an Admin, so the profile is shown read-only for want of a connection,
 * never because of their role.
 */
export const PROFILE_ROLE_UNKNOWN = `${ACCOUNT_UNKNOWN_NOTE}, and changing the community profile needs a connection: an Admin can change it here when the connection returns.`;

/** Fixed ids, so a refused save can put focus on the first field to fix. */
export const PROFILE_FIELD_IDS: Record<keyof ProfileDraft, string> = {
  name: 'community-name',
  code: 'community-code',
  address: 'community-address',
  timeZone: 'community-time-zone',
  currency: 'community-currency',
};
const FIELD_ORDER = ['name', 'code', 'address', 'timeZone', 'currency'] as const;

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: `${currency} — ${CURRENCY_NAMES[currency]}`,
}));

const draftOf = (profile: CommunityProfile): ProfileDraft => ({
  name: profile.name,
  code: profile.code,
  address: profile.address,
  timeZone: profile.timeZone,
  currency: profile.currency,
});

/**
 * Settings → General, Community: the profile every user of the community sees (name, code,
 * address, time zone, currency), stored on the server. Admins edit it; everyone else reads it.
 */
export function CommunityProfileSection({
  onDirtyChange,
}: {
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const meQuery = useMe();
  // Offline, the account this visit already checked (the me query's cached data) still counts.
  const me = meQuery.data;
  const isAdmin = me != null && !me.demo && me.user.role === 'admin';
  // Not known at all: the role is not held against the person (PROFILE_ROLE_UNKNOWN). While it
  // is still being checked, nothing is said.
  const note = me ? PROFILE_ADMINS_ONLY : isAccountUnknown(meQuery) ? PROFILE_ROLE_UNKNOWN : null;
  const query = useQuery(communityQuery());
  // A saved profile comes back as a new form (keyed by the profile): the status line of whichever
  // form is shown, and whether it should take focus as it mounts.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const justSavedRef = useRef(false);
  return (
    <Group
      title="Community"
      description="The same for every user of the community: shown in the app and on reports; every time is in this zone."
    >
      <QueryState query={query} label="community profile" skeleton={<ListSkeleton rows={3} />}>
        {(profile: CommunityProfile) =>
          isAdmin ? (
            <ProfileForm
              key={JSON.stringify(profile)}
              profile={profile}
              onDirtyChange={onDirtyChange}
              statusRef={statusRef}
              justSavedRef={justSavedRef}
            />
          ) : (
            <ProfileView profile={profile} note={note} />
          )
        }
      </QueryState>
    </Group>
  );
}

function ProfileView({ profile, note }: { profile: CommunityProfile; note: string | null }) {
  const rows: [string, string][] = [
    ['Community name', profile.name],
    ['Community code', profile.code || '—'],
    ['Address', profile.address || '—'],
    ['Time zone', timeZoneLabel(profile.timeZone)],
    ['Currency', `${profile.currency} — ${CURRENCY_NAMES[profile.currency]}`],
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {note ? <InfoNote>{note}</InfoNote> : null}
    </div>
  );
}

function ProfileForm({
  profile,
  onDirtyChange,
  statusRef,
  justSavedRef,
}: {
  profile: CommunityProfile;
  onDirtyChange?: (dirty: boolean) => void;
  statusRef: RefObject<HTMLParagraphElement | null>;
  justSavedRef: RefObject<boolean>;
}) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const saved = useMemo(() => draftOf(profile), [profile]);
  const [draft, setDraft] = useState<ProfileDraft>(saved);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changes = profileChanges(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const zones = useMemo(() => {
    const all = timeZoneChoices();
    return (all.includes(saved.timeZone) ? all : [saved.timeZone, ...all]).map((zone) => ({
      value: zone,
      label: timeZoneLabel(zone),
    }));
  }, [saved.timeZone]);

  // Saved and disabled, Save would drop focus to the page: it goes to the line that says so.
  useEffect(() => {
    if (!justSavedRef.current) return;
    justSavedRef.current = false;
    statusRef.current?.focus();
  }, [justSavedRef, statusRef]);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => {
    justSavedRef.current = false;
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFailure(null);
  };

  const focusFirst = (found: ProfileErrors) => {
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) document.getElementById(PROFILE_FIELD_IDS[first])?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateProfile(draft);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    if (!online) {
      setFailure(PROFILE_NEEDS_CONNECTION);
      return;
    }
    setBusy(true);
    try {
      const outcome = await updateCommunity(client, changes);
      if (outcome.ok) {
        toast({
          title: 'Community profile saved',
          description: 'It applies to every user of the community.',
        });
        statusRef.current?.focus();
        justSavedRef.current = true;
        return;
      }
      const field = /^(name|code|address|timeZone|currency):\s*(.*)$/.exec(outcome.error);
      if (field?.[1]) {
        const key = field[1] as keyof ProfileDraft;
        setErrors({ [key]: field[2] ?? outcome.error });
        focusFirst({ [key]: 'x' });
      } else {
        setFailure(outcome.error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={PROFILE_FIELD_IDS.name} label="Community name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="organization"
              value={draft.name}
              onChange={(event) => set('name', event.target.value)}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <Field
          id={PROFILE_FIELD_IDS.code}
          label="Community code"
          hint="Letters, numbers and hyphens, e.g. WCCA-2024."
          error={errors.code}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoCapitalize="characters"
              spellCheck={false}
              value={draft.code}
              onChange={(event) => set('code', event.target.value)}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <div className="md:col-span-2">
          <Field id={PROFILE_FIELD_IDS.address} label="Address" error={errors.address} optional>
            {(props) => (
              <textarea
                {...props}
                rows={2}
                autoComplete="street-address"
                value={draft.address}
                onChange={(event) => set('address', event.target.value)}
                className={CONTROL_CLASSES}
              />
            )}
          </Field>
        </div>
        <SelectField
          id={PROFILE_FIELD_IDS.timeZone}
          label="Time zone"
          hint="Every date and time of the community, reports and alerts included."
          value={draft.timeZone}
          options={zones}
          error={errors.timeZone}
          onChange={(value) => set('timeZone', value)}
        />
        <SelectField<Currency>
          id={PROFILE_FIELD_IDS.currency}
          label="Currency"
          hint="Only the symbol changes; amounts are not converted."
          value={draft.currency}
          options={CURRENCY_OPTIONS}
          error={errors.currency}
          onChange={(value) => set('currency', value)}
        />
      </div>
      <FormStatus online={online} offlineText={PROFILE_NEEDS_CONNECTION} failure={failure} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p
          ref={statusRef}
          tabIndex={-1}
          role="status"
          className="mr-auto text-sm text-slate-700 dark:text-slate-300"
        >
          {dirty ? 'Unsaved changes to the community profile.' : 'Saved for every user.'}
        </p>
        <Button
          variant="secondary"
          busy={busy}
          disabled={!dirty}
          onClick={() => {
            setDraft(saved);
            setErrors({});
            setFailure(null);
            statusRef.current?.focus();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" busy={busy} disabled={!dirty}>
          {busy ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

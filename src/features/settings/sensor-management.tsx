import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import {
  INTEGRATION_KINDS,
  IntegrationWithSecretSchema,
  type DeviceCreateBody,
  type DiscoveredDevice,
  type IntegrationKind,
  type Integration,
  type IntegrationWithSecret,
  type Sensor,
} from '../../api/contract';
import { useMe } from '../../api/me';
import {
  integrationsQuery,
  sensorAdmin,
  useIntegrations,
  type WriteResult,
} from '../../api/sensor-admin';
import { sensorsQuery, useSensors } from '../../api/sensors';
import {
  INTEGRATION_KIND_CHOICES,
  INTEGRATION_KIND_LABELS,
  integrationSetupSteps,
  webhookUrlOf,
} from '../../lib/lorawan-setup';
import { fieldMessage, fieldOfError } from '../../lib/field-error';
import { deviceFormErrors, integrationNameError } from '../../lib/sensor-admin-messages';
import { useConnectivity } from '../../lib/connectivity';
import { Button } from '../../ui/button';
import { ConfirmAction } from '../../ui/confirm-action';
import { Dialog, useDialogClose } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { InfoNote } from '../../ui/info-note';
import { SelectField } from '../../ui/select-field';
import { toast } from '../../ui/toast';
import { Group } from '../../ui/group';
import { useFocusAfterRemoval, type RemovedRow } from '../../ui/use-focus-after-removal';

const muted = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * LoRaWAN sensors, for Admins only (the server refuses everyone else; Managers and Board see
 * nothing of it here): network-server integrations with their webhook set-up, and the people
 * counters registered per amenity, including assigning the unknown ones that sent uplinks.
 */
export function SensorManagement() {
  const me = useMe();
  const isAdmin = me.data?.demo === false && me.data.user.role === 'admin';
  return isAdmin ? (
    <>
      <NetworkServers />
      <Devices />
    </>
  ) : null;
}

/**
 * Runs a write, says what went wrong, and refreshes what it changed. A form in a dialog passes
 * `inForm` and shows the error itself: a toast would sit under the modal's backdrop, unreadable.
 */
function useWrite() {
  const client = useQueryClient();
  return async (
    work: () => Promise<WriteResult>,
    { inForm = false }: { inForm?: boolean } = {},
  ): Promise<WriteResult> => {
    const result = await work();
    if (!result.ok && !inForm) toast({ title: result.error, tone: 'error' });
    await Promise.all([
      client.invalidateQueries({ queryKey: integrationsQuery().queryKey }),
      client.invalidateQueries({ queryKey: sensorsQuery().queryKey }),
    ]);
    return result;
  };
}

export const SENSORS_NEED_CONNECTION =
  'Setting up sensors needs a connection to CommonGround. You are offline: nothing was changed.';

function NetworkServers() {
  const query = useIntegrations({ enabled: true });
  const online = useConnectivity() === 'online';
  const write = useWrite();
  const [kind, setKind] = useState<IntegrationKind>('tts');
  const [name, setName] = useState('');
  // What is wrong with the name as typed, said at the field before anything is sent.
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [revealed, setRevealed] = useState<IntegrationWithSecret | null>(null);
  // Rotating stops the old secret at once and deleting cannot be undone: both ask first.
  const [confirming, setConfirming] = useState<{
    action: 'rotate' | 'delete';
    integration: Integration;
    row: number;
  } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const removedRef = useRef<RemovedRow | null>(null);
  useFocusAfterRemoval({
    removedRef,
    keys: query.data?.map((integration) => integration.id) ?? [],
    paused: confirming !== null,
    listRef,
    selector: '[data-delete-integration]',
    fallbackRef: nameRef,
  });

  const reveal = (result: WriteResult) => {
    const parsed = result.ok ? IntegrationWithSecretSchema.safeParse(result.json) : null;
    if (parsed?.success) setRevealed(parsed.data);
  };
  const connect = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = integrationNameError(name);
    if (invalid) {
      setNameError(invalid);
      nameRef.current?.focus();
      return;
    }
    const result = await write(() => sensorAdmin.createIntegration({ kind, name }));
    if (result.ok) setName('');
    reveal(result);
  };

  return (
    <Group
      title="LoRaWAN network servers"
      description="Each The Things Stack or ChirpStack application posts its uplinks to its own webhook URL with its own secret; a CommonGround readings integration takes batches in our own format the same way."
    >
      {query.data && query.data.length > 0 ? (
        <ul
          ref={listRef}
          aria-label="Network servers"
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {query.data.map((integration, row) => (
            <li key={integration.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1 basis-52">
                {/* A name is up to 100 characters, perhaps without a space: it wraps anywhere
                    rather than widen the page past the phone's edge (and Connect with it). */}
                <p className="font-medium wrap-anywhere">{integration.name}</p>
                <p className={muted}>
                  {INTEGRATION_KIND_LABELS[integration.kind]} ·{' '}
                  <span className="font-mono break-all">
                    {webhookUrlOf(window.location.origin, integration.uplinkPath)}
                  </span>
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Rotate secret: ${integration.name}`}
                onClick={() => setConfirming({ action: 'rotate', integration, row })}
              >
                Rotate secret
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete: ${integration.name}`}
                data-delete-integration=""
                onClick={() => setConfirming({ action: 'delete', integration, row })}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>{query.isPending ? 'Loading…' : 'No network server connected yet.'}</p>
      )}

      {/* Laid out by its own width (a container query), not the viewport's: the sidebar takes
          16rem from 1024 px up. A select's text cannot wrap, and a select whose width is a
          percentage may be squeezed below its longest option (a grid's auto track gave it
          244 px of the 321 it needed at 640 px), so the select is only ever in a row as a
          max-content column, from 40rem, where that column, the name's 12rem and Connect fit
          with room to spare. From 30rem the select has a row of its own, the name and Connect
          share the next; below that, one field per row, Connect as wide as the form. */}
      <div className="mt-4 @container">
        <form
          onSubmit={connect}
          noValidate
          // In a row, the fields and the button line up at their tops, not their ends: a Name
          // error under its input stretched the row, and the select and Connect dropped to its
          // last line. The button starts under the labels' line (1.25rem and the fields'
          // 0.375rem gap), level with the inputs.
          className="grid gap-3 @min-[30rem]:grid-cols-[minmax(0,1fr)_auto] @min-[30rem]:items-start @min-[40rem]:grid-cols-[max-content_minmax(12rem,1fr)_auto]"
        >
          <div className="@min-[30rem]:col-span-2 @min-[40rem]:col-span-1">
            <SelectField<IntegrationKind>
              label="Network server"
              value={kind}
              onChange={setKind}
              options={INTEGRATION_KINDS.map((value) => ({
                value,
                label: INTEGRATION_KIND_CHOICES[value],
              }))}
            />
          </div>
          <Field label="Name" error={nameError}>
            {(props) => (
              <input
                {...props}
                ref={nameRef}
                className={CONTROL_CLASSES}
                value={name}
                maxLength={100}
                required
                onChange={(event) => {
                  setName(event.target.value);
                  setNameError(undefined);
                }}
              />
            )}
          </Field>
          <Button type="submit" className="@min-[30rem]:mt-6.5">
            Connect
          </Button>
        </form>
      </div>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        className="wrap-anywhere"
        title={
          confirming?.action === 'delete'
            ? `Delete ${confirming.integration.name}?`
            : `Rotate the secret of ${confirming?.integration.name ?? 'this network server'}?`
        }
      >
        {confirming ? (
          <ConfirmAction
            actionLabel={confirming.action === 'delete' ? 'Delete network server' : 'Rotate secret'}
            online={online}
            offlineText={SENSORS_NEED_CONNECTION}
            act={async () => {
              const { action, integration } = confirming;
              const result = await write(
                () =>
                  action === 'delete'
                    ? sensorAdmin.deleteIntegration(integration.id)
                    : sensorAdmin.rotateSecret(integration.id),
                { inForm: true },
              );
              if (result.ok && action === 'rotate') reveal(result);
              return result;
            }}
            onDone={(done) => {
              if (done && confirming.action === 'delete') {
                toast({
                  title: 'Network server deleted',
                  description: confirming.integration.name,
                });
                removedRef.current = { key: confirming.integration.id, row: confirming.row };
              }
              setConfirming(null);
            }}
          >
            {confirming.action === 'delete'
              ? `Its webhook URL and secret stop working at once, so its uplinks are refused; the readings already stored stay. This cannot be undone: to take its uplinks again, connect it anew and enter the new URL and secret in the network server.`
              : `A new secret is made and shown once. The old one stops working at once: ${INTEGRATION_KIND_LABELS[confirming.integration.kind]} deliveries are refused until its webhook has the new secret.`}
          </ConfirmAction>
        ) : null}
      </Dialog>
      <Dialog
        open={revealed !== null}
        onClose={() => setRevealed(null)}
        className="wrap-anywhere"
        title={revealed ? `Connect ${revealed.integration.name}` : 'Connect'}
        description={
          revealed?.integration.kind === 'chirpstack'
            ? 'In ChirpStack: Application → Integrations → HTTP.'
            : revealed?.integration.kind === 'readings'
              ? 'Post batches of readings in our own format to this URL with this secret.'
              : 'In The Things Stack: Integrations → Webhooks → Add webhook → Custom webhook.'
        }
      >
        {revealed ? <SetupSteps revealed={revealed} /> : null}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setRevealed(null)}>
            Done
          </Button>
        </div>
      </Dialog>
    </Group>
  );
}

function SetupSteps({ revealed }: { revealed: IntegrationWithSecret }) {
  const { integration, secret } = revealed;
  const url = webhookUrlOf(window.location.origin, integration.uplinkPath);
  return (
    <>
      <dl className="grid gap-2">
        {integrationSetupSteps(integration.kind, url, secret).map((step) => (
          <div key={step.label}>
            <dt className={muted}>{step.label}</dt>
            <dd className="font-mono text-sm break-all">{step.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">
        <InfoNote>
          The secret is shown only now. Copy it into the network server; if it is lost, rotate it
          (the old one stops working at once).
        </InfoNote>
      </div>
    </>
  );
}

type DeviceDraft = { mode: 'register' | 'edit'; body: DeviceCreateBody };

function Devices() {
  const sensors = useSensors();
  const amenities = useAmenityAnalytics();
  const write = useWrite();
  const [draft, setDraft] = useState<DeviceDraft | null>(null);
  const [removing, setRemoving] = useState<{ sensor: Sensor; row: number } | null>(null);
  const online = useConnectivity() === 'online';
  const listRef = useRef<HTMLUListElement>(null);
  const registerRef = useRef<HTMLButtonElement>(null);
  const removedRef = useRef<RemovedRow | null>(null);
  useFocusAfterRemoval({
    removedRef,
    keys: sensors.data?.sensors.map((sensor) => sensor.devEui) ?? [],
    paused: removing !== null,
    listRef,
    selector: '[data-remove-device]',
    fallbackRef: registerRef,
  });
  const firstAmenity = amenities.data?.[0]?.id ?? '';
  const amenityName = (id: string) => amenities.data?.find((a) => a.id === id)?.name ?? id;

  const blank = (discovered?: DiscoveredDevice): DeviceDraft => ({
    mode: 'register',
    body: {
      devEui: discovered?.devEui ?? '',
      name: discovered?.deviceName ?? '',
      model: 'vs121',
      countingMode: 'area',
      amenityId: firstAmenity,
    },
  });
  const editing = (sensor: Sensor): DeviceDraft => ({
    mode: 'edit',
    body: {
      devEui: sensor.devEui,
      name: sensor.name,
      model: sensor.model,
      countingMode: sensor.countingMode,
      amenityId: sensor.amenityId,
      reportIntervalSeconds: sensor.reportIntervalSeconds,
    },
  });

  return (
    <Group
      title="People counters"
      description="Register each counter for the amenity it counts, or assign one that has already sent uplinks."
    >
      <div className="mb-3 flex justify-end">
        <Button ref={registerRef} onClick={() => setDraft(blank())}>
          Register device
        </Button>
      </div>
      <ul
        ref={listRef}
        aria-label="Registered devices"
        className="divide-y divide-slate-200 dark:divide-slate-800"
      >
        {(sensors.data?.sensors ?? []).map((sensor, row) => (
          <li key={sensor.devEui} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1 basis-52 wrap-anywhere">
              <p className="font-medium">{sensor.name}</p>
              <p className={muted}>
                {amenityName(sensor.amenityId)} · {sensor.model.toUpperCase()} ·{' '}
                <span className="font-mono">{sensor.devEui}</span>
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Edit: ${sensor.devEui}`}
              onClick={() => setDraft(editing(sensor))}
            >
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove: ${sensor.devEui}`}
              data-remove-device=""
              onClick={() => setRemoving({ sensor, row })}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {sensors.data && sensors.data.discovered.length > 0 ? (
        <section className="mt-4" aria-label="Unknown devices to assign">
          <h3 className="text-sm font-semibold">Unknown devices</h3>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {sensors.data.discovered.map((device) => (
              <li key={device.devEui} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1 basis-52 wrap-anywhere">
                  <p className="font-mono">{device.devEui}</p>
                  <p className={muted}>{device.lastSummary}</p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Assign: ${device.devEui}`}
                  onClick={() => setDraft(blank(device))}
                >
                  Assign
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Dialog
        open={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.mode === 'edit' ? `Edit ${draft.body.devEui}` : 'Register device'}
      >
        {draft ? (
          <DeviceForm
            draft={draft}
            amenities={(amenities.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            onCancel={() => setDraft(null)}
            onSave={async (body) => {
              const { devEui, ...changes } = body;
              const result = await write(
                () =>
                  draft.mode === 'edit'
                    ? sensorAdmin.updateDevice(devEui, changes)
                    : sensorAdmin.registerDevice(body),
                { inForm: true },
              );
              if (result.ok) setDraft(null);
              return result;
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        className="wrap-anywhere"
        title={removing ? `Remove ${removing.sensor.name}?` : 'Remove device?'}
      >
        {removing ? (
          <ConfirmAction
            actionLabel="Remove device"
            online={online}
            offlineText={SENSORS_NEED_CONNECTION}
            act={() =>
              write(() => sensorAdmin.removeDevice(removing.sensor.devEui), { inForm: true })
            }
            onDone={(done) => {
              if (done) {
                toast({ title: 'Device removed', description: removing.sensor.devEui });
                removedRef.current = { key: removing.sensor.devEui, row: removing.row };
              }
              setRemoving(null);
            }}
          >
            {removing.sensor.name} ({removing.sensor.devEui}) stops counting for{' '}
            {amenityName(removing.sensor.amenityId)} now; the readings it sent stay. Its next
            uplinks are listed as an unknown device, to register again if you need it.
          </ConfirmAction>
        ) : null}
      </Dialog>
    </Group>
  );
}

type DeviceField = 'devEui' | 'name' | 'amenityId';
type DeviceErrors = Partial<Record<DeviceField | 'form', string>>;

/**
 * Where a refusal of the server belongs: "A device with dev EUI … is already registered" and
 * "Invalid body: devEui: …" at the Dev EUI, "…: name: …" at the name; anything else under the
 * form.
 */
function deviceErrorsOf(error: string): DeviceErrors {
  const field = fieldOfError(error);
  if (field === 'devEui' || field === 'name' || field === 'amenityId') {
    return { [field]: fieldMessage(error) };
  }
  if (/\bdev ?EUI\b/i.test(error)) return { devEui: error };
  return { form: error };
}

function DeviceForm({
  draft,
  amenities,
  onSave,
  onCancel,
}: {
  draft: DeviceDraft;
  amenities: { value: string; label: string }[];
  onSave: (body: DeviceCreateBody) => Promise<WriteResult>;
  onCancel: () => void;
}) {
  const [body, setBody] = useState<DeviceCreateBody>(draft.body);
  const [errors, setErrors] = useState<DeviceErrors>({});
  const [busy, setBusy] = useState(false);
  const cancel = useDialogClose(onCancel);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by each refused save, so the effect shows the problem wherever the dialog scrolled.
  const [refusals, setRefusals] = useState(0);
  const set = <K extends keyof DeviceCreateBody>(key: K, value: DeviceCreateBody[K]) => {
    setBody((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined, form: undefined }));
  };

  useEffect(() => {
    if (refusals === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)') ??
      form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.matches('input:not(:disabled), select')) target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Every field that cannot be sent, each said at its field (the server would refuse the same).
    const invalid = deviceFormErrors(body);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await onSave({ ...body, devEui: body.devEui.trim() });
      if (!result.ok) {
        setErrors(deviceErrorsOf(result.error));
        setRefusals((count) => count + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} id={formId} onSubmit={submit} className="grid gap-3" noValidate>
      <Field label="Dev EUI" error={errors.devEui}>
        {(props) => (
          <input
            {...props}
            className={`${CONTROL_CLASSES} font-mono`}
            value={body.devEui}
            disabled={draft.mode === 'edit'}
            maxLength={16}
            onChange={(event) => set('devEui', event.target.value)}
          />
        )}
      </Field>
      <Field label="Device name" error={errors.name}>
        {(props) => (
          <input
            {...props}
            className={CONTROL_CLASSES}
            value={body.name}
            maxLength={100}
            onChange={(event) => set('name', event.target.value)}
          />
        )}
      </Field>
      <SelectField
        label="Amenity"
        value={body.amenityId}
        options={amenities}
        onChange={(value) => set('amenityId', value)}
        error={errors.amenityId}
      />
      <SelectField<'vs121' | 'vs133'>
        label="Model"
        value={body.model}
        options={[
          { value: 'vs121', label: 'Milesight VS121 (area)' },
          { value: 'vs133', label: 'Milesight VS133 (line crossing)' },
        ]}
        onChange={(value) => set('model', value)}
      />
      <SelectField<'area' | 'line'>
        label="Counting mode"
        value={body.countingMode}
        options={[
          { value: 'area', label: 'Area: people present' },
          { value: 'line', label: 'Line: people passing' },
        ]}
        onChange={(value) => set('countingMode', value)}
      />
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Save device
        </Button>
      </div>
    </form>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ImportRow,
  type ResidentImport,
} from '../../api/contract';
import {
  importResidents,
  previewOf,
  refreshResidents,
  RESIDENTS_OFFLINE_MESSAGE,
} from '../../api/residents';
import { SAVED_UNKNOWN } from '../../api/send';
import { useConnectivity } from '../../lib/connectivity';
import { formatCount } from '../../lib/format';
import { RESIDENT_CSV_COLUMNS } from '../../lib/residents-csv';
import { Button } from '../../ui/button';
import { FormStatus } from '../../ui/form-status';
import { Icon } from '../../ui/icons';
import { RESIDENTS_NEED_CONNECTION } from './resident-form';

/** "1 row", "2 rows". */
const count = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;

/** Rows listed in the preview; the rest are counted. Rows with problems come first. */
export const PREVIEW_ROWS = 100;

/** The rows the preview lists: every row with a problem first (up to the limit), then the rest. */
export function previewRows(rows: readonly ImportRow[], limit = PREVIEW_ROWS): ImportRow[] {
  const bad = rows.filter((row) => row.errors.length > 0);
  const good = rows.filter((row) => row.errors.length === 0);
  return [...bad, ...good].slice(0, limit);
}

/**
 * Import CSV: the file is checked by the server without storing anything (a dry run), the
 * preview lists each row with its problems, and Import stores every row or none.
 */
export function ResidentsImport({ onDone }: { onDone: (imported: number) => void }) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ResidentImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (name: string, text: string) => {
    setFile({ name, text });
    setPreview(null);
    setFailure(null);
    if (!online) {
      setFailure(RESIDENTS_NEED_CONNECTION);
      return;
    }
    setBusy(true);
    try {
      const result = await importResidents(text, true);
      if (result.ok) setPreview(result.value);
      else setFailure(result.error);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setFile(null);
      setPreview(null);
      setFailure(`${chosen.name} is larger than 1 MB; split it into smaller files.`);
      return;
    }
    await check(chosen.name, await chosen.text());
  };

  const runImport = async () => {
    if (!file || !preview) return;
    setFailure(null);
    if (!online) {
      setFailure(RESIDENTS_NEED_CONNECTION);
      return;
    }
    setBusy(true);
    try {
      const result = await importResidents(file.text, false);
      if (result.ok) {
        await refreshResidents(client);
        onDone(result.value.imported);
        return;
      }
      // Perhaps imported: the directory behind the dialog shows what is stored.
      if (result.error === SAVED_UNKNOWN) await refreshResidents(client);
      // Refused: the directory changed since the preview (someone added one of the emails).
      setFailure(result.error);
      const refreshed = previewOf(result.body);
      if (refreshed) setPreview(refreshed);
    } finally {
      setBusy(false);
    }
  };

  const ready = preview !== null && preview.invalid === 0 && preview.rows.length > 0;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          onChange={(event) => void choose(event)}
          className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
        />
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          A header row, then one resident per row. Columns:{' '}
          {RESIDENT_CSV_COLUMNS.map((c) => c.header + (c.required ? ' (required)' : '')).join(', ')}
          . At most {formatCount(MAX_IMPORT_ROWS)} rows and 1 MB. An exported file imports as it is.
        </p>
      </div>

      {busy && !preview ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Checking {file?.name}…
        </p>
      ) : null}
      {preview ? <ImportPreview preview={preview} fileName={file?.name ?? ''} /> : null}

      <FormStatus
        online={online}
        offlineText={RESIDENTS_NEED_CONNECTION}
        unreachableText={RESIDENTS_OFFLINE_MESSAGE}
        failure={failure}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(0)}>
          Cancel
        </Button>
        <Button busy={busy} disabled={!ready} onClick={() => void runImport()}>
          {preview && preview.invalid === 0
            ? `Import ${count(preview.rows.length, 'resident')}`
            : 'Import'}
        </Button>
      </div>
    </div>
  );
}

function ImportPreview({ preview, fileName }: { preview: ResidentImport; fileName: string }) {
  const shown = previewRows(preview.rows);
  const total = preview.rows.length;
  return (
    <section aria-label="Import preview" className="grid gap-3">
      <p
        role="status"
        className={
          preview.invalid
            ? 'rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950/60 dark:text-red-100'
            : 'rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 dark:bg-green-950/60 dark:text-green-100'
        }
      >
        {preview.invalid
          ? `${fileName}: ${count(total, 'row')}, ${formatCount(preview.invalid)} with problems. Nothing is imported while any row has a problem: fix them in the file and choose it again.`
          : `${fileName}: ${count(total, 'resident')}, no problems. Nothing is saved until you press Import.`}
      </p>
      <ol aria-label="Rows" className="grid gap-2">
        {shown.map((row) => (
          <li
            key={row.line}
            className={
              row.errors.length
                ? 'rounded-lg border border-red-300 p-3 text-sm dark:border-red-800'
                : 'rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800'
            }
          >
            <p className="flex flex-wrap gap-x-2">
              <span className="text-slate-600 dark:text-slate-400">Line {row.line}</span>
              <span className="font-medium break-all">{row.name || '(no name)'}</span>
              <span>{row.unit}</span>
              {row.email ? <span className="break-all">{row.email}</span> : null}
            </p>
            {row.errors.length ? (
              <ul className="mt-1 grid gap-0.5 text-red-700 dark:text-red-300">
                {row.errors.map((error) => (
                  <li key={`${error.field}:${error.message}`} className="flex items-start gap-1.5">
                    <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span className="min-w-0 break-words">
                      {error.field ? `${error.field}: ` : 'Row: '}
                      {error.message}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {total > shown.length ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Showing {formatCount(shown.length)} of {formatCount(total)} rows
          {preview.invalid > shown.length ? '' : ' (every row with a problem is listed)'}.
        </p>
      ) : null}
    </section>
  );
}

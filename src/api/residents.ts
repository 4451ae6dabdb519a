import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  RESIDENT_PAGE_SIZE,
  RESIDENTS_EXPORT_PATH,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  ResidentImportSchema,
  ResidentPageSchema,
  ResidentSchema,
  type Resident,
  type ResidentImport,
  type ResidentInput,
  type ResidentPatch,
} from './contract';
import { contractQueryFn, REQUEST_TIMEOUT_MS } from './query-fn';
import { getCsvFile, parser, send, type Outcome } from './send';

/**
 * The residents directory (issue 11): Managers and Admins only (the server answers 403 to
 * anyone else). One page of a search; the page is part of the offline snapshot.
 */
export function residentsQuery(q: string, offset = 0) {
  return queryOptions({
    queryKey: [RESIDENTS_PATH, { q: q || undefined, limit: RESIDENT_PAGE_SIZE, offset }],
    queryFn: contractQueryFn(ResidentPageSchema),
  });
}

export function useResidents(
  q: string,
  offset: number,
  { enabled = true }: { enabled?: boolean } = {},
) {
  // While the next search loads, the last answer stays on screen instead of a skeleton.
  return useQuery({ ...residentsQuery(q, offset), enabled, placeholderData: keepPreviousData });
}

// A failure's `body` is the server's answer: a refused import's carries its preview.
export type { Outcome } from './send';

export const RESIDENTS_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Changing the residents directory needs a connection; nothing was saved.";

/** Imports and exports carry the whole directory, so this module's requests wait longer. */
const RESIDENTS_TIMEOUT_MS = REQUEST_TIMEOUT_MS * 3;

const writeOptions = { offlineMessage: RESIDENTS_OFFLINE_MESSAGE, timeoutMs: RESIDENTS_TIMEOUT_MS };

export const createResident = (input: ResidentInput): Promise<Outcome<Resident>> =>
  send('POST', RESIDENTS_PATH, { ...writeOptions, json: input, parse: parser(ResidentSchema) });

export const updateResident = (id: number, patch: ResidentPatch): Promise<Outcome<Resident>> =>
  send('PATCH', `${RESIDENTS_PATH}/${id}`, {
    ...writeOptions,
    json: patch,
    parse: parser(ResidentSchema),
  });

export const removeResident = (id: number): Promise<Outcome<Resident>> =>
  send('DELETE', `${RESIDENTS_PATH}/${id}`, { ...writeOptions, parse: parser(ResidentSchema) });

/**
 * A CSV file checked (`dryRun`) or imported. A refused import still carries its rows: the
 * outcome's `body` is then the preview with each row's problems.
 */
export const importResidents = (csv: string, dryRun: boolean): Promise<Outcome<ResidentImport>> =>
  send('POST', `${RESIDENTS_IMPORT_PATH}${dryRun ? '?dryRun=1' : ''}`, {
    ...writeOptions,
    file: { content: csv, type: 'text/csv' },
    parse: parser(ResidentImportSchema),
  });

/** The preview inside a refused import's body, when there is one. */
export function previewOf(body: unknown): ResidentImport | null {
  const parsed = ResidentImportSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The server's CSV file of the whole directory, with the name it gave it. */
export function fetchResidentsCsv() {
  return getCsvFile(RESIDENTS_EXPORT_PATH, {
    offlineMessage: "Can't reach CommonGround. Exporting the directory needs a connection.",
    fallbackName: 'residents.csv',
    timeoutMs: RESIDENTS_TIMEOUT_MS,
  });
}

/** After a change: every page of the directory reads the server again. */
export async function refreshResidents(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: [RESIDENTS_PATH] });
}

import { downloadBlob } from '../lib/download';
import { READINGS_FILE_COLUMNS, READINGS_FILE_PATH } from './contract';
import { getLargeFile } from './send';

/**
 * Saves the server's file of every reading from `from` to `to` (days of the community's zone,
 * both included), of every amenity or of the one `amenity` names (its id), on the device, with
 * the name the server gave it: the readings a report's figures are made of. Says how many
 * readings it holds (its lines under the column names).
 */
export async function downloadReadingsFile({
  from,
  to,
  amenity = null,
  onProgress,
}: {
  from: string;
  to: string;
  amenity?: string | null;
  onProgress?: (receivedBytes: number) => void;
}): Promise<
  { ok: true; filename: string; readings: number | null } | { ok: false; error: string }
> {
  const query = new URLSearchParams({ from, to, ...(amenity === null ? {} : { amenity }) });
  const file = await getLargeFile(`${READINGS_FILE_PATH}?${query.toString()}`, {
    offlineMessage:
      "Can't reach CommonGround. The readings file comes from the server: connect to download it.",
    cutOffMessage:
      'The readings file stopped before its end (the connection or the server failed), so it was not saved: try again.',
    fallbackName: `readings-${amenity ?? 'all'}-${from}-to-${to}.csv`,
    onProgress,
  });
  if (!file.ok) return file;
  downloadBlob(file.filename, file.blob);
  return { ok: true, filename: file.filename, readings: readingsIn(file.head, file.lineBreaks) };
}

/**
 * A file's readings: its lines after the column names' line (every row ends with a line
 * break). Null when the column names are not in its head.
 */
export function readingsIn(head: string, lineBreaks: number): number | null {
  const columns = `\r\n${READINGS_FILE_COLUMNS.join(',')}\r\n`;
  const at = head.indexOf(columns);
  if (at === -1) return null;
  const linesBefore = head.slice(0, at + columns.length).split('\n').length - 1;
  return lineBreaks - linesBefore;
}

import { CSV_MIME, downloadTextFile } from '../lib/download';
import { READINGS_FILE_PATH } from './contract';
import { REQUEST_TIMEOUT_MS } from './query-fn';
import { getCsvFile } from './send';

/** A quarter of readings is several megabytes: more time than a JSON answer gets. */
const READINGS_TIMEOUT_MS = REQUEST_TIMEOUT_MS * 12;

/**
 * Saves the server's file of every reading from `from` to `to` (days of the community's zone,
 * both included) on the device, with the name the server gave it: the readings a report's
 * figures are made of. Says how many readings it holds (its `Readings` header line).
 */
export async function downloadReadingsFile(
  from: string,
  to: string,
): Promise<{ ok: true; filename: string; readings: number | null } | { ok: false; error: string }> {
  const query = new URLSearchParams({ from, to });
  const file = await getCsvFile(`${READINGS_FILE_PATH}?${query.toString()}`, {
    offlineMessage:
      "Can't reach CommonGround. The readings file comes from the server: connect to download it.",
    fallbackName: `readings-${from}-to-${to}.csv`,
    timeoutMs: READINGS_TIMEOUT_MS,
  });
  if (!file.ok) return file;
  downloadTextFile(file.filename, file.text, CSV_MIME);
  const count = /^Readings,(\d+)\r?$/m.exec(file.text)?.[1];
  return {
    ok: true,
    filename: file.filename,
    readings: count === undefined ? null : Number(count),
  };
}

import { READINGS_FILE_PATH } from './contract';
import { REQUEST_TIMEOUT_MS } from './query-fn';
import { getCsvFile } from './send';

/** A quarter of readings is several megabytes: more time than a JSON answer gets. */
const READINGS_TIMEOUT_MS = REQUEST_TIMEOUT_MS * 12;

/**
 * The server's file of every reading from `from` to `to` (days of the community's zone, both
 * included), with the name it gave it: the readings a report's figures are made of.
 */
export function fetchReadingsFile(from: string, to: string) {
  const query = new URLSearchParams({ from, to });
  return getCsvFile(`${READINGS_FILE_PATH}?${query.toString()}`, {
    offlineMessage:
      "Can't reach CommonGround. The readings file comes from the server: connect to download it.",
    fallbackName: `readings-${from}-to-${to}.csv`,
    timeoutMs: READINGS_TIMEOUT_MS,
  });
}

import { formatFileSize } from '../../lib/photo-size';

/**
 * How much of a file has arrived, after a download button's label (" 13 MB"); nothing before
 * the first bytes. Kept on one line: at 320 px the label wraps, the size does not split.
 */
export function ReceivedSize({ bytes }: { bytes: number | null }) {
  if (!bytes) return null;
  return (
    <>
      {' '}
      <span className="whitespace-nowrap">{formatFileSize(bytes)}</span>
    </>
  );
}

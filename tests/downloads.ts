import { vi } from 'vitest';

export type SavedFile = { name: string; text: string };

/**
 * Captures the files a page saves (a Blob URL clicked through an <a download>), as a user's
 * browser would receive them. jsdom has no object URLs of its own.
 */
export function captureDownloads(): SavedFile[] {
  const files: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    const name = this.download;
    // Decoded with the byte order mark kept, to check it is there.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    if (blob)
      void blob.arrayBuffer().then((bytes) => files.push({ name, text: decoder.decode(bytes) }));
  });
  return files;
}

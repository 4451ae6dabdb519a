import type { Clock } from './time';

/**
 * A small in-process cache of computed responses. New data (any ingest, any recorded event, here
 * or, through changes.ts, in another server process on the same database) clears it; entries
 * also expire after `maxAgeMs`, so "now"-relative answers (today, status) never lag by more than
 * that. Concurrent requests for the same key share one computation.
 */
export class ResponseCache<T> {
  private version = 0;
  private readonly entries = new Map<string, { version: number; at: number; value: Promise<T> }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxAgeMs: number,
  ) {}

  /** Drops everything: the data changed. */
  invalidate(): void {
    this.version++;
    this.entries.clear();
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.version === this.version && now >= hit.at && now - hit.at < this.maxAgeMs) {
      return hit.value;
    }
    const value = compute();
    const entry = { version: this.version, at: now, value };
    this.entries.set(key, entry);
    // A failed computation is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}

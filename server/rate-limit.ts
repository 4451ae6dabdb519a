/**
 * Counts failures per client (failed ingest authentication) in a fixed window; a client with
 * `max` failures in the window is refused until it ends.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { start: number; failures: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until `client` may try again, or 0 if it may now. */
  retryAfter(client: string, now: number): number {
    const window = this.windows.get(client);
    if (!window || now - window.start >= this.windowMs) return 0;
    return window.failures >= this.max ? window.start + this.windowMs - now : 0;
  }

  recordFailure(client: string, now: number): void {
    const window = this.windows.get(client);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(client, { start: now, failures: 1 });
    } else {
      window.failures++;
    }
    if (this.windows.size > 10_000) this.prune(now);
  }

  private prune(now: number): void {
    for (const [client, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(client);
    }
  }
}

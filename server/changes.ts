import { randomUUID } from 'node:crypto';
import { reloadSettings, type Community } from './community';
import type { Database } from './db/database';

/**
 * What a server process keeps of the database in memory: the community's settings (its profile
 * and amenities, read by every endpoint) and computed answers (the response cache). A change
 * made through one process must reach the others on the same PostgreSQL at once, not at their
 * next scheduler pass: a Manager who renames an amenity, and whose next request lands on
 * another process, must not see the old name come back.
 *
 * - `settings`: the profile or the amenities changed (the others reload them, then drop their
 *   cached answers);
 * - `data`: readings, events or sensors changed (the others drop their cached answers).
 */
export type Change = 'settings' | 'data';

export type ChangeFeed = {
  /**
   * After a change has committed: this process's cached answers are dropped, and every other
   * process is told before this resolves. Never throws: the change is stored whatever happens
   * to the news of it (the others then catch up at their scheduler's next pass).
   */
  changed(change: Change): Promise<void>;
  /** Starts hearing the other processes' changes; resolves to a function that stops. */
  follow(): Promise<() => Promise<void>>;
};

/** One message on the database's channel: what changed, and which process changed it. */
export function changeMessage(change: Change, from: string): string {
  return `${change} ${from}`;
}

export function parseChangeMessage(message: string): { change: Change; from: string } | null {
  const [change, from, ...rest] = message.split(' ');
  if ((change !== 'settings' && change !== 'data') || !from || rest.length > 0) return null;
  return { change, from };
}

export function changeFeed({
  db,
  community,
  invalidate,
  log,
}: {
  db: Database;
  community: Community;
  /** Drops this process's cached answers. */
  invalidate: () => void;
  log: (line: string) => void;
}): ChangeFeed {
  // Each process knows its own messages: it reloaded and invalidated as it made the change.
  const self = randomUUID();

  // One reload at a time; news arriving during one runs one more after it, never several.
  let reloading: Promise<void> | null = null;
  let again = false;
  const catchUp = (): Promise<void> => {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        again = false;
        await reloadSettings(db, community);
        invalidate();
      } while (again);
    })()
      .catch((error: Error) =>
        log(
          `Could not reload the community's settings: ${error.message} (retried at the next pass)`,
        ),
      )
      .finally(() => {
        reloading = null;
      });
    return reloading;
  };

  return {
    async changed(change) {
      invalidate();
      try {
        await db.notify(changeMessage(change, self));
      } catch (error) {
        log(
          `Could not tell other server processes of a change: ${(error as Error).message} ` +
            '(they see it at their scheduler’s next pass)',
        );
      }
    },
    follow() {
      return db.listen(
        (message) => {
          const heard = parseChangeMessage(message);
          if (!heard || heard.from === self) return;
          if (heard.change === 'settings') void catchUp();
          else invalidate();
        },
        // Messages may have been missed while the connection was down: assume the worst.
        () => void catchUp(),
      );
    },
  };
}

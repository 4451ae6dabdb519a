import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { wipeOfflineData } from '../api/auth';
import { meQuery } from '../api/me';
import { useSnapshotPersister } from '../api/query-provider';
import { SIGN_IN_PATH } from '../lib/app-pages';

/**
 * Leaves a session that ended elsewhere: wipes what this device holds (a lost phone signed out
 * from the office keeps nothing), then the sign-in page says why. Its own chunk: a session rarely
 * ends under the reader, and the first screen need not wait for this.
 */
export function LeaveEndedSession({ from }: { from: string }) {
  const client = useQueryClient();
  const persister = useSnapshotPersister();
  const navigate = useNavigate();
  useEffect(() => {
    void wipeOfflineData(client, persister).finally(() => {
      void client.invalidateQueries({ queryKey: meQuery().queryKey });
      void navigate(`${SIGN_IN_PATH}?ended=1&next=${encodeURIComponent(from)}`, { replace: true });
    });
  }, [client, persister, navigate, from]);
  return null;
}

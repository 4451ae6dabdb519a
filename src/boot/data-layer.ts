/**
 * The first boot stage (main.tsx), after React: the data layer, with the contract's schemas,
 * which its modules build as they load.
 */
export { startConnectivitySync } from '../api/connectivity-sync';
export { createQueryClient } from '../api/query-client';
export { createSnapshotPersister } from '../api/persist';

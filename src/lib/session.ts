/** When this page session started: data updated before it came from the offline snapshot. */
export const SESSION_STARTED_AT = Date.now();

export function isFromSnapshot(dataUpdatedAt: number): boolean {
  return dataUpdatedAt > 0 && dataUpdatedAt < SESSION_STARTED_AT;
}

/** The second boot stage (main.tsx): the app's components, router and routes. */
export { App } from '../app/app';
export { preloadAppPageAt } from '../app/routes';
export { announceStorageUnavailable } from '../app/storage-notice';

/**
 * The API contract: one zod schema per response of spec section 7. The same schemas type the MSW
 * fixtures (mocks/) and are checked against the server's responses (tests/server/), so the three
 * cannot drift. zod/mini keeps the validator about 5 KB in the dashboard bundle.
 *
 * One contract, in area modules (src/api/contract/): each page's bundle carries only the schemas
 * it uses, and the first screen builds only the core's (the build marks the area modules free of
 * side effects, vite.config.ts). Import from here, never from an area module.
 */
export * from './contract/core';
export * from './contract/account';
export * from './contract/alert-rules';
export * from './contract/amenity-setup';
export * from './contract/audit';
export * from './contract/community-admin';
export * from './contract/display-name';
export * from './contract/events';
export * from './contract/ingest';
export * from './contract/push';
export * from './contract/readings-file';
export * from './contract/query-params';
export * from './contract/report-schedules';
export * from './contract/residents-input';
export * from './contract/sensor-admin';
export * from './contract/sign-in';
export * from './contract/users';

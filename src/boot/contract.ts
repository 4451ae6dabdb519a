/**
 * The first boot stage (main.tsx), after React: the contract's core, whose zod schemas are built
 * as the module loads (the most work of any module at start-up). What it exports does not matter:
 * the stage is this module's chunk (vite.config.ts, bootStages), evaluated in a task of its own.
 */
export { HEALTH_PATH } from '../api/contract';

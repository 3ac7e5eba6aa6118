/*
 * wouter reaches React's `useSyncExternalStore` through the `use-sync-external-store` shim, a
 * CommonJS stand-in for React before 18. This app's React has it built in: the build points the
 * shim here (vite.config.ts), so none of the shim's code ships.
 */
export { useSyncExternalStore } from 'react';

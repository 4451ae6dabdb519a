import '@tanstack/react-query';
import type { UnauthorizedBehavior } from './query-fn';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { on401?: UnauthorizedBehavior };
  }
}

// The one Vite feature shared-ui's source uses (each area's build expands it): a lazy import per file matched.
interface ImportMeta {
  glob(patterns: string | string[]): Record<string, () => Promise<unknown>>;
}

// A catalogue's PO file, compiled by the build into its messages (build-config/catalogues.ts).
declare module '*.po' {
  import type { Messages } from '@btls/shared-api';
  export const messages: Messages;
}

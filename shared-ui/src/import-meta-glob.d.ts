// The one Vite feature shared-ui's source uses (each area's build expands it): a lazy import per file matched.
interface ImportMeta {
  glob(patterns: string | string[]): Record<string, () => Promise<unknown>>;
}

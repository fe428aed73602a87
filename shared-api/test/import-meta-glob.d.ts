// The one Vite feature the tests use (Vitest expands it): every module a pattern matches, imported at once.
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
}

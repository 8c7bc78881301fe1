/** Vite's import.meta.glob, which vitest provides (test/fuzz/endpoints.ts). */
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: string }): Record<string, T>;
}

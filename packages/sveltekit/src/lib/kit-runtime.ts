/** What SvelteKit itself provides: read through `$env`, `$app/environment` and `$app/paths` by the entry point. */
export interface KitRuntime {
  env: Record<string, string | undefined>
  dev: boolean
  building: boolean
  /** `base` of `$app/paths`: "" or a path like "/app". */
  base: string
}

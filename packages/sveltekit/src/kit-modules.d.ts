// SvelteKit's generated ambient types declare this for apps; a library has to say it itself.
declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>
}

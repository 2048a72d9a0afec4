/** Where the auth endpoints live in a SvelteKit app: always `/auth` below the app's `base`. */
export function authBasePath(base: string): string {
  return `${base.replace(/\/+$/, "")}/auth`
}

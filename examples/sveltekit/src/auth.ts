import { env } from "$env/dynamic/private"
import { SvelteKitAuth, type SvelteKitAuthConfig } from "@gatehouse/sveltekit"
import { authConfig } from "$lib/server/auth-config"

// Lazy config: the environment is read on the first request, not while `vite build` loads the
// modules. The same object is handed back afterwards, so the setup work is done once.
let config: SvelteKitAuthConfig | undefined

export const { handle, signIn, signOut } = SvelteKitAuth(async () => (config ??= authConfig(env)))

/**
 * The migration Gatehouse promises, rehearsed in a real SvelteKit app: an app written as an
 * Auth.js v5 user has it (src/auth.ts with SvelteKitAuth and Credentials from @auth/sveltekit,
 * hooks.server.ts exporting `handle`, a +page.server.ts load that returns
 * `await event.locals.auth()`) is built with Vite and adapter-node, a user signs in in
 * Chromium through the built-in sign-in form (a form post to /auth/callback/credentials, so the
 * Origin the browser sends must match the ORIGIN the server was given), and the app is
 * redeployed with only its imports changed to @gatehouse/sveltekit, on the same origin with the
 * same AUTH_SECRET. The user must still be signed in, in the same browser context. Then the
 * rollback. A server with a different secret is the control.
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { repoRoot } from "./support/clean-room-app.js"
import {
  bundled,
  csrfCookie,
  demoCredentialsProvider,
  jweCookieValue,
  migrationRehearsal,
  sessionCookie,
} from "./support/migration-rehearsal.js"
import { svelteKitNodeAppShell } from "./support/sveltekit-node-app.js"

const viteBin = join(repoRoot, "node_modules", "vite", "bin", "vite.js")

interface Imports {
  svelteKitAuth: string
  credentials: string
}

/** The app's source; the two variants differ only in the module specifiers of two imports. */
function appFiles(imports: Imports): Record<string, string> {
  return {
    ...svelteKitNodeAppShell,
    "src/auth.ts": `import { SvelteKitAuth } from "${imports.svelteKitAuth}"
import Credentials from "${imports.credentials}"

export const { handle, signIn, signOut } = SvelteKitAuth({
  providers: [
    ${demoCredentialsProvider},
  ],
  secret: process.env.AUTH_SECRET,
  trustHost: process.env.AUTH_TRUST_HOST === "true",
})
`,
    "src/hooks.server.ts": `export { handle } from "./auth"
`,
    "src/routes/+page.server.ts": `import type { PageServerLoad } from "./$types"

export const load: PageServerLoad = async (event) => ({ session: await event.locals.auth() })
`,
    "src/routes/+page.svelte": `<script lang="ts">
  let { data } = $props()
</script>

<p id="server-status">{data.session?.user ? \`Signed in as \${data.session.user.name}\` : "Not signed in"}</p>
`,
  }
}

const framework = ["@sveltejs/kit", "@sveltejs/adapter-node", "@sveltejs/vite-plugin-svelte", "svelte", "vite"]

/*
 * Sign-out: unlike in the Next.js rehearsal, the browser holds no authjs.csrf-token cookie here
 * with either library (neither after the sign-in nor on the sign-out page): the form posts are
 * guarded by SvelteKit's own Origin check instead, which `expectCrossSitePostRefused` attacks.
 */
const rehearsal = migrationRehearsal<Imports>({
  appFiles,
  authJs: {
    appName: "migration-auth-sveltekit",
    framework: [...framework, "@auth/sveltekit"],
    imports: { svelteKitAuth: "@auth/sveltekit", credentials: "@auth/sveltekit/providers/credentials" },
  },
  gatehouse: {
    appName: "migration-gatehouse-sveltekit",
    package: "@gatehouse/sveltekit",
    framework,
    imports: { svelteKitAuth: "@gatehouse/sveltekit", credentials: "@gatehouse/sveltekit/providers/credentials" },
  },
  build: (app) => app.exec(process.execPath, [viteBin, "build"]),
  start: (port, origin) => ({
    command: [process.execPath, "build/index.js"],
    // adapter-node checks form posts against ORIGIN: the browser's origin, not the listening address.
    env: { PORT: String(port), HOST: "127.0.0.1", ORIGIN: origin },
  }),
  authPath: "/auth",
  buildTimeout: 300_000,
})
const { variants } = rehearsal

describe("migration rehearsal: a SvelteKit app moves from @auth/sveltekit to @gatehouse/sveltekit and back", () => {
  it("the two apps differ only in the module specifiers of their imports", () => {
    const { authJs, gatehouse } = variants
    expect(rehearsal.changedLines()).toEqual([
      [`import { SvelteKitAuth } from "@auth/sveltekit"`, `import { SvelteKitAuth } from "@gatehouse/sveltekit"`],
      [
        `import Credentials from "@auth/sveltekit/providers/credentials"`,
        `import Credentials from "@gatehouse/sveltekit/providers/credentials"`,
      ],
    ])
    expect(rehearsal.dependencies(authJs)).toEqual([...framework, "@auth/sveltekit"].sort())
    expect(rehearsal.dependencies(gatehouse)).toEqual([...framework, "@gatehouse/sveltekit"].sort())
    expect(bundled(join(authJs.app.dir, "build", "server"))).toEqual({ authJs: true, gatehouse: false })
    expect(bundled(join(gatehouse.app.dir, "build", "server"))).toEqual({ authJs: false, gatehouse: true })
    console.log(
      `migration rehearsal (SvelteKit): builds took ${authJs.buildSeconds.toFixed(1)} s (@auth/sveltekit) and ${gatehouse.buildSeconds.toFixed(1)} s (@gatehouse/sveltekit)`,
    )
  })

  it(
    "forward: signed in on @auth/sveltekit, still signed in after the swap to @gatehouse/sveltekit; sign-out works there",
    () =>
      rehearsal.inFreshContext(async (context, page) => {
        await rehearsal.signInOn(variants.authJs, page)
        const issuedByAuthJs = await context.cookies()
        expect(csrfCookie(issuedByAuthJs)).toBeUndefined()
        expect(sessionCookie(issuedByAuthJs)?.value).toMatch(jweCookieValue)

        await rehearsal.swapTo(variants.gatehouse, page)

        await rehearsal.expectOtherSecretSignsOut(variants.gatehouse, issuedByAuthJs)

        await rehearsal.deploy(variants.gatehouse)
        await rehearsal.expectSignedIn(page)
        await rehearsal.expectCrossSitePostRefused(page)
        await rehearsal.signOut(page, context)
        await rehearsal.expectSignedOut(page)
        rehearsal.expectNoLoggedError()
      }),
    90_000,
  )

  it(
    "rollback: signed in on @gatehouse/sveltekit, still signed in after the swap back to @auth/sveltekit; sign-out works there",
    () =>
      rehearsal.inFreshContext(async (context, page) => {
        await rehearsal.signInOn(variants.gatehouse, page)
        const issuedByGatehouse = await context.cookies()
        expect(csrfCookie(issuedByGatehouse)).toBeUndefined()
        expect(sessionCookie(issuedByGatehouse)?.value).toMatch(jweCookieValue)

        await rehearsal.swapTo(variants.authJs, page)

        await rehearsal.expectOtherSecretSignsOut(variants.authJs, issuedByGatehouse)

        await rehearsal.deploy(variants.authJs)
        await rehearsal.expectSignedIn(page)
        await rehearsal.expectCrossSitePostRefused(page)
        await rehearsal.signOut(page, context)
        await rehearsal.expectSignedOut(page)
        rehearsal.expectNoLoggedError()
      }),
    90_000,
  )
})

/**
 * Apps that carry nothing extra: for each framework a minimal app whose package.json lists only
 * the framework, its UI library and the Gatehouse package, with neither optional peer
 * (@simplewebauthn/server, nodemailer) resolvable. Each is built for production as its users
 * build it (Next.js with Turbopack and with webpack, SvelteKit and Qwik City with Vite) and
 * signed in with credentials in Chromium. A Gatehouse entry that names an optional peer fails
 * these builds (or the server's first request), as it failed users' builds.
 */
import { randomBytes } from "node:crypto"
import { cpSync, readFileSync, realpathSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  assertCannotResolveOptionalPeers,
  createCleanRoomApp,
  removeTarballs,
  repoRoot,
  startServer,
  type CleanRoomApp,
  type RunningServer,
} from "./support/clean-room-app.js"
import { freePort } from "./support/free-port.js"
import { useChromium } from "./support/launch-chromium.js"
import { qwikNodeServerAppShell } from "./support/qwik-node-server-app.js"
import { svelteKitNodeAppShell } from "./support/sveltekit-node-app.js"

const rootRequire = createRequire(join(repoRoot, "package.json"))
const bin = {
  next: rootRequire.resolve("next/dist/bin/next"),
  vite: join(repoRoot, "node_modules", "vite", "bin", "vite.js"),
}

const demoUser = { username: "demo", password: "demo", name: "Demo User" }

/** The same credentials provider in every app: "demo" / "demo". */
const credentialsProvider = `Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: ({ username, password }) =>
        username === "demo" && password === "demo" ? { id: "1", name: "Demo User", email: "demo@example.test" } : null,
    })`

const nextApp = {
  "auth.js": `import NextAuth from "@gatehouse/next"
import Credentials from "@gatehouse/next/providers/credentials"

export const { handlers, auth, signIn, signOut } = NextAuth({
  providers: [
    ${credentialsProvider},
  ],
})
`,
  "proxy.js": `export { auth as proxy } from "./auth.js"

export const config = { matcher: ["/((?!api/auth|_next/static|_next/image|favicon.ico).*)"] }
`,
  "app/api/auth/[...nextauth]/route.js": `import { handlers } from "../../../../auth.js"

export const { GET, POST } = handlers
`,
  "app/layout.js": `import { SessionProvider } from "@gatehouse/next/react"

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <SessionProvider>{children}</SessionProvider>
      </body>
    </html>
  )
}
`,
  "app/client-status.js": `"use client"
import { useSession } from "@gatehouse/next/react"

export default function ClientStatus() {
  const { data, status } = useSession()
  return <p id="client-status">{status === "authenticated" ? \`Client sees \${data.user.name}\` : status}</p>
}
`,
  "app/page.js": `import { auth } from "../auth.js"
import ClientStatus from "./client-status.js"

export default async function Home() {
  const session = await auth()
  return (
    <main>
      <p id="server-status">{session?.user ? \`Signed in as \${session.user.name}\` : "Not signed in"}</p>
      <ClientStatus />
    </main>
  )
}
`,
}

const svelteKitApp = {
  ...svelteKitNodeAppShell,
  "src/auth.js": `import { SvelteKitAuth } from "@gatehouse/sveltekit"
import Credentials from "@gatehouse/sveltekit/providers/credentials"

export const { handle, signIn, signOut } = SvelteKitAuth({
  providers: [
    ${credentialsProvider},
  ],
})
`,
  "src/hooks.server.js": `export { handle } from "./auth.js"
`,
  "src/routes/+layout.server.js": `export const load = async (event) => ({ session: await event.locals.auth() })
`,
  "src/routes/+page.svelte": `<script>
  let { data } = $props()
</script>

<p id="server-status">{data.session?.user ? \`Signed in as \${data.session.user.name}\` : "Not signed in"}</p>
`,
}

const qwikApp = {
  ...qwikNodeServerAppShell,
  "src/routes/plugin@auth.ts": `import { QwikAuth$ } from "@gatehouse/qwik"
import Credentials from "@gatehouse/qwik/providers/credentials"

export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(() => ({
  providers: [
    ${credentialsProvider.replace("({ username, password })", "({ username, password }: Record<string, unknown>)")},
  ],
}))
`,
  "src/routes/index.tsx": `import { component$ } from "@builder.io/qwik"
import { useSession } from "./plugin@auth"

export default component$(() => {
  const session = useSession()
  return <p id="server-status">{session.value?.user ? \`Signed in as \${session.value.user.name}\` : "Not signed in"}</p>
})
`,
}

interface Target {
  name: string
  create: () => Promise<CleanRoomApp>
  build: (app: CleanRoomApp) => Promise<string>
  start: (app: CleanRoomApp, port: number, env: Record<string, string>) => Promise<RunningServer>
  /** Where the app's auth routes live. */
  authBase: string
}

const targets: Target[] = [
  ...(["turbopack", "webpack"] as const).map(
    (bundler): Target => ({
      name: `Next.js (next build, ${bundler})`,
      create: () =>
        createCleanRoomApp(`next-${bundler}`, { gatehouse: "@gatehouse/next", framework: ["next", "react", "react-dom"], files: nextApp }),
      build: (app) => app.exec(process.execPath, [bin.next, "build", ...(bundler === "webpack" ? ["--webpack"] : [])]),
      start: (app, port, env) =>
        startServer(
          app,
          [process.execPath, bin.next, "start", "-H", "127.0.0.1", "-p", String(port)],
          `http://127.0.0.1:${port}`,
          env,
          "/api/auth/providers",
        ),
      authBase: "/api/auth",
    }),
  ),
  {
    name: "SvelteKit (Vite, adapter-node)",
    create: () =>
      createCleanRoomApp("sveltekit", {
        gatehouse: "@gatehouse/sveltekit",
        framework: ["@sveltejs/kit", "@sveltejs/adapter-node", "@sveltejs/vite-plugin-svelte", "svelte", "vite"],
        files: svelteKitApp,
      }),
    build: (app) => app.exec(process.execPath, [bin.vite, "build"]),
    start: (app, port, env) =>
      startServer(
        app,
        [process.execPath, "build/index.js"],
        `http://127.0.0.1:${port}`,
        { ...env, PORT: String(port), HOST: "127.0.0.1", ORIGIN: `http://127.0.0.1:${port}` },
        "/auth/providers",
      ),
    authBase: "/auth",
  },
  {
    name: "Qwik City (Vite, node-server)",
    create: () =>
      createCleanRoomApp("qwik", {
        gatehouse: "@gatehouse/qwik",
        framework: ["@builder.io/qwik", "@builder.io/qwik-city", "vite"],
        files: qwikApp,
      }),
    build: async (app) =>
      (await app.exec(process.execPath, [bin.vite, "build"])) +
      (await app.exec(process.execPath, [bin.vite, "build", "-c", "adapters/node-server/vite.config.js"])),
    start: (app, port, env) =>
      startServer(
        app,
        [process.execPath, "server/entry.node-server.js"],
        `http://127.0.0.1:${port}`,
        { ...env, PORT: String(port), HOST: "127.0.0.1", ORIGIN: `http://127.0.0.1:${port}` },
        "/auth/providers",
      ),
    authBase: "/auth",
  },
]

const browser = useChromium()
afterAll(async () => {
  removeTarballs()
})

for (const target of targets) {
  describe(`clean-room app: ${target.name}`, () => {
    let app: CleanRoomApp
    let server: RunningServer
    let buildOutput = ""

    beforeAll(async () => {
      app = await target.create()
      // Proven before the build, so that a passing build means "without the optional peers".
      assertCannotResolveOptionalPeers(app)
      buildOutput = await target.build(app)
      server = await target.start(app, await freePort(), { AUTH_SECRET: randomBytes(32).toString("base64url"), AUTH_TRUST_HOST: "true" })
    }, 600_000)

    afterAll(async () => {
      await server?.stop()
      app?.remove()
    })

    it("has only the framework and the Gatehouse package, and cannot resolve the optional peers", async () => {
      const manifest = JSON.parse(readFileSync(join(app.dir, "package.json"), "utf8"))
      const dependencies = Object.keys(manifest.dependencies)
      expect(dependencies.filter((name: string) => name.startsWith("@gatehouse/"))).toHaveLength(1)
      expect(dependencies).not.toContain("@simplewebauthn/server")
      expect(dependencies).not.toContain("nodemailer")
      expect(() => assertCannotResolveOptionalPeers(app)).not.toThrow()
      expect(buildOutput).not.toMatch(/simplewebauthn|nodemailer/i)
    })

    it("signs in with credentials in Chromium and shows the session on the server-rendered page", async () => {
      const context = await browser().newContext()
      try {
        const page = await context.newPage()
        await page.goto(`${server.origin}/`)
        await expect(page.locator("#server-status").textContent()).resolves.toBe("Not signed in")

        await page.goto(`${server.origin}${target.authBase}/signin?callbackUrl=${encodeURIComponent(`${server.origin}/`)}`)
        await page.locator('input[name="username"]').fill(demoUser.username)
        await page.locator('input[name="password"]').fill("wrong")
        await page.getByRole("button", { name: "Sign in with Credentials" }).click()
        await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin")
        expect((await context.cookies()).some((cookie) => cookie.name === "authjs.session-token")).toBe(false)

        await page.locator('input[name="username"]').fill(demoUser.username)
        await page.locator('input[name="password"]').fill(demoUser.password)
        await page.getByRole("button", { name: "Sign in with Credentials" }).click()
        await page.waitForURL(`${server.origin}/`)
        await expect(page.locator("#server-status").textContent()).resolves.toBe(`Signed in as ${demoUser.name}`)
        if (target.authBase === "/api/auth") {
          // The client bundle (SessionProvider, useSession) sees the session too.
          await page.locator("#client-status", { hasText: `Client sees ${demoUser.name}` }).waitFor()
        }

        const session = await page.request.get(`${server.origin}${target.authBase}/session`)
        expect((await session.json()).user).toMatchObject({ name: demoUser.name, email: "demo@example.test" })
        expect(server.output()).not.toMatch(/simplewebauthn|nodemailer/i)
      } finally {
        await context.close()
      }
    }, 120_000)
  })
}

describe("clean room: the passkey provider and the @simplewebauthn/server the app has", () => {
  let app: CleanRoomApp
  const peerDir = () => join(app.dir, "node_modules", "@simplewebauthn", "server")
  const firstUse = async () => (await app.exec(process.execPath, ["first-use.mjs"])).trim()

  beforeAll(async () => {
    app = await createCleanRoomApp("passkey-peer", {
      gatehouse: "@gatehouse/core",
      framework: [],
      files: {
        // What a WebAuthn route does first, through the published module an app imports.
        "first-use.mjs": `import Passkey from "@gatehouse/core/providers/passkey"
try {
  const library = await Passkey().loadSimpleWebAuthn()
  console.log(typeof library.verifyRegistrationResponse === "function" ? "loaded" : "incomplete")
} catch (error) {
  console.log(error.message)
}
`,
      },
    })
  }, 120_000)
  afterAll(() => app?.remove())

  it("not installed: importing the provider works, its first use names the package and the install command", async () => {
    assertCannotResolveOptionalPeers(app)
    expect(await firstUse()).toMatch(
      /^Passkeys \(the WebAuthn and Passkey providers\) need the @simplewebauthn\/server package, which could not be loaded\. Install it: npm install @simplewebauthn\/server@\^13\./,
    )
  })

  it("version 9 installed (an app pinned it for next-auth): one message naming the version needed", async () => {
    cpSync(join(repoRoot, "node_modules", "simplewebauthn-server-9"), peerDir(), { recursive: true, dereference: true })
    try {
      expect(JSON.parse(readFileSync(join(peerDir(), "package.json"), "utf8")).version).toMatch(/^9\./)
      expect(await firstUse()).toMatch(
        /^Passkeys need @simplewebauthn\/server 13 or later; the installed copy is older \(version 9 or before\)\. Upgrade it: npm install @simplewebauthn\/server@\^13\./,
      )
    } finally {
      rmSync(peerDir(), { recursive: true, force: true })
    }
  })

  it("the supported version installed: it loads", async () => {
    const installed = realpathSync(join(repoRoot, "packages", "core", "node_modules", "@simplewebauthn", "server"))
    cpSync(installed, peerDir(), { recursive: true, dereference: true })
    try {
      expect(await firstUse()).toBe("loaded")
    } finally {
      rmSync(peerDir(), { recursive: true, force: true })
    }
  })
})

describe("clean room: a Next.js app that adds the passkey provider but not @simplewebauthn/server", () => {
  let app: CleanRoomApp
  afterAll(() => app?.remove())

  it("fails its Turbopack build with the package's name and the command that installs it", async () => {
    app = await createCleanRoomApp("next-passkey-missing", {
      gatehouse: "@gatehouse/next",
      framework: ["next", "react", "react-dom"],
      files: {
        ...nextApp,
        "auth.js": nextApp["auth.js"]
          .replace(`import Credentials`, `import Passkey from "@gatehouse/next/providers/passkey"\nimport Credentials`)
          .replace(`  providers: [`, `  experimental: { enableWebAuthn: true },\n  providers: [\n    Passkey(),`),
      },
    })
    assertCannotResolveOptionalPeers(app)
    const failure = await target("Next.js (next build, turbopack)")
      .build(app)
      .then(
        () => "built",
        (error: Error) => error.message,
      )
    expect(failure).toMatch(/Can't resolve '@simplewebauthn\/server'/)
    expect(failure).toContain("npm install @simplewebauthn/server@^13")
  }, 600_000)
})

function target(name: string): Target {
  return targets.find((candidate) => candidate.name === name) ?? fail(`no target ${name}`)
}

function fail(message: string): never {
  throw new Error(message)
}

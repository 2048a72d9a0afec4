import { startDevIdentityProvider, type DevIdentityProvider } from "@gatehouse/dev-idp"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { runCli } from "./support/run-cli.js"
import { scratchApps } from "./support/scratch-apps.js"

const { app, remove: removeApps } = scratchApps("doctor")
const secret = "Qm9vdHN0cmFwcGVkLXNlY3JldC1mb3ItZG9jdG9yLXRlc3Rz"

afterAll(removeApps)

describe("a Next.js app", () => {
  const nextApp = () =>
    app("next", {
      "package.json": JSON.stringify({ dependencies: { next: "^16", "@gatehouse/next": "*" } }),
      "auth.ts": `
        import "server-only"
        import NextAuth from "@gatehouse/next"
        import GitHub from "@gatehouse/next/providers/github"
        import { options } from "./lib/options"
        export const { handlers, auth } = NextAuth(() => ({ providers: [GitHub], ...options(process.env) }))
      `,
      "lib/options.ts": `
        type Env = Record<string, string | undefined>
        export const options = (env: Env) => ({ session: { strategy: env.SESSIONS === "jwt" ? ("jwt" as const) : undefined } })
      `,
      ".env": `AUTH_SECRET=short\nAUTH_GITHUB_SECRET=from-dot-env\n`,
      ".env.local": `AUTH_SECRET=${secret}\nAUTH_GTIHUB_ID=Iv1.123\n`,
    })

  test("reads .env and .env.local as Next does, names the misspelled variable, prints the callback URL, exits 1", async () => {
    const result = await runCli(["doctor"], { cwd: nextApp() })
    expect(result.stderr).toBe("")
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("gatehouse doctor: auth.ts (next), development, env from .env.local, .env")
    // .env.local's secret wins over .env's short one.
    expect(result.stdout).not.toContain("short-secret")
    expect(result.stdout).toMatch(
      /error\s+provider-id-missing\s+GitHub \(github\): no client id: AUTH_GITHUB_ID is not set \(AUTH_GTIHUB_ID is:/,
    )
    expect(result.stdout).toContain("fix: Rename AUTH_GTIHUB_ID to AUTH_GITHUB_ID")
    expect(result.stdout).not.toContain("provider-secret-missing")
    expect(result.stdout).toContain("http://localhost:3000/api/auth/callback/github")
    expect(result.stdout).toContain("1 error(s), 0 warning(s).")
  })

  test("the process environment wins over the files", async () => {
    const result = await runCli(["doctor"], { cwd: nextApp(), env: { AUTH_GITHUB_ID: "Iv1.123" } })
    expect(result.stdout).toContain("No problems found.")
    expect(result.code).toBe(0)
  })

  test("--production: trust host, and rate limiting across the declared instances", async () => {
    const result = await runCli(["doctor", "--production", "--instances", "2"], { cwd: nextApp(), env: { AUTH_GITHUB_ID: "Iv1.123" } })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("auth.ts (next), production")
    expect(result.stdout).toMatch(/error\s+trust-host\s+The Host header is not trusted: in production without AUTH_URL/)
    expect(result.stdout).toMatch(/error\s+ratelimit-store\s+Rate limits are counted in each instance's memory: with 2/)
  })

  test("GATEHOUSE_INSTANCES declares the instances too, and AUTH_URL fixes the host", async () => {
    const result = await runCli(["doctor", "--production"], {
      cwd: nextApp(),
      env: { AUTH_GITHUB_ID: "Iv1.123", GATEHOUSE_INSTANCES: "3", AUTH_URL: "https://app.example.com" },
    })
    expect(result.stdout).not.toContain("trust-host")
    expect(result.stdout).toContain("with 3 instances")
    expect(result.stdout).toContain("https://app.example.com/api/auth/callback/github")
  })
})

describe("a SvelteKit app with a base path", () => {
  const svelteApp = () =>
    app("sveltekit", {
      "package.json": JSON.stringify({ type: "module", devDependencies: { "@sveltejs/kit": "^2" } }),
      "svelte.config.js": `export default { kit: { paths: { base: "/app" } } }`,
      "src/auth.ts": `
        import { env } from "$env/dynamic/private"
        import { SvelteKitAuth } from "@gatehouse/sveltekit"
        import { providers } from "$lib/server/providers"
        export const { handle } = SvelteKitAuth(async (event) => ({ providers, secret: env.MY_SECRET, trustHost: event.url.hostname === "localhost" }))
      `,
      "src/lib/server/providers.ts": `
        import GitHub from "@gatehouse/sveltekit/providers/github"
        export const providers = [GitHub]
      `,
    })
  const env = { MY_SECRET: secret, AUTH_GITHUB_ID: "a", AUTH_GITHUB_SECRET: "b" }

  test("the callback URL is under the base path, from $env and $lib as the app sees them", async () => {
    const result = await runCli(["doctor", "--production"], { cwd: svelteApp(), env: { ...env, AUTH_URL: "https://app.example.com" } })
    expect(result.stderr).toBe("")
    expect(result.stdout).toContain("src/auth.ts (sveltekit), production")
    expect(result.stdout).toContain("https://app.example.com/app/auth/callback/github")
    expect(result.stdout).toContain("No problems found.")
    expect(result.code).toBe(0)
  })

  test("an AUTH_URL path other than base + /auth is an error", async () => {
    const result = await runCli(["doctor"], { cwd: svelteApp(), env: { ...env, AUTH_URL: "https://app.example.com/auth" } })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/error\s+url-basepath\s+AUTH_URL's path is \/auth but the auth routes are served at \/app\/auth/)
  })
})

describe("a module with a default export", () => {
  test("an object, TypeScript, outside any framework", async () => {
    const directory = app("plain", {
      "auth-config.ts": `
        import Nodemailer from "@gatehouse/core/providers/nodemailer"
        import type { AuthConfig } from "@gatehouse/core/types"
        const config: AuthConfig = { providers: [Nodemailer({ server: "console" })], secret: "${secret}" }
        export default config
      `,
    })
    const result = await runCli(["doctor", "auth-config.ts"], { cwd: directory })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("gatehouse doctor: auth-config.ts, development, env from the process only")
    expect(result.stdout).toMatch(/error\s+email-adapter\s+Nodemailer \(nodemailer\): e-mail sign-in needs an adapter/)
  })

  test("a function returning the config", async () => {
    const directory = app("lazy", {
      "auth.mjs": `export default async () => ({ providers: [], secret: process.env.MY_SECRET })`,
    })
    const result = await runCli(["doctor", "auth.mjs"], { cwd: directory, env: { MY_SECRET: secret } })
    expect(result.stdout).toContain("No problems found.")
    expect(result.code).toBe(0)
  })

  test("a module that does not exist, or exports nothing, is a one-line error", async () => {
    const directory = app("empty", { "nothing.ts": "export const x = 1\n" })
    const missing = await runCli(["doctor", "missing.ts"], { cwd: directory })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(`gatehouse doctor: missing.ts does not exist (in ${directory})\n`)
    const empty = await runCli(["doctor", "nothing.ts"], { cwd: directory })
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain("nothing.ts neither calls NextAuth / SvelteKitAuth / QwikAuth$ nor has a default export")
  })

  test("no framework and no module: says what to pass", async () => {
    const result = await runCli(["doctor"], { cwd: app("none", { "package.json": "{}" }) })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("no Next.js, SvelteKit or Qwik City app here")
  })
})

describe("--online", () => {
  let idp: DevIdentityProvider
  beforeAll(async () => {
    idp = await startDevIdentityProvider({
      clients: [{ client_id: "app", client_secret: "s3cr3t", redirect_uris: ["http://localhost:3000/auth/callback/corp"] }],
    })
  })
  afterAll(() => idp?.close())

  const corpApp = () =>
    app("online", {
      "auth.ts": `export default { providers: [{ id: "corp", name: "Corp", type: "oidc" }] }`,
    })
  const env = () => ({ AUTH_SECRET: secret, AUTH_CORP_ID: "app", AUTH_CORP_SECRET: "s3cr3t" })

  test("a readable issuer (a real OpenID provider on loopback) passes", async () => {
    const result = await runCli(["doctor", "auth.ts", "--online"], { cwd: corpApp(), env: { ...env(), AUTH_CORP_ISSUER: idp.issuer } })
    expect(result.stdout).toContain("No problems found.")
    expect(result.code).toBe(0)
  })

  test("an issuer whose discovery document cannot be read is an error", async () => {
    const result = await runCli(["doctor", "auth.ts", "--online"], {
      cwd: corpApp(),
      env: { ...env(), AUTH_CORP_ISSUER: `${idp.issuer}/wrong-tenant` },
    })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/error\s+issuer-unreadable\s+Corp \(corp\): the discovery document of/)
  })

  test("without --online nothing is fetched", async () => {
    const result = await runCli(["doctor", "auth.ts"], { cwd: corpApp(), env: { ...env(), AUTH_CORP_ISSUER: "http://127.0.0.1:9" } })
    expect(result.code).toBe(0)
  })
})

import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { Auth } from "../../handler/auth.js"
import Passkey from "../../providers/passkey.js"
import WebAuthn from "../../providers/webauthn.js"
import { adaCredentials, secret, silentLogger } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../../types.js"
import { adapterWithAllMethods } from "@gatehouse/test-kit/adapter-with-all-methods"
import { simpleWebAuthnBrowserBundle, simpleWebAuthnBrowserVersion } from "./simplewebauthn-browser-bundle.js"

async function signinPage(providers: AuthConfig["providers"]) {
  const config: AuthConfig = {
    secret,
    trustHost: true,
    adapter: adapterWithAllMethods(),
    providers,
    experimental: { enableWebAuthn: true },
    logger: silentLogger(),
  }
  const response = await Auth(new Request("http://localhost:3000/auth/signin"), config)
  return { response, html: await response.text() }
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1])
}

async function cspHash(source: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(source))
  return `'sha256-${Buffer.from(digest).toString("base64")}'`
}

describe("sign-in page with passkeys", () => {
  it("renders the passkey form as Auth.js does, marked for the script", async () => {
    const { response, html } = await signinPage([Passkey()])
    expect(response.status).toBe(200)
    expect(html).toContain(
      'id="passkey-form" data-webauthn-options="http://localhost:3000/auth/webauthn-options/passkey" data-conditional-ui',
    )
    expect(html).toContain('action="http://localhost:3000/auth/callback/passkey"')
    expect(html).toMatch(
      /<input name="email" id="input-email-for-passkey-provider" required autocomplete="username webauthn" data-form-field>/,
    )
    expect(html).toContain("Sign in with Passkey")
  })

  it("inlines one script, allowed by its hash and nothing else, with no third-party source", async () => {
    const { response, html } = await signinPage([Passkey()])
    const scripts = inlineScripts(html)
    expect(scripts).toHaveLength(1)
    expect(html).not.toMatch(/<script[^>]+src=/)
    expect(html).not.toContain("unpkg")
    const csp = response.headers.get("content-security-policy")!
    expect(csp).toContain(`script-src ${await cspHash(scripts[0])};`)
    expect(csp).toContain("connect-src 'self'")
    expect(scripts[0]).toContain("SimpleWebAuthnBrowser")
    expect(scripts[0]).toContain("useBrowserAutofill: true")
  })

  it("keeps script-src 'none' on a page without passkeys", async () => {
    const { response, html } = await signinPage([adaCredentials()])
    expect(inlineScripts(html)).toEqual([])
    expect(response.headers.get("content-security-policy")).toContain("script-src 'none'")
  })

  it("offers autofill on the one conditional-UI form only", async () => {
    const { html } = await signinPage([WebAuthn({ enableConditionalUI: false }), Passkey()])
    expect(html.match(/ data-conditional-ui>/g)).toHaveLength(1)
    expect(html).toContain('id="webauthn-form" data-webauthn-options="http://localhost:3000/auth/webauthn-options/webauthn">')
    expect(inlineScripts(html)).toHaveLength(1)
  })

  it("hides a WebAuthn provider without form fields, as Auth.js does", async () => {
    const { html } = await signinPage([WebAuthn({ enableConditionalUI: false, formFields: undefined })])
    expect(html).not.toContain("webauthn-form")
  })
})

describe("embedded @simplewebauthn/browser", () => {
  it("is the installed package's bundle (run update-browser-bundle.mjs after upgrading)", () => {
    const require = createRequire(import.meta.url)
    let dir = dirname(require.resolve("@simplewebauthn/browser"))
    while (!dir.endsWith(join("@simplewebauthn", "browser"))) dir = dirname(dir)
    const installed = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version
    expect(simpleWebAuthnBrowserVersion).toBe(installed)
    expect(simpleWebAuthnBrowserBundle).toBe(readFileSync(join(dir, "dist/bundle/index.umd.min.js"), "utf8").trim())
  })

  it("can sit inside a <script> element", () => {
    expect(simpleWebAuthnBrowserBundle).not.toMatch(/<\/script|<!--/i)
  })
})

import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import Passkey from "../providers/passkey.js"
import WebAuthn from "../providers/webauthn.js"
import { checkedSimpleWebAuthn, loadSimpleWebAuthn } from "./load-simplewebauthn.js"

// A real copy of each major: the supported one (devDependency @simplewebauthn/server) and the one
// next-auth's peer range pins (installed under the alias simplewebauthn-server-9).
const current = () => import("@simplewebauthn/server")
const version9 = () => import("simplewebauthn-server-9")

/** The version in a package's package.json (which its exports map does not expose). */
function installedVersion(name: string): string {
  for (let dir = dirname(createRequire(import.meta.url).resolve(name)); ; dir = dirname(dir)) {
    const file = join(dir, "package.json")
    const manifest = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {}
    if (manifest.version) return manifest.version
  }
}

describe("loading @simplewebauthn/server", () => {
  it("is what the WebAuthn and Passkey providers carry, and gives the installed library", async () => {
    expect(WebAuthn().loadSimpleWebAuthn).toBe(loadSimpleWebAuthn)
    expect(Passkey().loadSimpleWebAuthn).toBe(loadSimpleWebAuthn)
    const loaded = await loadSimpleWebAuthn()
    expect(loaded.verifyRegistrationResponse).toBe((await current()).verifyRegistrationResponse)
  })

  it("accepts the supported major", async () => {
    const library = await checkedSimpleWebAuthn(current)
    expect(typeof library.generateAuthenticationOptions).toBe("function")
  })

  it("refuses version 9 with one message naming the version needed and the install command", async () => {
    expect(installedVersion("simplewebauthn-server-9")).toMatch(/^9\./)
    await expect(checkedSimpleWebAuthn(version9)).rejects.toThrow(
      /Passkeys need @simplewebauthn\/server 13 or later; the installed copy is older \(version 9 or before\)\. Upgrade it: npm install @simplewebauthn\/server@\^13/,
    )
  })

  it("names the package and the install command when it is not installed", async () => {
    const missing = "@simplewebauthn/not-installed-here"
    await expect(checkedSimpleWebAuthn(() => import(/* @vite-ignore */ missing))).rejects.toThrow(
      /need the @simplewebauthn\/server package, which could not be loaded\. Install it: npm install @simplewebauthn\/server@\^13/,
    )
  })
})

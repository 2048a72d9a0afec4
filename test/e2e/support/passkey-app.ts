/**
 * Fixture of the passkey tests: Auth() with the SQLite adapter and WebAuthn providers, driven
 * by a cookie-keeping fetch "browser" and a software authenticator that makes real attestations
 * and assertions (so @simplewebauthn/server verifies them for real).
 */
import { SQLiteAdapter } from "../../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../../packages/core/src/adapters.js"
import { Auth } from "../../../packages/core/src/index.js"
import Passkey from "../../../packages/core/src/providers/passkey.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import type { AuthConfig } from "../../../packages/core/src/types.js"
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  SoftwareAuthenticator,
} from "@gatehouse/test-kit/software-authenticator"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"

export const origin = "http://localhost:3000"
export const base = `${origin}/auth`
export const secret = "passkey-tests-secret-with-more-than-32-characters"

export interface PasskeyApp {
  config: AuthConfig
  adapter: Adapter
  logger: ReturnType<typeof silentLogger>
  /** A new browser with its own cookie jar and authenticator. */
  browser(counterStep?: number): PasskeyBrowser
}

/** A fresh app on an in-memory SQLite database (or the adapter given). */
export function passkeyApp(overrides: Partial<AuthConfig> = {}): PasskeyApp {
  const adapter = overrides.adapter ?? SQLiteAdapter(":memory:")
  const logger = silentLogger()
  const config: AuthConfig = {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    providers: [Passkey()],
    experimental: { enableWebAuthn: true },
    logger,
    ...overrides,
  }
  return { config, adapter, logger, browser: (counterStep = 1) => new PasskeyBrowser(config, counterStep) }
}

export type OptionsBody =
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }

export class PasskeyBrowser extends TestBrowser {
  readonly authenticator: SoftwareAuthenticator

  constructor(config: AuthConfig, counterStep: number) {
    super((request) => Auth(request, config))
    this.authenticator = new SoftwareAuthenticator(origin, counterStep)
  }

  async options(query: Record<string, string> = {}, provider = "passkey"): Promise<Response> {
    return this.fetch(`${base}/webauthn-options/${provider}?${new URLSearchParams(query)}`)
  }

  async registrationOptions(email: string, provider = "passkey"): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const response = await this.options({ action: "register", email }, provider)
    const body = (await response.json()) as OptionsBody
    if (response.status !== 200 || body.action !== "register") throw new Error(`no registration options: ${JSON.stringify(body)}`)
    return body.options
  }

  async authenticationOptions(query: Record<string, string> = {}, provider = "passkey"): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const response = await this.options({ action: "authenticate", ...query }, provider)
    const body = (await response.json()) as OptionsBody
    if (response.status !== 200 || body.action !== "authenticate") throw new Error(`no authentication options: ${JSON.stringify(body)}`)
    return body.options
  }

  /**
   * Posts a ceremony result as the sign-in page's form does, with this browser's CSRF token
   * unless `fields` says otherwise (`csrfToken: undefined` sends none).
   */
  async callback(
    action: string,
    data: RegistrationResponseJSON | AuthenticationResponseJSON | string,
    provider = "passkey",
    fields: Record<string, string | undefined> = {},
  ): Promise<Response> {
    const csrfToken = "csrfToken" in fields ? fields.csrfToken : await this.csrfToken(base)
    const body = new URLSearchParams({ action, data: typeof data === "string" ? data : JSON.stringify(data) })
    if (csrfToken !== undefined) body.set("csrfToken", csrfToken)
    for (const [name, value] of Object.entries(fields)) if (name !== "csrfToken" && value !== undefined) body.set(name, value)
    return this.fetch(`${base}/callback/${provider}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    })
  }

  /** Registers a new passkey for `email` and signs in with it. */
  async signUp(email: string, provider = "passkey"): Promise<Response> {
    const options = await this.registrationOptions(email, provider)
    return this.callback("register", await this.authenticator.register(options), provider)
  }

  /** Signs in with the authenticator's passkey (discoverable: no e-mail given). */
  async signIn(provider = "passkey"): Promise<Response> {
    const options = await this.authenticationOptions({}, provider)
    return this.callback("authenticate", await this.authenticator.authenticate(options), provider)
  }

  async session(): Promise<{ user?: { email?: string; name?: string | null } } | null> {
    return (await this.fetch(`${base}/session`)).json()
  }

  async signOut(): Promise<Response> {
    return this.post(`${base}/signout`, {}, base)
  }
}

import type { InternalOptions, InternalProvider } from "../config/internal-options.js"
import type { SafeHtml } from "../pages/html.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { CommonProviderOptions } from "../providers/types.js"
import type { Awaitable } from "../primitives.js"
import type { ResponseInternal } from "../types.js"
import type { PasswordPolicy } from "./password-policy.js"
import type { ScryptParams } from "./scrypt-kdf.js"

/** One mail of the password flows, for the `send` option. */
export interface PasswordMail {
  to: string
  /**
   * `verify`: confirm the address after sign-up (link and code). `reset`: a forgotten password
   * (link and code). `changed`: the password was changed or reset (no link). `exists`: someone
   * tried to sign up with an address that already has a user (a link to the forgot page).
   */
  kind: "verify" | "reset" | "changed" | "exists"
  /** The link to open (for `changed`, the sign-in page). */
  url: string
  /** The one-time code (`verify`, `reset`), formatted `ABCD-EFGH`. */
  code?: string
  /** When the link and code stop working (`verify`, `reset`). */
  expires?: Date
}

export interface PasswordConfig extends CommonProviderOptions {
  type: "password"
  /** Length, the shipped common-password list, an optional breached-password service, the app's rule. */
  policy?: PasswordPolicy
  /** No session until the address is verified (by the mailed link or code). Default true. */
  requireVerifiedEmail?: boolean
  /**
   * Sends the flows' mails. Default: the transport of the configured e-mail provider (its SMTP
   * `server`, or `"console"`), else the console in development; in production one of them is required.
   */
  send?: (mail: PasswordMail) => Awaitable<void>
  /** Where mails come from with the default transport. Default: the e-mail provider's `from`. */
  from?: string
  /**
   * scrypt's cost for new hashes. Default OWASP's (N=2^17, r=8, p=1, 32 bytes). A stored hash with
   * other parameters is re-hashed at the next successful sign-in.
   */
  hashing?: ScryptParams
  /** Seconds a verification mail's link and code work. Default 24 hours. */
  verifyMaxAge?: number
  /** Seconds a reset mail's link and code work. Default 15 minutes. */
  resetMaxAge?: number
  /** Wrong codes an address may try per window (verification and reset codes alike). Default 5. */
  maxCodeAttempts?: number
  /** Seconds of that window. Default 15 minutes. */
  codeAttemptWindow?: number
  /** Loads the provider's flows (set by the factory): only apps with the provider bundle them. */
  loadFlows?: () => Promise<PasswordFlows>
}

/** The Password provider's request handlers, loaded through `loadFlows`. */
export interface PasswordFlows {
  /** GET and POST /callback/password. */
  callback(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal>
  /** GET and POST /password/<operation>. */
  operation(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal>
  /** The provider's form on the built-in sign-in page. */
  signinForm(
    provider: InternalProvider,
    csrfToken: string | undefined,
    callbackUrl: string,
    query: Record<string, string>,
    options: InternalOptions,
  ): SafeHtml
}

export type PasswordUserConfig = Omit<Partial<PasswordConfig>, "type">

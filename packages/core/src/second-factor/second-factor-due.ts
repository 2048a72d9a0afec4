import type { InternalOptions } from "../config/internal-options.js"
import type { FirstFactorDone } from "../login/finish-sign-in.js"
import { multiFactorMethod } from "../step-up/session-authentication.js"

/**
 * What the gate must still ask of a sign-in whose first factor is done: the code of the user's
 * TOTP ("challenge"), an enrolment first when a second factor is required and the user has none
 * ("enrol"), or nothing (second factors off, a first factor that is two already such as a
 * passkey, or a user who has none and need not). `ownerKey` names the user as its session will.
 */
export async function secondFactorDue(
  done: Pick<FirstFactorDone, "user" | "account">,
  methods: string[],
  ownerKey: string,
  options: InternalOptions,
): Promise<"challenge" | "enrol" | null> {
  const config = options.secondFactor
  if (!config || methods.includes(multiFactorMethod)) return null
  const record = await options.adapter!.getSecondFactor(ownerKey)
  if (record?.totpSecret) return "challenge"
  const required =
    typeof config.required === "function" ? await config.required({ user: done.user, account: done.account }) : config.required
  return required === true ? "enrol" : null
}

/** The page a pending sign-in is sent to: the app's `pages.secondFactor`, else the built-in `{basePath}/second-factor`. */
export function secondFactorPageUrl(options: InternalOptions): string {
  const custom = options.pages.secondFactor
  return custom ? new URL(custom, options.url.origin).href : `${options.url.href.replace(/\/$/, "")}/second-factor`
}

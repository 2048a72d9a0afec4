/**
 * Everything the Password provider does, in one module the provider loads on first use
 * (`loadFlows`): core's own bundle reaches none of it, so an app without passwords (a Workers
 * bundle inlines every dynamic import it can reach) carries no hashing, no common-password list,
 * no pages of it.
 */

import type { PasswordFlows, InternalOptions, InternalProvider } from "../providers/types.js"
import { passwordCallback } from "./password-callback.js"
import { passwordOperation } from "./password-operation.js"
import { html, type SafeHtml } from "../pages/html.js"
import { message } from "../pages/page-locale.js"
import { hiddenFields } from "../pages/signin-page.js"
import { passwordMessage } from "./password-messages.js"

export const passwordFlows: PasswordFlows = { callback: passwordCallback, operation: passwordOperation, signinForm: passwordSigninForm }

/** The Password provider's form: address and current password, with links to sign up and to reset a forgotten password. */
export function passwordSigninForm(
  provider: InternalProvider,
  csrfToken: string | undefined,
  callbackUrl: string,
  query: Record<string, string>,
  options: InternalOptions,
): SafeHtml {
  const { locale } = options
  const id = (name: string) => `input-${name}-for-${provider.id}-provider`
  return html`<form class="provider" action="${provider.callbackUrl}" method="POST" id="${provider.id}-form">${hiddenFields(csrfToken, callbackUrl)}<label for="${id("email")}">${passwordMessage(locale, "email")}</label><input id="${id("email")}" type="email" name="email" value="${query.email ?? ""}" autocomplete="email" required><label for="${id("password")}">${passwordMessage(locale, "signin.password")}</label><input id="${id("password")}" type="password" name="password" autocomplete="current-password" required><button type="submit">${message(locale, "signin.withProvider", { provider: provider.name })}</button></form><p class="links"><a href="${options.url.href}/password/forgot">${passwordMessage(locale, "signin.forgotLink")}</a><a href="${options.url.href}/password/signup">${passwordMessage(locale, "signin.signupLink")}</a></p>`
}

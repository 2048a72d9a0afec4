import { html, type SafeHtml } from "../pages/html.js"
import { message, type PageLocale } from "../pages/page-locale.js"
import { credentialField, hiddenFields } from "../pages/signin-page.js"
import type { CredentialInput, InternalOptions, InternalProvider } from "../providers/types.js"

/**
 * A WebAuthn provider's form on the sign-in page (Auth.js's `<id>-form`, fields marked
 * `data-form-field`). The passkey script reads where to fetch options from, and whether to offer
 * autofill, from it. The provider carries it (WebAuthn() sets `signinForm`), so apps without
 * passkeys do not bundle it.
 */
export function passkeySigninForm(
  provider: InternalProvider<"webauthn">,
  csrfToken: string | undefined,
  callbackUrl: string,
  options: InternalOptions,
): SafeHtml {
  const fields = (provider as { formFields?: Record<string, CredentialInput> }).formFields ?? {}
  const optionsUrl = `${options.url.href}/webauthn-options/${provider.id}`
  const conditionalUI = (provider as { enableConditionalUI?: boolean }).enableConditionalUI ? html` data-conditional-ui` : ""
  return html`<form class="provider" action="${provider.callbackUrl}" method="POST" id="${provider.id}-form" data-webauthn-options="${optionsUrl}"${conditionalUI}>${hiddenFields(csrfToken, callbackUrl)}${Object.entries(fields).map(([name, input]) => credentialField(provider.id, name, localizedDefaultLabel(name, input, options.locale), html` data-form-field`))}<p class="error" role="alert" data-webauthn-error data-failed-message="${options.locale.messages["passkey.failed"]}" hidden></p><button type="submit">${message(options.locale, "signin.withProvider", { provider: provider.name })}</button></form>`
}

/** The passkey provider's own default field ("email", labelled "Email") in the page's language; an app's labels stay as given. */
function localizedDefaultLabel(name: string, input: CredentialInput, locale: PageLocale): CredentialInput {
  return name === "email" && input?.label === "Email" ? { ...input, label: locale.messages["signin.email"] } : input
}

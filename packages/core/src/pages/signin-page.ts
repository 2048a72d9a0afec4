import type { InternalOptions, InternalProvider, CredentialInput, WebAuthnProviderConfig, PasswordFlows } from "../providers/types.js"
import { html, inlineScript, type SafeHtml } from "./html.js"
import type { MessageKey } from "./locales/en.js"
import { message, type PageLocale } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"
import type { ResponseInternal } from "../types.js"

/** The sign-in errors (`?error=`) the page explains; any other name shows the default text. */
const signinErrors: Record<string, MessageKey> = {
  Signin: "signin.error.differentAccount",
  OAuthSignin: "signin.error.differentAccount",
  OAuthCallbackError: "signin.error.differentAccount",
  OAuthCreateAccount: "signin.error.differentAccount",
  EmailCreateAccount: "signin.error.differentAccount",
  Callback: "signin.error.differentAccount",
  OAuthAccountNotLinked: "signin.error.notLinked",
  AccountNotLinked: "signin.error.notLinked",
  StepUpFailed: "signin.error.notLinked",
  SecondFactorFailed: "signin.error.secondFactor",
  EmailSignin: "signin.error.emailSignin",
  CredentialsSignin: "signin.error.credentials",
  SessionRequired: "signin.error.sessionRequired",
  MissingCSRF: "signin.error.missingCsrf",
}

/**
 * The built-in sign-in page: one form per provider. No client-side script, except with a
 * WebAuthn provider: then an inline passkey script (allowed by its CSP hash, never from a CDN).
 */
export async function signinPage(
  options: InternalOptions,
  query: Record<string, string>,
  /** The Password provider's form, when the app has one: its flows are loaded by the caller (actions/signin.ts). */
  passwordForm?: PasswordFlows["signinForm"],
): Promise<ResponseInternal<string>> {
  const { providers, csrfToken, callbackUrl, theme, locale } = options
  const error = query.error
  const visible = providers.filter(
    (p) =>
      p.type === "oauth" ||
      p.type === "oidc" ||
      p.type === "email" ||
      (p.type === "credentials" && !!(p as InternalProvider<"credentials">).credentials) ||
      (p.type === "webauthn" && !!(p as InternalProvider<"webauthn">).formFields) ||
      p.type === "password",
  )
  const oauth = visible.filter((p) => p.type === "oauth" || p.type === "oidc")
  const forms = visible.filter((p) => p.type !== "oauth" && p.type !== "oidc")

  const content = html`<div class="card">
<h1>${message(locale, "signin.heading")}</h1>
${error ? html`<div class="error" role="alert">${message(locale, Object.hasOwn(signinErrors, error) ? signinErrors[error] : "signin.error.default")}</div>` : ""}
${oauth.map((p) => oauthButton(p as InternalProvider<"oauth">, csrfToken, callbackUrl, locale))}
${oauth.length && forms.length ? html`<hr>` : ""}
${forms.map((p, i) => html`${i > 0 ? html`<hr>` : ""}${providerForm(p, csrfToken, callbackUrl, query, options, passwordForm)}`)}
</div>`
  // Loaded on demand, through the provider: pages without passkeys never carry the browser library,
  // and apps without a passkey provider never bundle it.
  const passkeyProvider = forms.find((p) => p.type === "webauthn") as WebAuthnProviderConfig | undefined
  const passkeys = await passkeyProvider?.loadSigninPageScript?.()
  const page = passkeys ? html`${content}${inlineScript(passkeys.source)}` : content
  return { status: 200, headers: pageHeaders(passkeys?.hash), body: renderPage(locale, "signin.title", page, theme) }
}

/** The hidden fields every form of the sign-in page carries (the Password provider's form too). */
export function hiddenFields(csrfToken: string | undefined, callbackUrl: string): SafeHtml {
  return html`${csrfToken ? html`<input type="hidden" name="csrfToken" value="${csrfToken}">` : ""}<input type="hidden" name="callbackUrl" value="${callbackUrl}">`
}

/**
 * An OAuth provider's button: its brand mark (inline SVG, coloured for light and dark, hidden from
 * assistive technology) beside the text, which stays the accessible name. The button itself keeps
 * the page's colours: many brand colours do not reach a readable contrast behind text.
 */
function oauthButton(
  provider: InternalProvider<"oauth">,
  csrfToken: string | undefined,
  callbackUrl: string,
  locale: PageLocale,
): SafeHtml {
  const mark = provider.style?.mark
  const logo = mark
    ? html`<svg class="mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false" style="--mark:${mark.light};--mark-dark:${mark.dark}"><path d="${mark.path}"/></svg>`
    : provider.style?.logo
      ? html`<img src="${provider.style.logo}" alt="" loading="lazy">`
      : ""
  return html`<form class="provider" action="${provider.signinUrl}" method="POST">${hiddenFields(csrfToken, callbackUrl)}<button type="submit" class="oauth">${logo}<span>${message(locale, "signin.withProvider", { provider: provider.name })}</span></button></form>`
}

function providerForm(
  provider: InternalProvider,
  csrfToken: string | undefined,
  callbackUrl: string,
  query: Record<string, string>,
  options: InternalOptions,
  passwordForm: PasswordFlows["signinForm"] | undefined,
): SafeHtml {
  // A passkey provider brings its form (WebAuthn() sets it; assertWebAuthnProviders refuses one without).
  if (provider.type === "webauthn") {
    const webauthn = provider as InternalProvider<"webauthn">
    return webauthn.signinForm!(webauthn, csrfToken, callbackUrl, options)
  }
  const signInWith = message(options.locale, "signin.withProvider", { provider: provider.name })
  if (provider.type === "password") return passwordForm?.(provider, csrfToken, callbackUrl, query, options) ?? html``
  if (provider.type === "email") {
    const id = `input-email-for-${provider.id}-provider`
    return html`<form class="provider" action="${provider.signinUrl}" method="POST">${hiddenFields(csrfToken, callbackUrl)}<label for="${id}">${message(options.locale, "signin.email")}</label><input id="${id}" type="email" name="email" value="${query.email ?? ""}" placeholder="email@example.com" autocomplete="email" required><button type="submit">${signInWith}</button></form>`
  }
  // Passkeys returned above with their own form: only a credentials provider has fields here.
  const fields: Record<string, CredentialInput> | undefined =
    provider.type === "credentials" ? (provider as InternalProvider<"credentials">).credentials : undefined
  return html`<form class="provider" action="${provider.callbackUrl}" method="POST" id="${provider.id}-form">${hiddenFields(csrfToken, callbackUrl)}${Object.entries(fields ?? {}).map(([name, input]) => credentialField(provider.id, name, input))}<button type="submit">${signInWith}</button></form>`
}

/** One labelled input of a credentials (or passkey) form, with the app's attributes; `marker` adds attributes of ours. */
export function credentialField(providerId: string, name: string, input: CredentialInput, marker?: SafeHtml): SafeHtml {
  const id = `input-${name}-for-${providerId}-provider`
  const { label, ...attributes } = input ?? {}
  const attrs = Object.entries(attributes)
    .filter(
      ([key, value]) => /^[a-zA-Z][a-zA-Z0-9-]*$/.test(key) && key !== "name" && key !== "id" && value !== undefined && value !== false,
    )
    .map(([key, value]) => (value === true ? html` ${key}` : html` ${key}="${String(value)}"`))
  return html`<label for="${id}">${label ?? name}</label><input name="${name}" id="${id}"${attrs}${marker ?? ""}>`
}

/**
 * `@gatehouse/qwik/webauthn`: passkey sign-in, sign-up and autofill in the browser.
 * The endpoints live under `/auth`, this integration's base path, which is the helper's default.
 */
export * from "@gatehouse/webauthn-browser"

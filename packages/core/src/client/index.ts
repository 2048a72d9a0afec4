/**
 * `@gatehouse/core/client`: what the integrations' browser clients share (`@gatehouse/next/react`,
 * `@gatehouse/sveltekit/client`): posting a sign-in or sign-out form, where to go after it,
 * which route a provider's sign-in starts at, and reading a route's JSON. Browser code only: no
 * dependency, nothing of the server. An internal entry for the integrations; apps use their
 * framework's client.
 */
export { formFields, postAuthForm, type AuthFormAnswer } from "./post-auth-form.js"
export { navigate, pageOnThisSite } from "./destination.js"
export { readAuthJson } from "./read-auth-json.js"
export { signInRoute } from "../integration/sign-in-route.js"

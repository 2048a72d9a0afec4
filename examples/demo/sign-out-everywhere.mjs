// "Sign out everywhere, including the identity provider": a federated sign-out (OpenID Connect
// RP-Initiated Logout) for sessions begun with the Dev IdP. It is the ordinary sign-out POST with
// `federated=true`: Gatehouse ends the session here, sends the browser to the IdP's end-session page,
// and the IdP (after "Yes, sign me out") sends a logout token to every app of that IdP session
// (back-channel logout) before sending the browser back.
import { Auth, listSessions } from "@gatehouse/core"

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The button's form (empty unless this session was signed in with `providerId`) and the CSRF cookie it may need. */
export async function signOutEverywhereForm(request, config, { origin, providerId }) {
  const sessions = await listSessions(request, config)
  if (sessions?.find((session) => session.current)?.provider !== providerId) return { html: "", setCookie: [] }
  const csrf = await Auth(new Request(`${origin}/auth/csrf`, { headers: request.headers }), config)
  const { csrfToken } = await csrf.json()
  const html = `<form method="post" action="/auth/signout">
       <input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}">
       <input type="hidden" name="federated" value="true">
       <input type="hidden" name="callbackUrl" value="${escapeHtml(`${origin}/`)}">
       <button id="sign-out-everywhere" type="submit">Sign out everywhere, including the identity provider</button>
     </form>`
  return { html, setCookie: csrf.headers.getSetCookie() }
}

/** The one page a person (or a test) sees at the dev identity provider. */
import { escapeHtml } from "./escape-html.js"
import type { DevUser } from "./users.js"

export interface LoginPageInput {
  uid: string
  clientId: string
  users: readonly DevUser[]
  prefilledLogin: string
  error?: string
}

/**
 * A login form with the login name prefilled, so one click signs in. Tests find the form by
 * its ids: `#login-form`, `#username`, `#sign-in`, `#cancel`.
 */
export function renderLoginPage({ uid, clientId, users, prefilledLogin, error }: LoginPageInput): string {
  const base = `/interaction/${encodeURIComponent(uid)}`
  const knownUsers = users
    .map((user) => `<li><code>${escapeHtml(user.sub)}</code>${user.email ? ` (${escapeHtml(user.email)})` : ""}</li>`)
    .join("")
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Dev IdP: sign in</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 4rem auto; padding: 0 1rem; color: #222; }
  .card { border: 1px solid #ccc; border-radius: 8px; padding: 1.5rem; }
  label, input, button { display: block; width: 100%; box-sizing: border-box; }
  input { padding: .5rem; margin: .25rem 0 1rem; }
  button { padding: .6rem; margin-top: .5rem; cursor: pointer; }
  .error { color: #b00020; }
  .note { color: #666; font-size: .85rem; }
</style></head>
<body><div class="card">
  <h1>Dev IdP</h1>
  <p>Signing in to <strong>${escapeHtml(clientId)}</strong>. This is a local development identity provider: no password needed.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
  <form id="login-form" method="post" action="${base}/login">
    <label for="username">Login name</label>
    <input id="username" name="username" autocomplete="username" value="${escapeHtml(prefilledLogin)}">
    <button id="sign-in" type="submit">Sign in</button>
  </form>
  <form id="cancel-form" method="post" action="${base}/abort">
    <button id="cancel" type="submit">Cancel</button>
  </form>
  <p class="note">Known users:</p><ul class="note">${knownUsers}</ul>
</div></body>
</html>`
}

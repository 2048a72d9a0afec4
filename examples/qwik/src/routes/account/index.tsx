import { component$ } from "@builder.io/qwik"
import { type DocumentHead, type RequestHandler, useLocation } from "@builder.io/qwik-city"
import type { Session } from "@gatehouse/qwik"
import { auth } from "../plugin@auth"

/** What the account endpoints report back in ?done= and ?error= (docs/account.md). */
const notices: Record<string, string> = {
  unlinked: "The account was unlinked.",
  "passkey-deleted": "The passkey was removed.",
  "email-sent": "If the address can be used, a link and a code are on their way to it.",
  "email-changed": "Your address was changed.",
}
const problems: Record<string, string> = {
  "last-method": "This is your last way to sign in: add another one before removing it.",
  "not-linked": "That account is not linked to you.",
  "invalid-email": "That address cannot be used.",
  "same-email": "That is already your address.",
  "email-taken": "That address cannot be used.",
  "account-taken": "That account already belongs to another user here, so it was not linked. Both accounts are unchanged.",
}

/** The auth plugin ran first and left the session in sharedMap: no session, no page. */
export const onRequest: RequestHandler = (event) => {
  const session = event.sharedMap.get("session") as Session | null
  if (!session || new Date(session.expires) < new Date()) {
    throw event.redirect(302, `/?redirectTo=${encodeURIComponent(event.url.pathname)}`)
  }
}

/**
 * The account as GET /auth/account answers it as JSON, read on the server by core (`useAccount` of
 * `QwikAuth$`, no request to the route). Exported from this page only: Qwik City runs the loaders a
 * route module exports on every request to it.
 */
export const { useAccount } = auth

/**
 * The Account page. Its forms post straight to the account endpoints (plain forms: no script needed), which
 * send the browser back here (pages.account) with ?done= or ?error=. No CSRF token: @gatehouse/qwik refuses
 * cross-site form posts itself. Unlinking, the address change and deletion need a recent sign-in: an older
 * one is sent through signing in again first, and comes back here.
 */
export default component$(() => {
  const account = useAccount().value
  const { url } = useLocation()
  const done = url.searchParams.get("done")
  const error = url.searchParams.get("error")
  const linked = new Set(account?.accounts.map((linkedAccount) => linkedAccount.provider))

  return (
    <>
      <h1>Account</h1>
      {done && (
        <p role="status" id="account-notice">
          {notices[done] ?? "Done."}
        </p>
      )}
      {error && (
        <p role="alert" id="account-problem" data-error={error}>
          {problems[error] ?? "That did not work. Please try again."}
        </p>
      )}
      {account ? (
        <>
          <section aria-labelledby="you">
            <h2 id="you">You</h2>
            <p>Name: {account.user.name ?? "(none)"}</p>
            <p>
              E-mail: <span id="account-email">{account.user.email}</span>
            </p>
          </section>
          <section aria-labelledby="ways-in">
            <h2 id="ways-in">Ways to sign in</h2>
            <ul id="account-methods">
              {account.password && <li data-method="password">Password</li>}
              {account.emailSignIn && <li data-method="email">A link by e-mail</li>}
              {account.accounts.map((linkedAccount) => (
                <li key={linkedAccount.handle} data-method={linkedAccount.provider}>
                  {linkedAccount.provider}
                  {linkedAccount.linkedAt && (
                    <small id={`linked-at-${linkedAccount.provider}`}>
                      {" "}
                      linked <time dateTime={linkedAccount.linkedAt}>{linkedAccount.linkedAt.slice(0, 10)}</time>
                    </small>
                  )}
                  <form method="post" action="/auth/account/unlink">
                    <input type="hidden" name="provider" value={linkedAccount.provider} />
                    <input type="hidden" name="handle" value={linkedAccount.handle} />
                    <button type="submit" id={`unlink-${linkedAccount.provider}`}>
                      Unlink {linkedAccount.provider}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
            {!linked.has("dev-idp") && (
              // Starts the Dev IdP's sign-in; its callback links the account to you and comes back here.
              <form method="post" action="/auth/account/link/dev-idp">
                <button type="submit" id="link-dev-idp">
                  Link Dev IdP
                </button>
              </form>
            )}
          </section>
          <section aria-labelledby="address">
            <h2 id="address">Change your e-mail address</h2>
            <form method="post" action="/auth/account/email">
              <label for="new-email">New address</label>
              <input id="new-email" name="email" type="email" autoComplete="email" required />
              <button type="submit" id="change-email">
                Send a confirmation link
              </button>
            </form>
            <p>Nothing changes until you open the link in the mail to the new address.</p>
          </section>
          <section aria-labelledby="delete">
            <h2 id="delete">Delete your account</h2>
            <form method="post" action="/auth/account/delete">
              <input id="delete-understood" type="checkbox" required />
              <label for="delete-understood">I understand that this cannot be undone</label>
              <button type="submit" id="delete-account">
                Delete my account
              </button>
            </form>
          </section>
        </>
      ) : (
        <p id="account-problem">Only users kept in the database have an account here: the demo user of the credentials form has none.</p>
      )}
    </>
  )
})

export const head: DocumentHead = { title: "Account · Gatehouse · Qwik City" }

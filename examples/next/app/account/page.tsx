import { redirect } from "next/navigation"
import { account as userAccount, auth } from "../../auth"
import { AccountForm, CsrfTokenProvider } from "../../components/account-form"

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

/** A date of the account JSON (ISO text), as its day. */
function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{iso.slice(0, 10)}</time>
}

type SearchParams = Promise<{ done?: string; error?: string }>

/**
 * The Account page: the forms post straight to the account endpoints. Unlinking, removing a passkey, the
 * address change and deletion need a recent sign-in: an older one is sent through signing in again first,
 * and comes back here.
 */
export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await auth()
  if (!session?.user) redirect("/signin?callbackUrl=/account")
  // Read on the server by core (the same JSON as GET /api/auth/account), not through a request to the route.
  const [account, { done, error }] = await Promise.all([userAccount.get(), searchParams])
  const linked = new Set(account?.accounts.map((linkedAccount) => linkedAccount.provider))
  return (
    <>
      <h1>Account</h1>
      {done && (
        <p role="status" className="card" data-testid="account-notice">
          {notices[done] ?? "Done."}
        </p>
      )}
      {error && (
        <p role="alert" className="alert" data-testid="account-problem" data-error={error}>
          {problems[error] ?? "That did not work. Please try again."}
        </p>
      )}
      {account ? (
        <CsrfTokenProvider>
          <section className="card" aria-labelledby="you">
            <h2 id="you">You</h2>
            <p>Name: {account.user.name ?? "(none)"}</p>
            <p>
              E-mail: <span data-testid="account-email">{account.user.email}</span>
            </p>
          </section>
          <section className="card" aria-labelledby="ways-in">
            <h2 id="ways-in">Ways to sign in</h2>
            <ul data-testid="account-methods">
              {account.password && <li data-method="password">Password</li>}
              {account.emailSignIn && <li data-method="email">A link by e-mail</li>}
              {account.accounts.map((linkedAccount) => (
                <li key={linkedAccount.handle} data-method={linkedAccount.provider}>
                  {linkedAccount.provider}
                  {linkedAccount.linkedAt && (
                    <small data-testid={`linked-at-${linkedAccount.provider}`}>
                      {" "}
                      linked <Day iso={linkedAccount.linkedAt} />
                    </small>
                  )}
                  <AccountForm action="unlink">
                    <input type="hidden" name="provider" value={linkedAccount.provider} />
                    <input type="hidden" name="handle" value={linkedAccount.handle} />
                    <button type="submit" className="secondary" data-testid={`unlink-${linkedAccount.provider}`}>
                      Unlink {linkedAccount.provider}
                    </button>
                  </AccountForm>
                </li>
              ))}
              {account.passkeys.map((passkey, index) => (
                <li key={passkey.id} data-method="passkey">
                  {passkey.name ?? `Passkey ${index + 1}`}
                  {passkey.createdAt && (
                    <small>
                      {" "}
                      added <Day iso={passkey.createdAt} />
                    </small>
                  )}
                  {passkey.lastUsedAt && (
                    <small>
                      {" "}
                      last used <Day iso={passkey.lastUsedAt} />
                    </small>
                  )}
                  <AccountForm action="passkeys/delete">
                    <input type="hidden" name="id" value={passkey.id} />
                    <button type="submit" className="secondary">
                      Remove {passkey.name ?? `passkey ${index + 1}`}
                    </button>
                  </AccountForm>
                </li>
              ))}
            </ul>
            {!linked.has("dev-idp") && (
              // Starts the Dev IdP's sign-in; its callback links the account to you and comes back here.
              <AccountForm action="link/dev-idp">
                <button type="submit" data-testid="link-dev-idp">
                  Link Dev IdP
                </button>
              </AccountForm>
            )}
          </section>
          <section className="card" aria-labelledby="address">
            <h2 id="address">Change your e-mail address</h2>
            <AccountForm action="email">
              <label htmlFor="new-email">New address</label>
              <input id="new-email" name="email" type="email" autoComplete="email" required data-testid="new-email" />
              <button type="submit" data-testid="change-email">
                Send a confirmation link
              </button>
            </AccountForm>
            <p className="hint">Nothing changes until you open the link in the mail to the new address.</p>
          </section>
          <section className="card" aria-labelledby="delete">
            <h2 id="delete">Delete your account</h2>
            <AccountForm action="delete">
              <input id="delete-understood" type="checkbox" required data-testid="delete-understood" />
              <label htmlFor="delete-understood">I understand that this cannot be undone</label>
              <button type="submit" className="danger" data-testid="delete-account">
                Delete my account
              </button>
            </AccountForm>
          </section>
        </CsrfTokenProvider>
      ) : (
        <p data-testid="account-problem">
          Only users kept in the database have an account here: the demo user of the credentials form has none.
        </p>
      )}
    </>
  )
}

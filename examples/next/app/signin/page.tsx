import { ClientSignIn } from "../../components/client-sign-in"
import { PasskeySignIn } from "../../components/passkey-sign-in"
import { signInWithCredentials, signInWithEmail, signInWithPassword, signInWithProvider } from "../actions"

const messages: Record<string, string> = {
  CredentialsSignin: "Sign in failed. Check the username (or e-mail address) and password.",
  SessionRequired: "Please sign in to see that page.",
  OAuthAccountNotLinked: "That account is linked to another user.",
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const error = typeof params.error === "string" ? params.error : undefined
  const callbackUrl = typeof params.callbackUrl === "string" ? params.callbackUrl : "/"
  const devIdpConfigured = Boolean(process.env.AUTH_DEV_IDP_ISSUER)
  const emailConfigured = Boolean(process.env.EMAIL_SERVER)
  return (
    <>
      <h1>Sign in</h1>
      <p className="lead">
        Each method below is its own provider. Demo account: username <code>demo</code>, password <code>demo</code> (JWT sessions; with
        database sessions use the Dev IdP).
      </p>
      {error && (
        <p role="alert" className="alert" data-testid="sign-in-error" data-error={error}>
          {messages[error] ?? "Sign in failed."} ({error})
        </p>
      )}
      <div className="grid">
        <section className="card" aria-labelledby="method-passkey">
          <h2 id="method-passkey">Passkey</h2>
          <p className="hint">WebAuthn; the browser also offers saved passkeys in the e-mail field (autofill).</p>
          <PasskeySignIn callbackUrl={callbackUrl} autofill />
        </section>
        {devIdpConfigured && (
          <section className="card" aria-labelledby="method-oidc">
            <h2 id="method-oidc">OpenID Connect</h2>
            <p className="hint">The local Dev IdP: a redirect to the provider and back.</p>
            <form action={signInWithProvider} className="stack">
              <input type="hidden" name="provider" value="dev-idp" />
              <input type="hidden" name="redirectTo" value={callbackUrl} />
              <button type="submit" data-testid="dev-idp-submit">
                Sign in with Dev IdP
              </button>
            </form>
          </section>
        )}
        {emailConfigured && (
          <section className="card" aria-labelledby="method-email">
            <h2 id="method-email">E-mail link or code</h2>
            <p className="hint">A magic link and a one-time code, printed by the demo&apos;s mail server.</p>
            <form action={signInWithEmail} className="stack">
              <input type="hidden" name="redirectTo" value={callbackUrl} />
              <label>
                E-mail <input name="email" type="email" autoComplete="email" data-testid="email" />
              </label>
              <button type="submit" data-testid="email-submit">
                Send me a sign-in link
              </button>
            </form>
          </section>
        )}
        {emailConfigured && (
          <section className="card" aria-labelledby="method-password">
            <h2 id="method-password">E-mail and password</h2>
            <p className="hint">Password accounts: sign up with a verified address, reset a forgotten password (the built-in pages).</p>
            <form action={signInWithPassword} className="stack">
              <input type="hidden" name="redirectTo" value={callbackUrl} />
              <label>
                E-mail <input name="email" type="email" autoComplete="email" required data-testid="password-email" />
              </label>
              <label>
                Password <input name="password" type="password" autoComplete="current-password" required data-testid="password-password" />
              </label>
              <button type="submit" data-testid="password-submit">
                Sign in
              </button>
            </form>
            <p className="hint">
              <a href={`/api/auth/password/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`} data-testid="password-signup-link">
                Create an account
              </a>{" "}
              ·{" "}
              <a href={`/api/auth/password/forgot?callbackUrl=${encodeURIComponent(callbackUrl)}`} data-testid="password-forgot-link">
                Forgot your password?
              </a>
            </p>
          </section>
        )}
        <section className="card" aria-labelledby="method-credentials">
          <h2 id="method-credentials">Username and password</h2>
          <p className="hint">
            A server action calling <code>signIn(&quot;credentials&quot;)</code>.
          </p>
          <form action={signInWithCredentials} className="stack">
            <input type="hidden" name="redirectTo" value={callbackUrl} />
            <label>
              Username <input name="username" autoComplete="username" data-testid="username" />
            </label>
            <label>
              Password <input name="password" type="password" autoComplete="current-password" data-testid="password" />
            </label>
            <button type="submit" data-testid="credentials-submit">
              Sign in
            </button>
          </form>
        </section>
        <section className="card" aria-labelledby="method-browser">
          <h2 id="method-browser">Username and password, from the browser</h2>
          <p className="hint">
            <code>signIn()</code> from <code>@gatehouse/next/react</code> with <code>redirect: false</code>.
          </p>
          <ClientSignIn callbackUrl={callbackUrl} />
        </section>
      </div>
    </>
  )
}

import { ClientSignIn } from "../../components/client-sign-in"
import { PasskeySignIn } from "../../components/passkey-sign-in"
import { signInWithCredentials, signInWithEmail, signInWithProvider } from "../actions"

const messages: Record<string, string> = {
  CredentialsSignin: "Sign in failed. Check the username and password.",
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
      {error && (
        <p role="alert" data-testid="sign-in-error" data-error={error}>
          {messages[error] ?? "Sign in failed."} ({error})
        </p>
      )}
      <h2>Passkey</h2>
      {/* autofill: the browser offers this site's passkeys in the e-mail field as soon as the page loads. */}
      <PasskeySignIn callbackUrl={callbackUrl} autofill />
      {devIdpConfigured && (
        <form action={signInWithProvider}>
          <input type="hidden" name="provider" value="dev-idp" />
          <input type="hidden" name="redirectTo" value={callbackUrl} />
          <button type="submit" data-testid="dev-idp-submit">Sign in with Dev IdP (OpenID Connect)</button>
        </form>
      )}
      {emailConfigured && (
        <>
          <h2>E-mail link or code</h2>
          <form action={signInWithEmail} style={{ display: "grid", gap: "0.5rem", maxWidth: 320 }}>
            <input type="hidden" name="redirectTo" value={callbackUrl} />
            <label>
              E-mail <input name="email" type="email" autoComplete="email" data-testid="email" />
            </label>
            <button type="submit" data-testid="email-submit">Send me a sign-in link</button>
          </form>
        </>
      )}
      <h2>Username and password (server action)</h2>
      <form action={signInWithCredentials} style={{ display: "grid", gap: "0.5rem", maxWidth: 320 }}>
        <input type="hidden" name="redirectTo" value={callbackUrl} />
        <label>
          Username <input name="username" autoComplete="username" data-testid="username" />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" data-testid="password" />
        </label>
        <button type="submit" data-testid="credentials-submit">Sign in</button>
      </form>
      <h2>Username and password (from the browser)</h2>
      <ClientSignIn callbackUrl={callbackUrl} />
      <p>
        Demo account: username <code>demo</code>, password <code>demo</code> (JWT sessions; with database sessions use
        the Dev IdP).
      </p>
    </>
  )
}

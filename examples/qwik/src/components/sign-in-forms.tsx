import { component$ } from "@builder.io/qwik"
import { Form } from "@builder.io/qwik-city"
import type { SignInOptions } from "../auth/options"
import { useSignIn } from "../routes/plugin@auth"

interface Props {
  redirectTo: string
  offered: SignInOptions
  /** A refusal reported in this page's URL (?error=&code=), where core sends it. */
  refused?: { error: string; code?: string }
}

/** What the page says for the refusals it knows; anything else gets a generic line. */
const refusalMessages: Record<string, string> = {
  CredentialsSignin: "Sign in failed. Check the details you provided are correct.",
  AccessDenied: "You do not have permission to sign in.",
}

/**
 * Credentials, OIDC and e-mail sign-in, all bound to the one `useSignIn` action. A refused sign-in
 * redirects back here with ?error= (as with @auth/qwik); a form posting `redirectOnFailure=false`
 * stays, with the refusal in the action's value. Both are shown the same way.
 */
export const SignInForms = component$<Props>(({ redirectTo, offered, refused }) => {
  const signIn = useSignIn()
  const result = signIn.value
  const failure = result?.failed ? result : refused ? { ...refused, fieldErrors: {}, formErrors: [] as string[] } : undefined
  return (
    <section>
      <h2>Sign in</h2>
      {failure && (
        <div id="sign-in-error" role="alert">
          {failure.error && (
            <p>
              Error: <code id="sign-in-error-type">{failure.error}</code>
              {failure.code && (
                <>
                  {" "}
                  (code <code id="sign-in-error-code">{failure.code}</code>)
                </>
              )}
            </p>
          )}
          {failure.error && !failure.formErrors.length && (
            <p class="form-error">{refusalMessages[failure.error] ?? "Unable to sign in."}</p>
          )}
          {failure.formErrors.map((message) => (
            <p class="form-error" key={message}>
              {message}
            </p>
          ))}
          <ul id="field-errors">
            {Object.entries(failure.fieldErrors).map(([field, messages]) => (
              <li key={field} data-field={field}>
                {field}: {(messages ?? []).join(" ")}
              </li>
            ))}
          </ul>
        </div>
      )}
      {offered.credentials && (
        <Form action={signIn} id="credentials-form">
          <input type="hidden" name="providerId" value="credentials" />
          <input type="hidden" name="options.redirectTo" value={redirectTo} />
          <label>
            Username <input name="options.username" autoComplete="username" />
          </label>
          <label>
            Password <input name="options.password" type="password" autoComplete="current-password" />
          </label>
          <button type="submit">Sign in with credentials</button>
        </Form>
      )}
      {offered.password && (
        <>
          {/* The Password provider through the same action: a wrong password, an unknown or unverified address
              all come back as the one CredentialsSignin refusal. */}
          <Form action={signIn} id="password-form">
            <input type="hidden" name="providerId" value="password" />
            <input type="hidden" name="options.redirectTo" value={redirectTo} />
            <label>
              E-mail <input name="options.email" type="email" autoComplete="email" required />
            </label>
            <label>
              Password <input name="options.password" type="password" autoComplete="current-password" required />
            </label>
            <button type="submit">Sign in with your password</button>
          </Form>
          {/* Sign-up (with a verification mail) and the forgotten-password pages are built in. */}
          <p>
            <a href={`/auth/password/signup?${new URLSearchParams({ callbackUrl: redirectTo })}`} id="password-signup-link">
              Create an account
            </a>{" "}
            ·{" "}
            <a href={`/auth/password/forgot?${new URLSearchParams({ callbackUrl: redirectTo })}`} id="password-forgot-link">
              Forgot your password?
            </a>
          </p>
        </>
      )}
      {offered.devIdp && (
        <Form action={signIn} id="oidc-form">
          <input type="hidden" name="providerId" value="dev-idp" />
          <input type="hidden" name="options.redirectTo" value={redirectTo} />
          <button type="submit">Sign in with Dev IdP</button>
        </Form>
      )}
      {offered.email && (
        <Form action={signIn} id="email-form">
          <input type="hidden" name="providerId" value="nodemailer" />
          <input type="hidden" name="options.redirectTo" value={redirectTo} />
          <label>
            E-mail <input name="options.email" type="email" autoComplete="email" />
          </label>
          <button type="submit">Send me a sign-in link</button>
        </Form>
      )}
    </section>
  )
})

import { component$ } from "@builder.io/qwik"
import { Form } from "@builder.io/qwik-city"
import type { SignInOptions } from "../auth/options"
import { useSignIn } from "../routes/plugin@auth"

interface Props {
  redirectTo: string
  offered: SignInOptions
}

/** Credentials, OIDC and e-mail sign-in, all bound to the one `useSignIn` action. */
export const SignInForms = component$<Props>(({ redirectTo, offered }) => {
  const signIn = useSignIn()
  const result = signIn.value
  return (
    <section>
      <h2>Sign in</h2>
      {result?.failed && (
        <div id="sign-in-error" role="alert">
          {result.error && (
            <p>
              Error: <code id="sign-in-error-type">{result.error}</code>
              {result.code && (
                <>
                  {" "}
                  (code <code id="sign-in-error-code">{result.code}</code>)
                </>
              )}
            </p>
          )}
          {result.formErrors.map((message) => (
            <p class="form-error" key={message}>
              {message}
            </p>
          ))}
          <ul id="field-errors">
            {Object.entries(result.fieldErrors).map(([field, messages]) => (
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

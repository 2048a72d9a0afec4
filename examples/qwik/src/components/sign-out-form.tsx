import { component$ } from "@builder.io/qwik"
import { Form } from "@builder.io/qwik-city"
import { useSignOut } from "../routes/plugin@auth"

export const SignOutForm = component$(() => {
  const signOut = useSignOut()
  return (
    <Form action={signOut} id="sign-out-form">
      <input type="hidden" name="redirectTo" value="/" />
      <button type="submit">Sign out</button>
    </Form>
  )
})

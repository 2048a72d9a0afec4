/**
 * Whether `error` is the exception Next's `redirect()` throws to leave a server action or component —
 * which `signIn` and `signOut` use to redirect. Catching it by mistake cancels the redirect, so in a
 * try/catch around them, rethrow it:
 *
 * ```ts
 * try {
 *   await signIn("credentials", formData)
 * } catch (error) {
 *   if (isRedirectError(error)) throw error      // the successful sign-in's redirect
 *   if (error instanceof CredentialsSignin) return { error: error.code }
 *   throw error
 * }
 * ```
 * Next's `unstable_rethrow(error)` (from "next/navigation") does the same for all of Next's control-flow errors.
 */
export function isRedirectError(error: unknown): error is Error & { digest: string } {
  if (typeof error !== "object" || error === null) return false
  const digest = (error as { digest?: unknown }).digest
  return typeof digest === "string" && digest.split(";")[0] === "NEXT_REDIRECT"
}

/**
 * The Response Next makes of its redirect error in a route handler (`Location` and the status from
 * the error's digest, `NEXT_REDIRECT;type;url;status;`), for the `auth(...)` wrapper, which has to
 * answer a redirect itself to mark it private. Next still adds the cookies set through next/headers.
 */
export function responseForRedirectError(error: Error & { digest: string }): Response {
  const parts = error.digest.split(";")
  const location = parts.slice(2, -2).join(";")
  const status = Number(parts.at(-2))
  return new Response(null, { status: Number.isInteger(status) && status >= 300 && status < 400 ? status : 307, headers: { location } })
}

/** What an auth route answered a form posted in JSON-redirect mode: the response, and the `url` it named. */

export interface AuthFormAnswer {
  response: Response
  /** Where the browser would have been redirected; undefined when the answer named nowhere. */
  url: string | undefined
}

/**
 * Posts `fields` to an auth route as the built-in forms would, asking for the redirect target as
 * JSON (`X-Auth-Return-Redirect`) rather than a 302 that fetch would follow.
 */
export async function postAuthForm(url: string, fields: Record<string, string>): Promise<AuthFormAnswer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams(fields),
    credentials: "same-origin",
  })
  return { response, url: await returnedUrl(response) }
}

async function returnedUrl(response: Response): Promise<string | undefined> {
  try {
    const data = (await response.json()) as { url?: unknown } | null
    return typeof data?.url === "string" ? data.url : undefined
  } catch {
    return undefined
  }
}

/** An app's extra sign-in fields (credentials, the e-mail address…) as form values: strings, none empty. */
export function formFields(fields: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) result[key] = String(value)
  return result
}

/**
 * Where a `signIn(provider, fields)` posts, on the server or in the browser: the providers whose
 * form is the sign-in itself (credentials, passwords) go to `/callback/<id>`, the others start at
 * `/signin/<id>`. The type is a string as the browser has it from `/providers`.
 */
export function signInRoute(type: string): "callback" | "signin" {
  return type === "credentials" || type === "password" ? "callback" : "signin"
}

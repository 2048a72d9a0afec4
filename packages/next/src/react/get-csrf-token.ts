"use client"
import { fetchAuthJson } from "./fetch-auth-json.js"

/** The CSRF token the auth routes expect in POST bodies; "" when it cannot be had. */
export async function getCsrfToken(): Promise<string> {
  const body = await fetchAuthJson<{ csrfToken?: string }>("csrf")
  return body?.csrfToken ?? ""
}

/** `{ url }` from an auth route answered in JSON-redirect mode (X-Auth-Return-Redirect). */
export interface RedirectAnswer {
  status: number
  ok: boolean
  url: string | undefined
}

/** Posts the ceremony's result to the provider's callback, as the built-in form would. */
export async function postCeremonyResponse(basePath: string, provider: string, fields: Record<string, string>): Promise<RedirectAnswer> {
  const csrf = await fetch(`${basePath}/csrf`, { credentials: "same-origin" })
  const { csrfToken } = ((await csrf.json().catch(() => ({}))) ?? {}) as { csrfToken?: string }
  const response = await fetch(`${basePath}/callback/${encodeURIComponent(provider)}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ ...fields, ...(csrfToken ? { csrfToken } : {}) }),
  })
  const body = (await response.json().catch(() => null)) as { url?: string } | null
  return { status: response.status, ok: response.ok, url: body?.url }
}

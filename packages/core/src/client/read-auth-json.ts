/**
 * GETs an auth route's JSON answer (`/providers`, `/session`, `/csrf`), or POSTs `body` as JSON
 * (a session update). Throws when the route refused or the answer is not JSON: each client decides
 * what a failure means (Next's logs it and answers null, as next-auth's does).
 */
export async function readAuthJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}

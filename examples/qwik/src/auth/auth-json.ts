import type { RequestEventBase } from "@builder.io/qwik-city"

/**
 * What one of the auth routes answers the browser's request as JSON (e.g. "/auth/account"), asked with the
 * browser's cookies: the same answer the built-in pages work from. `null` when it refuses (signed out, say).
 * For route loaders.
 */
export async function authJson<T>(event: RequestEventBase, path: string): Promise<T | null> {
  const response = await fetch(new URL(path, event.url), {
    headers: { accept: "application/json", cookie: event.request.headers.get("cookie") ?? "" },
  })
  return response.ok ? ((await response.json()) as T) : null
}

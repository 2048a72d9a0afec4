import type { Cookie } from "@gatehouse/core/types"
import { loadNextHeaders } from "./load-next-headers.js"

/** Applies cookies from core's internal response to the outgoing response of a server action or route handler. */
export async function writeCookies(toWrite: Cookie[] | undefined): Promise<void> {
  if (!toWrite?.length) return
  const { cookies } = await loadNextHeaders()
  const jar = await cookies()
  for (const cookie of toWrite) {
    jar.set(cookie.name, cookie.value, cookie.options as Parameters<typeof jar.set>[2])
  }
}

"use client"
import { useContext, useEffect } from "react"
import { authRouteUrl } from "./client-config.js"
import { SessionContext } from "./session-provider.js"
import type { SessionContextValue } from "./session-provider.js"

/** Options of `useSession`: require a session (and what to do without one). */
export interface UseSessionOptions {
  /** When true, an unauthenticated visitor is sent to sign in (or `onUnauthenticated` runs). */
  required?: boolean
  onUnauthenticated?: () => void
}

/** `{ data, status, update }` of the nearest SessionProvider. */
export function useSession(options: UseSessionOptions = {}): SessionContextValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error("[gatehouse] useSession must be used inside a <SessionProvider />")

  const { required, onUnauthenticated } = options
  const mustLeave = Boolean(required) && value.status === "unauthenticated"
  useEffect(() => {
    if (!mustLeave) return
    if (onUnauthenticated) return onUnauthenticated()
    const query = new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href })
    window.location.href = `${authRouteUrl("signin")}?${query}`
  }, [mustLeave, onUnauthenticated])

  // While leaving, report "loading" so the page does not flash its signed-out state.
  if (mustLeave) return { data: null, status: "loading", update: value.update }
  return value
}

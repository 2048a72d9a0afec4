"use client"
import type { Session } from "@gatehouse/core/types"
import { createContext, useCallback, useEffect, useMemo, useRef, useState } from "react"
import type { ReactNode } from "react"
import { clientConfig } from "./client-config.js"
import { fetchAuthJson } from "./fetch-auth-json.js"
import { getCsrfToken } from "./get-csrf-token.js"
import { getSession } from "./get-session.js"
import { announceSessionChange, onSessionChange } from "./session-events.js"

/**
 * `update(data)` of `useSession`: sends `data` to the `jwt` callback (trigger `update`) and answers
 * the new session.
 */
export type UpdateSession = (data?: unknown) => Promise<Session | null | undefined>

/**
 * What `useSession` returns: the session and its status (`loading`, `authenticated`,
 * `unauthenticated`), and `update`.
 */
export type SessionContextValue =
  | { data: Session; status: "authenticated"; update: UpdateSession }
  | { data: null; status: "unauthenticated" | "loading"; update: UpdateSession }

export const SessionContext = createContext<SessionContextValue | undefined>(undefined)

/** Props of `SessionProvider`: the session the server already read, the base path, and when to refetch. */
export interface SessionProviderProps {
  children: ReactNode
  /**
   * The session the server already knows (`await auth()` in a layout): no loading state, no fetch on
   * mount. When a server action signs in or out, Next re-renders the layout and the new value is taken.
   */
  session?: Session | null
  /** Where the auth routes are, if not at /api/auth. */
  basePath?: string
  /** Seconds between background refreshes while signed in; 0 (default) for none. */
  refetchInterval?: number
  /** Refresh when the tab becomes visible again. Default true. */
  refetchOnWindowFocus?: boolean
  /** false: skip interval refreshes while the browser is offline. Default true. */
  refetchWhenOffline?: boolean
}

/** Provides `useSession()` to the client components below it. */
export function SessionProvider(props: SessionProviderProps) {
  const { children, basePath, refetchInterval, refetchOnWindowFocus = true, refetchWhenOffline = true } = props
  if (basePath) clientConfig.basePath = basePath

  const hasServerSession = props.session !== undefined
  const [session, setSession] = useState<Session | null>(props.session ?? null)
  const [loading, setLoading] = useState(!hasServerSession)

  // A new session from the server (layout re-rendered after a server action) replaces the local one;
  // an unchanged one (same JSON) does not, so local update()s are not undone by unrelated renders.
  const lastServerSession = useRef(JSON.stringify(props.session ?? null))
  useEffect(() => {
    if (!hasServerSession) return
    const serialized = JSON.stringify(props.session ?? null)
    if (serialized === lastServerSession.current) return
    lastServerSession.current = serialized
    setSession(props.session ?? null)
    setLoading(false)
  }, [hasServerSession, props.session])

  const refetch = useCallback(async (broadcast: boolean) => {
    const fresh = await getSession({ broadcast })
    setSession(fresh)
    setLoading(false)
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount; later changes arrive through events
  useEffect(() => {
    if (!hasServerSession) void refetch(false)
  }, [])

  useEffect(() => onSessionChange(() => void refetch(false)), [refetch])

  const signedIn = session !== null
  useEffect(() => {
    if (!refetchOnWindowFocus) return
    const onVisibility = () => {
      if (document.visibilityState === "visible" && signedIn) void refetch(false)
    }
    document.addEventListener("visibilitychange", onVisibility)
    return () => document.removeEventListener("visibilitychange", onVisibility)
  }, [refetchOnWindowFocus, signedIn, refetch])

  useEffect(() => {
    if (!refetchInterval || !signedIn) return
    const timer = setInterval(() => {
      if (refetchWhenOffline || navigator.onLine !== false) void refetch(false)
    }, refetchInterval * 1000)
    return () => clearInterval(timer)
  }, [refetchInterval, refetchWhenOffline, signedIn, refetch])

  const update = useCallback<UpdateSession>(async (data) => {
    // Without data: just re-read. With data: the jwt callback (trigger "update") or the session
    // callback (newSession) decides what changes; the status does not flicker to "loading" meanwhile.
    const fresh =
      data === undefined
        ? await getSession({ broadcast: false })
        : await fetchAuthJson<Session>("session", { csrfToken: await getCsrfToken(), data })
    if (fresh) {
      setSession(fresh)
      setLoading(false)
      announceSessionChange({ trigger: "update" }, { toThisPage: false })
    }
    return fresh
  }, [])

  const value = useMemo<SessionContextValue>(
    () =>
      session
        ? { data: session, status: "authenticated", update }
        : { data: null, status: loading ? "loading" : "unauthenticated", update },
    [session, loading, update],
  )

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

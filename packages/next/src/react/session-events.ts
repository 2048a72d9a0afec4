"use client"

/**
 * How session changes travel: to the SessionProviders of this page (in-page listeners) and to other
 * tabs of the same site (a BroadcastChannel), so that signing out in one tab signs out all of them.
 */
export type SessionChange = { trigger: "signin" | "signout" | "update" | "getSession" }

type Listener = (change: SessionChange, fromOtherTab: boolean) => void

const listeners = new Set<Listener>()
let channel: BroadcastChannel | null | undefined

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("gatehouse-session")
    channel?.addEventListener("message", (event: MessageEvent) => {
      const change = event.data?.event === "session" ? (event.data.data as SessionChange) : undefined
      if (change) for (const listener of listeners) listener(change, true)
    })
  }
  return channel
}

export function onSessionChange(listener: Listener): () => void {
  getChannel()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tells this page's providers (to refetch) and the other tabs. */
export function announceSessionChange(change: SessionChange, { toThisPage = true } = {}): void {
  if (toThisPage) for (const listener of listeners) listener(change, false)
  getChannel()?.postMessage({ event: "session", data: change })
}

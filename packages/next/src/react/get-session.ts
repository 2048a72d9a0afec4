"use client"
import type { Session } from "@gatehouse/core/types"
import { fetchAuthJson } from "./fetch-auth-json.js"
import { announceSessionChange } from "./session-events.js"

/** The current session from `{basePath}/session`, or null. Other tabs are told to refresh theirs unless `broadcast: false`. */
export async function getSession(params: { broadcast?: boolean } = {}): Promise<Session | null> {
  const session = await fetchAuthJson<Session>("session")
  if (params.broadcast ?? true) announceSessionChange({ trigger: "getSession" }, { toThisPage: false })
  // next-auth 4's endpoint (and Gatehouse's v4 layer) answers {} for no session.
  return session && typeof session === "object" && Object.keys(session).length > 0 ? session : null
}

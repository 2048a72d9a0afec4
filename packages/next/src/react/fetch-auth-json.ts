"use client"
import { readAuthJson } from "@gatehouse/core/client"
import { authRouteUrl } from "./client-config.js"

/** GET (or POST with a JSON body) an auth route; the parsed JSON, or null with the failure logged. */
export async function fetchAuthJson<T>(route: string, body?: unknown): Promise<T | null> {
  try {
    return await readAuthJson<T>(authRouteUrl(route), body)
  } catch (error) {
    console.error(`[gatehouse][client] ${route}:`, error)
    return null
  }
}

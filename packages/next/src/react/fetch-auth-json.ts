"use client"
import { authRouteUrl } from "./client-config.js"

/** GET (or POST with a JSON body) an auth route; the parsed JSON, or null with the failure logged. */
export async function fetchAuthJson<T>(route: string, body?: unknown): Promise<T | null> {
  try {
    const response = await fetch(authRouteUrl(route), {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    })
    const data = await response.json()
    if (!response.ok) throw new Error(`${route} answered ${response.status}`)
    return data
  } catch (error) {
    console.error(`[gatehouse][client] ${route}:`, error)
    return null
  }
}

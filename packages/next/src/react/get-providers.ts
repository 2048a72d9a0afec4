"use client"
import { fetchAuthJson } from "./fetch-auth-json.js"

/** A configured provider as the browser may see it (`getProviders()`): no secrets. */
export interface ClientSafeProvider {
  id: string
  name: string
  type: string
  signinUrl: string
  callbackUrl: string
}

/** The configured providers (id, name, type and their URLs), or null. */
export function getProviders(): Promise<Record<string, ClientSafeProvider> | null> {
  return fetchAuthJson<Record<string, ClientSafeProvider>>("providers")
}

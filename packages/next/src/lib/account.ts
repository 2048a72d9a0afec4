/**
 * `account` from `NextAuth()`: the signed-in user's account (`GET {basePath}/account`'s JSON) for server
 * components, server actions and route handlers, read by core (`@gatehouse/core/server`'s `getAccount`)
 * with the cookies and headers Next gives this request; no request to the app's own route.
 */
import { getAccount } from "@gatehouse/core/server"
import type { ConfigResolver } from "./create-config-resolver.js"
import { forThisUser } from "./for-this-user.js"
import type { NextAuthResult } from "./types.js"

export function createAccount(resolveConfig: ConfigResolver): NextAuthResult["account"] {
  return { get: () => forThisUser(resolveConfig, "account", getAccount) }
}

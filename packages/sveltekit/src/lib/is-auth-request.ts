import { isAuthAction } from "@gatehouse/core"

/** True for paths the handle answers itself: `<basePath>/<action>[/…]` with one of core's actions. */
export function isAuthRequest(pathname: string, basePath: string): boolean {
  if (!pathname.startsWith(`${basePath}/`)) return false
  const action = pathname.slice(basePath.length + 1).split("/")[0]
  return isAuthAction(action)
}

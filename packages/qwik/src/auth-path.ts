import { isAuthAction } from "@gatehouse/core"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"

/** True for `/auth/<action>…`: the requests core answers itself rather than a page. */
export function isAuthPath(pathname: string): boolean {
  if (!pathname.startsWith(`${QWIK_BASE_PATH}/`)) return false
  const action = pathname.slice(QWIK_BASE_PATH.length + 1).split("/")[0]
  return isAuthAction(action)
}

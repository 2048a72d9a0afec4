/** `{basePath}/reauthenticate`, with what the step-up asked and where to come back to. */
export function reauthenticateUrl(authUrl: URL, need: { callbackUrl: string; maxAge: number; secondFactor?: boolean }): string {
  const url = new URL(`${authUrl.href.replace(/\/$/, "")}/reauthenticate`)
  url.searchParams.set("callbackUrl", need.callbackUrl)
  url.searchParams.set("maxAge", String(Math.floor(need.maxAge)))
  if (need.secondFactor) url.searchParams.set("secondFactor", "1")
  return url.href
}

/**
 * An endpoint configured without a URL (only params, or nothing, on a provider with an issuer)
 * gets this placeholder host: it means "take the real URL from the issuer's discovery document".
 * Auth.js uses the same host, so providers inspected by app code look the same.
 */
export const discoveryPlaceholderOrigin = "https://authjs.dev"

export function needsDiscovery(url: URL | undefined): boolean {
  return url === undefined || url.host === "authjs.dev"
}

/** Headers for responses that depend on the session cookie: never cached, never shared. */
export const noStoreHeaders = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const

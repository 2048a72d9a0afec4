import { timingSafeEqual } from "node:crypto"

/** The one credentials account of the example: "demo" / "demo". */
export function demoUser(username: unknown, password: unknown) {
  if (!sameText(username, "demo") || !sameText(password, "demo")) return null
  return { id: "demo-user", name: "Demo User", email: "demo@example.test" }
}

function sameText(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

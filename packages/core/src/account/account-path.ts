/**
 * The account endpoints under basePath, each an operation of the "account" action: GET `account`
 * (the user's account as JSON, or the page), POST `account/unlink`, `account/passkeys/delete`,
 * `account/passkeys/rename`, `account/email`, `account/email/confirm`, `account/delete` and
 * `account/link/<providerId>` (the provider id travels as the request's `providerId`).
 */
export type AccountOperation = "show" | "unlink" | "passkey-delete" | "passkey-rename" | "email" | "email-confirm" | "delete" | "link"

const operations: Record<string, AccountOperation> = {
  account: "show",
  "account/unlink": "unlink",
  "account/passkeys/delete": "passkey-delete",
  "account/passkeys/rename": "passkey-rename",
  "account/email": "email",
  "account/email/confirm": "email-confirm",
  "account/delete": "delete",
}

/** What a path's segments (after basePath) name among the account endpoints, or undefined when none. */
export function accountPath(segments: string[]): { operation: AccountOperation; providerId?: string } | undefined {
  if (segments[0] !== "account") return undefined
  if (segments.length === 3 && segments[1] === "link") return { operation: "link", providerId: segments[2] }
  const path = segments.join("/")
  return Object.hasOwn(operations, path) ? { operation: operations[path]! } : undefined
}

/**
 * The account endpoints under basePath, each an operation of the "account" action: GET `account`
 * (the user's account as JSON, or the page), GET `account/email/confirm` (the mail's link), POST
 * `account/unlink`, `account/passkeys/delete`, `account/passkeys/rename`, `account/email`, `account/email/confirm`,
 * `account/delete` and `account/link/<providerId>` (the provider id travels as the request's
 * `providerId`). The path is parsed before the config is read (http/parse-request.ts keeps what
 * follows `account/` as the operation's path), and named here, in the code `Account()` loads.
 */
export type AccountOperation = "show" | "unlink" | "passkey-delete" | "passkey-rename" | "email" | "email-confirm" | "delete" | "link"

/** What follows `{basePath}/account/` (empty for the page itself), as parse-request.ts keeps it. */
export type AccountPath = `account:${string}`

const operations: Record<string, AccountOperation> = {
  "": "show",
  unlink: "unlink",
  "passkeys/delete": "passkey-delete",
  "passkeys/rename": "passkey-rename",
  email: "email",
  "email/confirm": "email-confirm",
  delete: "delete",
  link: "link",
}

/** The operation a kept path names, or undefined for a path no account endpoint has. */
export function accountOperation(path: string | undefined): AccountOperation | undefined {
  const rest = path?.startsWith("account:") ? path.slice("account:".length) : undefined
  return rest !== undefined && Object.hasOwn(operations, rest) ? operations[rest] : undefined
}

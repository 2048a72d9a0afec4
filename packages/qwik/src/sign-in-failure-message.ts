/** What a person should read for each way core can refuse a sign-in (wording as Auth.js's pages). */
const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Sign in failed. Check the details you provided are correct.",
  AccessDenied: "You do not have permission to sign in.",
  OAuthAccountNotLinked: "To confirm your identity, sign in with the same account you used originally.",
  OAuthCallbackError: "Try signing in with a different account.",
  AccountNotLinked: "To confirm your identity, sign in with the same account you used originally.",
  Verification: "The sign in link is no longer valid. It may have been used already or it may have expired.",
  MissingCSRF: "The sign in form expired. Please try again.",
}

export function signInFailureMessage(error: string): string {
  return MESSAGES[error] ?? "Unable to sign in."
}

/** HTTP status of the action's failure: the page is re-rendered with it. */
export function signInFailureStatus(error: string): number {
  if (error === "CredentialsSignin") return 401
  if (error === "AccessDenied") return 403
  if (error === "Configuration") return 500
  return 400
}

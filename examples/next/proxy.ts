// Next 16's proxy (formerly middleware.ts): keeps the session cookie fresh and asks `authorized` in
// auth.ts whether each request may go on. On Next 15 name this file middleware.ts and export `middleware`.
export { auth as proxy } from "./auth"

export const config = {
  matcher: ["/((?!api/auth|_next/static|_next/image|favicon.ico).*)"],
}

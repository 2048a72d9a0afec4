// Runs once when the server starts: say how to get in.
export function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return
  const origin = process.env.AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`
  console.log(`\n  Gatehouse example: sign in at ${origin}/signin with username "demo" and password "demo".\n`)
}

import { auth } from "../../../auth"

// The same session, read with `await auth()` inside a plain route handler.
export async function GET() {
  const session = await auth()
  return Response.json({ session }, { status: session ? 200 : 401 })
}

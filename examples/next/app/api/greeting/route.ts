import { auth } from "../../../auth"

// A greeting the app lets a CDN keep for five minutes (it is the same for every signed-out visitor).
// When reading the session renews its cookie, Gatehouse makes this answer private: a shared cache
// must never store one visitor's session cookie and hand it to the next.
export const GET = auth((req) =>
  Response.json(
    { greeting: req.auth?.user?.name ? `Hello, ${req.auth.user.name}` : "Hello, visitor" },
    { headers: { "Cache-Control": "public, s-maxage=300" } },
  ),
)

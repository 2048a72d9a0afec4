import { describe, expect, it } from "vitest"
import { readSession } from "./read-session.js"

describe("readSession fails closed", () => {
  it("returns the session object of a 200 answer", async () => {
    const session = { user: { name: "A" }, expires: "2030-01-01T00:00:00.000Z" }
    await expect(readSession(Response.json(session))).resolves.toEqual(session)
  })

  it.each([
    ["a 500 with an error body", Response.json({ message: "There was a problem with the server configuration." }, { status: 500 })],
    ["a 400", Response.json({ user: { name: "A" } }, { status: 400 })],
    ["a redirect", new Response(null, { status: 302, headers: { location: "/api/auth/error" } })],
    ["null", Response.json(null)],
    ["an array", Response.json([{ user: {} }])],
    ["a string", Response.json("signed in")],
    ["a number", Response.json(1)],
    ["a body that is not JSON", new Response("<html>error</html>", { headers: { "content-type": "text/html" } })],
  ])("returns null for %s", async (_label, response) => {
    await expect(readSession(response)).resolves.toBeNull()
  })
})

import { describe, expect, it } from "vitest"
import { Auth } from "../index.js"

describe("a provider factory that throws", () => {
  const broken = () => {
    throw new Error("provider exploded")
  }
  const errors: Error[] = []
  const config = {
    secret: "resolve-config-test-secret-0123456789",
    trustHost: true,
    providers: [broken as any],
    logger: { error: (error: Error) => errors.push(error) },
  }

  it("fails closed: the page shows the configuration error, the API answers 500, no session", async () => {
    const page = await Auth(new Request("http://localhost:3000/auth/signin"), config)
    expect(page.status).toBe(500)
    expect(page.headers.get("content-type")).toContain("text/html")
    const session = await Auth(new Request("http://localhost:3000/auth/session"), config)
    expect(session.status).toBe(500)
    expect(await session.text()).not.toContain("provider exploded")
  })

  it("is reported through the app's own logger, with the cause", () => {
    expect(errors.length).toBeGreaterThan(0)
    expect((errors[0].cause as { err?: Error })?.err?.message).toBe("provider exploded")
  })
})

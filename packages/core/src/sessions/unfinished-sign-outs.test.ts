/**
 * A sign-out whose row the database would not delete, finished at the user's next listing, on the
 * real SQLite adapter: the row goes then; while the database still refuses, it stays listed.
 */
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../../adapter-sqlite/src/index.js"
import type { Adapter } from "../adapters.js"
import { deleteSignedOutSession, finishSignOuts } from "./unfinished-sign-outs.js"

async function userWithSessions(...tokens: string[]) {
  const adapter = SQLiteAdapter(new Database(":memory:")) as Required<Adapter>
  const user = await adapter.createUser({ id: "", email: "ada@example.test", emailVerified: null })
  for (const sessionToken of tokens)
    await adapter.createSession({ sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) })
  let refusing = false
  const flaky = {
    deleteSession: (token: string) => {
      if (refusing) throw new Error("database down")
      return adapter.deleteSession(token)
    },
  }
  const listed = async () => (await adapter.listSessionsByUserId(user.id)).map((row) => row.sessionToken).sort()
  return { adapter, flaky, listed, refuse: (on: boolean) => void (refusing = on) }
}

describe("unfinished sign-outs", () => {
  it("a delete that works is just a delete: nothing is left to finish", async () => {
    const { adapter, flaky, listed } = await userWithSessions("signed-out-1", "kept-1")
    expect((await deleteSignedOutSession(flaky, "signed-out-1"))?.sessionToken).toBe("signed-out-1")
    const rows = await adapter.listSessionsByUserId((await adapter.getSessionAndUser("kept-1"))!.user.id)
    expect((await finishSignOuts(rows, flaky)).map((row) => row.sessionToken)).toEqual(["kept-1"])
    expect(await listed()).toEqual(["kept-1"])
  })

  it("a refused delete throws as the adapter did; the next listing deletes the row and leaves it out", async () => {
    const { adapter, flaky, listed, refuse } = await userWithSessions("signed-out-2", "kept-2")
    refuse(true)
    await expect(deleteSignedOutSession(flaky, "signed-out-2")).rejects.toThrow("database down")
    refuse(false)
    const rows = await adapter.listSessionsByUserId((await adapter.getSessionAndUser("kept-2"))!.user.id)
    expect(rows).toHaveLength(2)
    expect((await finishSignOuts(rows, flaky)).map((row) => row.sessionToken)).toEqual(["kept-2"])
    expect(await listed()).toEqual(["kept-2"])
  })

  it("while the database still refuses the delete, the row is listed (it is still there), and tried again next time", async () => {
    const { adapter, flaky, listed, refuse } = await userWithSessions("signed-out-3", "kept-3")
    refuse(true)
    await expect(deleteSignedOutSession(flaky, "signed-out-3")).rejects.toThrow()
    const userId = (await adapter.getSessionAndUser("kept-3"))!.user.id
    const stillRefused = await finishSignOuts(await adapter.listSessionsByUserId(userId), flaky)
    expect(stillRefused.map((row) => row.sessionToken).sort()).toEqual(["kept-3", "signed-out-3"])
    refuse(false)
    expect((await finishSignOuts(await adapter.listSessionsByUserId(userId), flaky)).map((row) => row.sessionToken)).toEqual(["kept-3"])
    expect(await listed()).toEqual(["kept-3"])
  })
})

import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../../adapter-sqlite/src/index.js"
import type { Adapter } from "../adapters.js"
import { Auth } from "../handler/auth.js"
import Credentials from "../providers/credentials.js"
import Nodemailer from "../providers/nodemailer.js"
import type { Provider } from "../providers/types.js"
import { secret, silentLogger } from "@gatehouse/test-kit/credentials-app"

/** The warnings a config logs when it is first used. */
async function startUpWarnings(adapter: Adapter, providers: Provider[]): Promise<string[]> {
  const logger = silentLogger()
  await Auth(new Request("http://localhost:3000/auth/providers"), { secret, trustHost: true, adapter, providers, logger })
  return logger.warnings
}

/** An Auth.js-like adapter: Gatehouse's SQLite adapter without the method Auth.js's contract lacks. */
function withoutRemoval(): Adapter {
  const { removeUserAttachments: _left, ...rest } = SQLiteAdapter(":memory:")
  return rest
}

const mailer = () => Nodemailer({ server: "smtp://127.0.0.1:1", from: "no-reply@example.test" })
const credentials = (options: Record<string, unknown>) => Credentials({ credentials: {}, authorize: () => null, ...options } as never)

describe("the start-up warning for an adapter without removeUserAttachments", () => {
  it("is given when an e-mail provider, or credentials linking by vouched address, would need the method", async () => {
    expect(await startUpWarnings(withoutRemoval(), [mailer()])).toContain("adapter-without-remove-user-attachments")
    expect(await startUpWarnings(withoutRemoval(), [credentials({ allowDangerousEmailAccountLinking: true })])).toContain(
      "adapter-without-remove-user-attachments",
    )
  })

  it("is not given when the adapter has it, or when no provider proves addresses", async () => {
    expect(await startUpWarnings(SQLiteAdapter(":memory:"), [mailer()])).not.toContain("adapter-without-remove-user-attachments")
    expect(await startUpWarnings(withoutRemoval(), [credentials({})])).not.toContain("adapter-without-remove-user-attachments")
  })
})

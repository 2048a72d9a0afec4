import { expect, test } from "vitest"
import AzureDevOps from "./azure-devops.js"

test("azure-devops fails at config time, naming the replacement and its scope", () => {
  expect(() => AzureDevOps({ clientId: "id", clientSecret: "secret" })).toThrow(
    /azure-devops provider is not available.*microsoft-entra-id.*499b84ac-1321-427f-aa17-267ca6975798\/\.default/,
  )
})

// Node: node:http in front of the same fetch handler, through the plain-Node demo's conversions.
import { createServer } from "node:http"
import { sendWebResponse, toWebRequest } from "../../../examples/demo/node-request.mjs"
import { createRuntimeApp } from "runtime-app"

const env = process.env as unknown as Record<string, string>
const app = createRuntimeApp(env)
createServer(async (req, res) => {
  // The host the client asked for, like the other runtimes' servers (127.0.0.1 or localhost, both loopback
  // here). A deployment behind a proxy fixes its origin instead, as the demo does.
  const origin = `http://${req.headers.host === `localhost:${env.PORT}` ? "localhost" : "127.0.0.1"}:${env.PORT}`
  await sendWebResponse(res, await app(await toWebRequest(req, origin)))
}).listen(Number(env.PORT), "127.0.0.1", () => console.log("listening"))

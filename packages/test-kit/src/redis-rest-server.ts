/**
 * A loopback server speaking Upstash's Redis REST protocol in front of the real Redis at
 * 127.0.0.1:6379: `POST /` with a command's JSON array and `Authorization: Bearer <token>`, answered
 * `{ "result": … }` or `{ "error": "…" }` (400), 401 for a wrong token. It lets tests run
 * `redisOverHttp` against Redis itself rather than a stand-in of Redis's answers.
 */
import { createServer, type Server } from "node:http"
import { createClient } from "redis"

export interface RedisRestServer {
  url: string
  token: string
  /** Commands received, for tests that count round trips. */
  commands: string[][]
  close(): Promise<void>
}

export async function startRedisRestServer(token = "test-rest-token"): Promise<RedisRestServer> {
  const redis = createClient({ url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" })
  await redis.connect()
  const commands: string[][] = []
  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" })
      response.end(JSON.stringify(body))
    }
    if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { error: "Unauthorized" })
    if (request.method !== "POST") return answer(405, { error: "POST a command" })
    let body = ""
    for await (const chunk of request) body += chunk
    let command: unknown
    try {
      command = JSON.parse(body)
    } catch {
      return answer(400, { error: "ERR the body is not JSON" })
    }
    if (!Array.isArray(command) || !command.length) return answer(400, { error: "ERR a command is a non-empty array" })
    const args = command.map(String)
    commands.push(args)
    try {
      answer(200, { result: await redis.sendCommand(args) })
    } catch (error) {
      answer(400, { error: (error as Error).message })
    }
  })
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    commands,
    async close() {
      await new Promise((done) => server.close(done))
      await redis.quit()
    },
  }
}

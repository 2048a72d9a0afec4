/*
 * Production server: Qwik City's Node middleware on node:http, listening on loopback.
 * PORT (0 = any free port) and HOST choose where; ORIGIN, when set, is the public origin Qwik
 * checks form posts against, else the bound address is.
 */
import { createQwikCity } from "@builder.io/qwik-city/middleware/node"
import qwikCityPlan from "@qwik-city-plan"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import render from "./entry.ssr"

const host = process.env.HOST ?? "127.0.0.1"
const port = Number(process.env.PORT ?? 3004)
const server = createServer()

const { router, notFound, staticFile } = createQwikCity({
  render,
  qwikCityPlan,
  static: { cacheControl: "public, max-age=31536000, immutable" },
  getOrigin: () => process.env.ORIGIN ?? boundOrigin(),
})

function boundOrigin(): string {
  const { port: boundPort } = server.address() as AddressInfo
  return `http://${host}:${boundPort}`
}

server.on("request", (req, res) => {
  staticFile(req, res, () => {
    router(req, res, () => {
      notFound(req, res, () => {})
    })
  })
})

server.listen(port, host, () => {
  console.log(`Qwik example listening on ${boundOrigin()}`)
})

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}

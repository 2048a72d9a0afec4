// Vercel's Edge runtime (the `edge-runtime` package): a service-worker script; the test puts the values
// in a global before this script runs, as the runtime has no process.env of its own here.
import { createRuntimeApp } from "runtime-app"

const app = createRuntimeApp((globalThis as unknown as { RUNTIME_APP_ENV: Record<string, string> }).RUNTIME_APP_ENV)

addEventListener("fetch", (event) => {
  const fetchEvent = event as Event & { request: Request; respondWith(response: Promise<Response>): void }
  fetchEvent.respondWith(app(fetchEvent.request))
})

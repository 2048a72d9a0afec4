// Deno: Deno.serve on the port the test chose, the values from the environment.
import { createRuntimeApp } from "runtime-app"

declare const Deno: {
  env: { toObject(): Record<string, string> }
  serve(options: { hostname: string; port: number; onListen(): void }, handler: (request: Request) => Promise<Response>): unknown
}

const env = Deno.env.toObject()
Deno.serve({ hostname: "127.0.0.1", port: Number(env.PORT), onListen: () => console.log("listening") }, createRuntimeApp(env))

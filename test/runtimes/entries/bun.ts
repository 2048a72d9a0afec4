// Bun: Bun.serve on the port the test chose, the values from the environment.
import { createRuntimeApp } from "runtime-app"

declare const Bun: { serve(options: { hostname: string; port: number; fetch(request: Request): Promise<Response> }): unknown }
declare const process: { env: Record<string, string> }

Bun.serve({ hostname: "127.0.0.1", port: Number(process.env.PORT), fetch: createRuntimeApp(process.env) })
console.log("listening")

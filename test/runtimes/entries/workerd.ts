// workerd: an ES module worker; the test's values arrive as text bindings on `env`.
import { createRuntimeApp } from "runtime-app"

let app: ((request: Request) => Promise<Response>) | undefined

export default {
  fetch(request: Request, env: Record<string, string>): Promise<Response> {
    app ??= createRuntimeApp(env)
    return app(request)
  },
}

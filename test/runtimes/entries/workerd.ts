// workerd: an ES module worker; the test's values arrive as text bindings on `env`.
import { createRuntimeApp, type RuntimeAppEnv } from "../auth-app.js"

let app: ((request: Request) => Promise<Response>) | undefined

export default {
  fetch(request: Request, env: RuntimeAppEnv): Promise<Response> {
    app ??= createRuntimeApp(env)
    return app(request)
  },
}

// What every entry imports: the app under test, chosen when bundling (esbuild's alias "runtime-app").
declare module "runtime-app" {
  export function createRuntimeApp(env: Record<string, string>): (request: Request) => Promise<Response>
}

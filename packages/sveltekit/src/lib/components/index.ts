export { default as SignIn } from "./SignIn.svelte"
export { default as SignOut } from "./SignOut.svelte"
export type { SignInComponentOptions } from "./hidden-sign-in-fields.js"

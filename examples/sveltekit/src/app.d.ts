// App.Locals.auth() and App.PageData.session come from @gatehouse/sveltekit's declarations.
/// <reference types="@gatehouse/sveltekit" />
export {}

/**
 * `@gatehouse/core/locales/it` — the built-in pages and sign-in mail in Italian, for `pages.locales`:
 * `pages: { locales: [it] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "Accedi",
  "signin.heading": "Accedi",
  "signin.withProvider": "Accedi con {provider}",
  "signin.email": "Email",
  "signin.error.default": "Impossibile accedere.",
  "signin.error.differentAccount": "Prova ad accedere con un altro account.",
  "signin.error.notLinked": "Per confermare la tua identità, accedi con lo stesso account usato la prima volta.",
  "signin.error.emailSignin": "Non è stato possibile inviare l’email.",
  "signin.error.credentials": "Accesso non riuscito. Controlla che i dati inseriti siano corretti.",
  "signin.error.sessionRequired": "Accedi per visualizzare questa pagina.",
  "signin.error.missingCsrf": "Il modulo di accesso è scaduto. Riprova.",
  "passkey.failed": "L’accesso con passkey non è stato completato. Riprova.",
  "signout.title": "Esci",
  "signout.heading": "Esci",
  "signout.question": "Vuoi davvero uscire?",
  "signout.button": "Esci",
  "error.title": "Errore",
  "error.signIn": "Accedi",
  "error.default.heading": "Errore",
  "error.default.text": "Si è verificato un problema durante l’accesso.",
  "error.default.back": "Torna a {host}",
  "error.Configuration.heading": "Errore del server",
  "error.Configuration.text": "C’è un problema nella configurazione del server.",
  "error.Configuration.hint": "Consulta i log del server per maggiori informazioni.",
  "error.AccessDenied.heading": "Accesso negato",
  "error.AccessDenied.text": "Non hai il permesso di accedere.",
  "error.Verification.heading": "Impossibile accedere",
  "error.Verification.text": "Il link di accesso non è più valido.",
  "error.Verification.hint": "Potrebbe essere già stato usato o essere scaduto.",
  "error.RateLimited.heading": "Troppi tentativi",
  "error.RateLimited.text": "Ci sono stati troppi tentativi di accesso.",
  "error.RateLimited.hint": "Attendi un po’, poi riprova.",
  "error.WebAuthnVerificationError.heading": "Passkey non accettata",
  "error.WebAuthnVerificationError.text": "Non è stato possibile verificare la passkey.",
  "error.WebAuthnVerificationError.hint": "Riprova oppure accedi in un altro modo.",
  "verify.title": "Verifica",
  "verify.heading": "Controlla la tua email",
  "verify.sent": "Abbiamo inviato un link di accesso al tuo indirizzo email.",
  "verify.codeIntro": "Oppure inserisci il codice ricevuto via email:",
  "verify.email": "Email",
  "verify.code": "Codice",
  "verify.codeButton": "Accedi con il codice",
  "verify.codeError": "Il codice è errato o non è più valido. Controlla l’email più recente o richiedine uno nuovo.",
  "confirm.title": "Accedi",
  "confirm.heading": "Accedi",
  "confirm.question": "Continuare l’accesso a {host} come {email}?",
  "confirm.button": "Accedi",
  "mail.subject": "Accedi a {host}",
  "mail.button": "Accedi",
  "mail.code": "Oppure inserisci questo codice nella pagina di accesso:",
  "mail.requestedFor": "Questo accesso è stato richiesto per {email}.",
  "mail.ignore": "Se non hai richiesto questa email, puoi ignorarla.",
  "signin.error.secondFactor": "Il codice di verifica non è stato accettato. Accedi di nuovo.",
  "secondFactor.title": "Verifica in due passaggi",
}

/** Italian for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const it: PageLocale = Object.freeze({ lang: "it", messages })
export default it

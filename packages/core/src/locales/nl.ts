/**
 * `@gatehouse/core/locales/nl` — the built-in pages and sign-in mail in Dutch, for `pages.locales`:
 * `pages: { locales: [nl] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "Inloggen",
  "signin.heading": "Inloggen",
  "signin.withProvider": "Inloggen met {provider}",
  "signin.email": "E-mail",
  "signin.error.default": "Inloggen is niet gelukt.",
  "signin.error.differentAccount": "Probeer in te loggen met een ander account.",
  "signin.error.notLinked": "Log in met hetzelfde account als de eerste keer om je identiteit te bevestigen.",
  "signin.error.emailSignin": "De e-mail kon niet worden verzonden.",
  "signin.error.credentials": "Inloggen mislukt. Controleer of je gegevens kloppen.",
  "signin.error.sessionRequired": "Log in om deze pagina te bekijken.",
  "signin.error.missingCsrf": "Het inlogformulier is verlopen. Probeer het opnieuw.",
  "passkey.failed": "Inloggen met een passkey is niet voltooid. Probeer het opnieuw.",
  "signout.title": "Uitloggen",
  "signout.heading": "Uitloggen",
  "signout.question": "Weet je zeker dat je wilt uitloggen?",
  "signout.button": "Uitloggen",
  "error.title": "Fout",
  "error.signIn": "Inloggen",
  "error.default.heading": "Fout",
  "error.default.text": "Er ging iets mis bij het inloggen.",
  "error.default.back": "Terug naar {host}",
  "error.Configuration.heading": "Serverfout",
  "error.Configuration.text": "Er is een probleem met de serverconfiguratie.",
  "error.Configuration.hint": "Bekijk de serverlogs voor meer informatie.",
  "error.AccessDenied.heading": "Toegang geweigerd",
  "error.AccessDenied.text": "Je hebt geen toestemming om in te loggen.",
  "error.Verification.heading": "Inloggen niet mogelijk",
  "error.Verification.text": "De inloglink is niet meer geldig.",
  "error.Verification.hint": "Hij is misschien al gebruikt of verlopen.",
  "error.RateLimited.heading": "Te veel pogingen",
  "error.RateLimited.text": "Er zijn te veel inlogpogingen gedaan.",
  "error.RateLimited.hint": "Wacht even en probeer het dan opnieuw.",
  "error.WebAuthnVerificationError.heading": "Passkey niet geaccepteerd",
  "error.WebAuthnVerificationError.text": "De passkey kon niet worden geverifieerd.",
  "error.WebAuthnVerificationError.hint": "Probeer het opnieuw of log op een andere manier in.",
  "verify.title": "Verificatie",
  "verify.heading": "Controleer je e-mail",
  "verify.sent": "Er is een inloglink naar je e-mailadres gestuurd.",
  "verify.codeIntro": "Of voer de code uit de e-mail in:",
  "verify.email": "E-mail",
  "verify.code": "Code",
  "verify.codeButton": "Inloggen met code",
  "verify.codeError": "Die code is onjuist of niet meer geldig. Controleer de nieuwste e-mail of vraag een nieuwe aan.",
  "confirm.title": "Inloggen",
  "confirm.heading": "Inloggen",
  "confirm.question": "Doorgaan met inloggen bij {host} als {email}?",
  "confirm.button": "Inloggen",
  "mail.subject": "Inloggen bij {host}",
  "mail.button": "Inloggen",
  "mail.code": "Of voer deze code in op de inlogpagina:",
  "mail.requestedFor": "Deze inlogpoging is aangevraagd voor {email}.",
  "mail.ignore": "Heb je deze e-mail niet aangevraagd? Dan kun je hem negeren.",
  "signin.error.secondFactor": "De verificatiecode is niet geaccepteerd. Meld je opnieuw aan.",
  "secondFactor.title": "Verificatie in twee stappen",
}

/** Dutch for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const nl: PageLocale = Object.freeze({ lang: "nl", messages })
export default nl

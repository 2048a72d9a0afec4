/**
 * `@gatehouse/core/locales/de` — the built-in pages and sign-in mail in German, for `pages.locales`:
 * `pages: { locales: [de] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "Anmelden",
  "signin.heading": "Anmelden",
  "signin.withProvider": "Mit {provider} anmelden",
  "signin.email": "E-Mail",
  "signin.error.default": "Anmeldung nicht möglich.",
  "signin.error.differentAccount": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "signin.error.notLinked": "Um Ihre Identität zu bestätigen, melden Sie sich mit demselben Konto an wie beim ersten Mal.",
  "signin.error.emailSignin": "Die E-Mail konnte nicht gesendet werden.",
  "signin.error.credentials": "Anmeldung fehlgeschlagen. Prüfen Sie, ob Ihre Angaben korrekt sind.",
  "signin.error.sessionRequired": "Bitte melden Sie sich an, um diese Seite zu sehen.",
  "signin.error.missingCsrf": "Das Anmeldeformular ist abgelaufen. Bitte versuchen Sie es erneut.",
  "passkey.failed": "Die Anmeldung mit Passkey wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.",
  "signout.title": "Abmelden",
  "signout.heading": "Abmelden",
  "signout.question": "Möchten Sie sich wirklich abmelden?",
  "signout.button": "Abmelden",
  "error.title": "Fehler",
  "error.signIn": "Anmelden",
  "error.default.heading": "Fehler",
  "error.default.text": "Bei der Anmeldung ist etwas schiefgelaufen.",
  "error.default.back": "Zurück zu {host}",
  "error.Configuration.heading": "Serverfehler",
  "error.Configuration.text": "Die Serverkonfiguration ist fehlerhaft.",
  "error.Configuration.hint": "Weitere Informationen stehen in den Serverprotokollen.",
  "error.AccessDenied.heading": "Zugriff verweigert",
  "error.AccessDenied.text": "Sie haben keine Berechtigung, sich anzumelden.",
  "error.Verification.heading": "Anmeldung nicht möglich",
  "error.Verification.text": "Der Anmeldelink ist nicht mehr gültig.",
  "error.Verification.hint": "Er wurde möglicherweise bereits verwendet oder ist abgelaufen.",
  "error.RateLimited.heading": "Zu viele Versuche",
  "error.RateLimited.text": "Es gab zu viele Anmeldeversuche.",
  "error.RateLimited.hint": "Warten Sie einen Moment und versuchen Sie es dann erneut.",
  "error.WebAuthnVerificationError.heading": "Passkey nicht akzeptiert",
  "error.WebAuthnVerificationError.text": "Der Passkey konnte nicht überprüft werden.",
  "error.WebAuthnVerificationError.hint": "Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.",
  "verify.title": "E-Mail bestätigen",
  "verify.heading": "Prüfen Sie Ihre E-Mails",
  "verify.sent": "Ein Anmeldelink wurde an Ihre E-Mail-Adresse gesendet.",
  "verify.codeIntro": "Oder geben Sie den Code aus der E-Mail ein:",
  "verify.email": "E-Mail",
  "verify.code": "Code",
  "verify.codeButton": "Mit Code anmelden",
  "verify.codeError": "Der Code ist falsch oder nicht mehr gültig. Prüfen Sie die neueste E-Mail oder fordern Sie einen neuen Code an.",
  "confirm.title": "Anmelden",
  "confirm.heading": "Anmelden",
  "confirm.question": "Als {email} bei {host} anmelden?",
  "confirm.button": "Anmelden",
  "mail.subject": "Bei {host} anmelden",
  "mail.button": "Anmelden",
  "mail.code": "Oder geben Sie diesen Code auf der Anmeldeseite ein:",
  "mail.requestedFor": "Diese Anmeldung wurde für {email} angefordert.",
  "mail.ignore": "Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.",
  "signin.error.secondFactor": "Der Bestätigungscode wurde nicht akzeptiert. Bitte melden Sie sich erneut an.",
  "secondFactor.title": "Bestätigung in zwei Schritten",
}

/** German for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const de: PageLocale = Object.freeze({ lang: "de", messages })
export default de

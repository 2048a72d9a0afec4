/**
 * `@gatehouse/core/locales/es` — the built-in pages and sign-in mail in Spanish, for `pages.locales`:
 * `pages: { locales: [es] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "Iniciar sesión",
  "signin.heading": "Iniciar sesión",
  "signin.withProvider": "Iniciar sesión con {provider}",
  "signin.email": "Correo electrónico",
  "signin.error.default": "No se pudo iniciar sesión.",
  "signin.error.differentAccount": "Prueba a iniciar sesión con otra cuenta.",
  "signin.error.notLinked": "Para confirmar tu identidad, inicia sesión con la misma cuenta que usaste originalmente.",
  "signin.error.emailSignin": "No se pudo enviar el correo.",
  "signin.error.credentials": "No se pudo iniciar sesión. Comprueba que los datos introducidos son correctos.",
  "signin.error.sessionRequired": "Inicia sesión para acceder a esta página.",
  "signin.error.missingCsrf": "El formulario de inicio de sesión ha caducado. Inténtalo de nuevo.",
  "passkey.failed": "El inicio de sesión con llave de acceso no se completó. Inténtalo de nuevo.",
  "signout.title": "Cerrar sesión",
  "signout.heading": "Cerrar sesión",
  "signout.question": "¿Seguro que quieres cerrar la sesión?",
  "signout.button": "Cerrar sesión",
  "error.title": "Error",
  "error.signIn": "Iniciar sesión",
  "error.default.heading": "Error",
  "error.default.text": "Algo salió mal al iniciar sesión.",
  "error.default.back": "Volver a {host}",
  "error.Configuration.heading": "Error del servidor",
  "error.Configuration.text": "Hay un problema con la configuración del servidor.",
  "error.Configuration.hint": "Consulta los registros del servidor para obtener más información.",
  "error.AccessDenied.heading": "Acceso denegado",
  "error.AccessDenied.text": "No tienes permiso para iniciar sesión.",
  "error.Verification.heading": "No se pudo iniciar sesión",
  "error.Verification.text": "El enlace de inicio de sesión ya no es válido.",
  "error.Verification.hint": "Puede que ya se haya usado o que haya caducado.",
  "error.RateLimited.heading": "Demasiados intentos",
  "error.RateLimited.text": "Ha habido demasiados intentos de inicio de sesión.",
  "error.RateLimited.hint": "Espera un poco y vuelve a intentarlo.",
  "error.WebAuthnVerificationError.heading": "Llave de acceso no aceptada",
  "error.WebAuthnVerificationError.text": "No se pudo verificar la llave de acceso.",
  "error.WebAuthnVerificationError.hint": "Inténtalo de nuevo o inicia sesión de otra forma.",
  "verify.title": "Verificación",
  "verify.heading": "Revisa tu correo",
  "verify.sent": "Se ha enviado un enlace de inicio de sesión a tu dirección de correo.",
  "verify.codeIntro": "O introduce el código del correo:",
  "verify.email": "Correo electrónico",
  "verify.code": "Código",
  "verify.codeButton": "Iniciar sesión con el código",
  "verify.codeError": "El código es incorrecto o ya no es válido. Revisa el correo más reciente o solicita uno nuevo.",
  "confirm.title": "Iniciar sesión",
  "confirm.heading": "Iniciar sesión",
  "confirm.question": "¿Continuar el inicio de sesión en {host} como {email}?",
  "confirm.button": "Iniciar sesión",
  "mail.subject": "Inicia sesión en {host}",
  "mail.button": "Iniciar sesión",
  "mail.code": "O introduce este código en la página de inicio de sesión:",
  "mail.requestedFor": "Este inicio de sesión se solicitó para {email}.",
  "mail.ignore": "Si no has solicitado este correo, puedes ignorarlo.",
  "signin.error.secondFactor": "No se aceptó el código de verificación. Vuelve a iniciar sesión.",
  "secondFactor.title": "Verificación en dos pasos",
}

/** Spanish for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const es: PageLocale = Object.freeze({ lang: "es", messages })
export default es

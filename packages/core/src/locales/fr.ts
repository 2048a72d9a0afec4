/**
 * `@gatehouse/core/locales/fr` — the built-in pages and sign-in mail in French, for `pages.locales`:
 * `pages: { locales: [fr] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "Connexion",
  "signin.heading": "Connexion",
  "signin.withProvider": "Se connecter avec {provider}",
  "signin.email": "E-mail",
  "signin.error.default": "Impossible de se connecter.",
  "signin.error.differentAccount": "Essayez de vous connecter avec un autre compte.",
  "signin.error.notLinked": "Pour confirmer votre identité, connectez-vous avec le même compte que la première fois.",
  "signin.error.emailSignin": "L’e-mail n’a pas pu être envoyé.",
  "signin.error.credentials": "La connexion a échoué. Vérifiez que les informations saisies sont correctes.",
  "signin.error.sessionRequired": "Veuillez vous connecter pour accéder à cette page.",
  "signin.error.missingCsrf": "Le formulaire de connexion a expiré. Veuillez réessayer.",
  "passkey.failed": "La connexion par clé d’accès n’a pas abouti. Veuillez réessayer.",
  "signout.title": "Déconnexion",
  "signout.heading": "Déconnexion",
  "signout.question": "Voulez-vous vraiment vous déconnecter ?",
  "signout.button": "Se déconnecter",
  "error.title": "Erreur",
  "error.signIn": "Se connecter",
  "error.default.heading": "Erreur",
  "error.default.text": "Un problème est survenu lors de la connexion.",
  "error.default.back": "Retour à {host}",
  "error.Configuration.heading": "Erreur du serveur",
  "error.Configuration.text": "La configuration du serveur présente un problème.",
  "error.Configuration.hint": "Consultez les journaux du serveur pour plus d’informations.",
  "error.AccessDenied.heading": "Accès refusé",
  "error.AccessDenied.text": "Vous n’avez pas l’autorisation de vous connecter.",
  "error.Verification.heading": "Connexion impossible",
  "error.Verification.text": "Le lien de connexion n’est plus valide.",
  "error.Verification.hint": "Il a peut-être déjà été utilisé ou il a expiré.",
  "error.RateLimited.heading": "Trop de tentatives",
  "error.RateLimited.text": "Il y a eu trop de tentatives de connexion.",
  "error.RateLimited.hint": "Patientez un peu, puis réessayez.",
  "error.WebAuthnVerificationError.heading": "Clé d’accès refusée",
  "error.WebAuthnVerificationError.text": "La clé d’accès n’a pas pu être vérifiée.",
  "error.WebAuthnVerificationError.hint": "Réessayez ou connectez-vous d’une autre manière.",
  "verify.title": "Vérification",
  "verify.heading": "Consultez vos e-mails",
  "verify.sent": "Un lien de connexion a été envoyé à votre adresse e-mail.",
  "verify.codeIntro": "Ou saisissez le code reçu par e-mail :",
  "verify.email": "E-mail",
  "verify.code": "Code",
  "verify.codeButton": "Se connecter avec le code",
  "verify.codeError": "Ce code est erroné ou n’est plus valide. Consultez le dernier e-mail ou demandez-en un nouveau.",
  "confirm.title": "Connexion",
  "confirm.heading": "Connexion",
  "confirm.question": "Continuer la connexion à {host} en tant que {email} ?",
  "confirm.button": "Se connecter",
  "mail.subject": "Connexion à {host}",
  "mail.button": "Se connecter",
  "mail.code": "Ou saisissez ce code sur la page de connexion :",
  "mail.requestedFor": "Cette connexion a été demandée pour {email}.",
  "mail.ignore": "Si vous n’avez pas demandé cet e-mail, vous pouvez l’ignorer.",
  "signin.error.secondFactor": "Le code de vérification n’a pas été accepté. Veuillez vous reconnecter.",
  "secondFactor.title": "Validation en deux étapes",
}

/** French for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const fr: PageLocale = Object.freeze({ lang: "fr", messages })
export default fr

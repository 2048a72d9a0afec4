/**
 * `@gatehouse/core/locales/pt` — the built-in pages and sign-in mail in Portuguese, for `pages.locales`:
 * `pages: { locales: [pt] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "Entrar",
  "signin.heading": "Entrar",
  "signin.withProvider": "Entrar com {provider}",
  "signin.email": "E-mail",
  "signin.error.default": "Não foi possível entrar.",
  "signin.error.differentAccount": "Tente entrar com outra conta.",
  "signin.error.notLinked": "Para confirmar a sua identidade, entre com a mesma conta que usou originalmente.",
  "signin.error.emailSignin": "Não foi possível enviar o e-mail.",
  "signin.error.credentials": "Falha ao entrar. Verifique se os dados fornecidos estão corretos.",
  "signin.error.sessionRequired": "Entre para aceder a esta página.",
  "signin.error.missingCsrf": "O formulário de entrada expirou. Tente novamente.",
  "passkey.failed": "A entrada com chave de acesso não foi concluída. Tente novamente.",
  "signout.title": "Sair",
  "signout.heading": "Sair",
  "signout.question": "Tem a certeza de que pretende sair?",
  "signout.button": "Sair",
  "error.title": "Erro",
  "error.signIn": "Entrar",
  "error.default.heading": "Erro",
  "error.default.text": "Algo correu mal ao entrar.",
  "error.default.back": "Voltar a {host}",
  "error.Configuration.heading": "Erro do servidor",
  "error.Configuration.text": "Há um problema na configuração do servidor.",
  "error.Configuration.hint": "Consulte os registos do servidor para mais informações.",
  "error.AccessDenied.heading": "Acesso negado",
  "error.AccessDenied.text": "Não tem permissão para entrar.",
  "error.Verification.heading": "Não foi possível entrar",
  "error.Verification.text": "O link de entrada já não é válido.",
  "error.Verification.hint": "Pode já ter sido usado ou ter expirado.",
  "error.RateLimited.heading": "Demasiadas tentativas",
  "error.RateLimited.text": "Houve demasiadas tentativas de entrada.",
  "error.RateLimited.hint": "Aguarde um pouco e tente novamente.",
  "error.WebAuthnVerificationError.heading": "Chave de acesso não aceite",
  "error.WebAuthnVerificationError.text": "Não foi possível verificar a chave de acesso.",
  "error.WebAuthnVerificationError.hint": "Tente novamente ou entre de outra forma.",
  "verify.title": "Verificação",
  "verify.heading": "Verifique o seu e-mail",
  "verify.sent": "Foi enviado um link de entrada para o seu endereço de e-mail.",
  "verify.codeIntro": "Ou introduza o código do e-mail:",
  "verify.email": "E-mail",
  "verify.code": "Código",
  "verify.codeButton": "Entrar com o código",
  "verify.codeError": "O código está errado ou já não é válido. Verifique o e-mail mais recente ou peça um novo.",
  "confirm.title": "Entrar",
  "confirm.heading": "Entrar",
  "confirm.question": "Continuar a entrar em {host} como {email}?",
  "confirm.button": "Entrar",
  "mail.subject": "Entrar em {host}",
  "mail.button": "Entrar",
  "mail.code": "Ou introduza este código na página de entrada:",
  "mail.requestedFor": "Esta entrada foi pedida para {email}.",
  "mail.ignore": "Se não pediu este e-mail, pode ignorá-lo.",
  "signin.error.secondFactor": "O código de verificação não foi aceito. Entre novamente.",
  "secondFactor.title": "Verificação em duas etapas",
}

/** Portuguese for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const pt: PageLocale = Object.freeze({ lang: "pt", messages })
export default pt

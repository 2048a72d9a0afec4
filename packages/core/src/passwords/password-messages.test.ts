import { describeCataloguesComplete } from "../pages/locales/test-support/describe-catalogues-complete.js"
import { passwordCatalogues } from "./password-messages.js"

describeCataloguesComplete("the Password provider's strings", passwordCatalogues)

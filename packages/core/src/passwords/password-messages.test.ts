import { describeCataloguesComplete } from "../pages/locales/test-support/catalogues.js"
import { passwordCatalogues } from "./password-messages.js"

describeCataloguesComplete("the Password provider's strings", passwordCatalogues)

import { describeCataloguesComplete } from "./test-support/describe-catalogues-complete.js"
import { secondFactorCatalogues } from "./second-factor.js"

describeCataloguesComplete("second-factor page catalogues", secondFactorCatalogues)

// The operator key the browser tests' servers are started with (SETTLEMENT_OPERATOR_KEY): the
// settlement spec acts as the operator with it and each half's money audit asks with it.
export const E2E_OPERATOR_KEY = "e2e-settlement-operator-key-for-the-browser-tests";

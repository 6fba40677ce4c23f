/**
 * The sandbox bank's refusal of a consent with no account ticked: the API's words, which its consent
 * page says too before asking (kept here, apart from the contract, so that page loads no schema code).
 */
export const chooseAccountMessage = 'Choose at least one account to share.'

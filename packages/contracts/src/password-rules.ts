/** The shortest password accepted; ASVS 2.1.1 asks for 12 characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** The lowest zxcvbn score accepted (0 weakest .. 4 strongest): 3 is "safely unguessable". */
export const MIN_PASSWORD_SCORE = 3;
/** The longest password taken: enough for any passphrase, short enough to hash cheaply. */
export const MAX_PASSWORD_LENGTH = 128;

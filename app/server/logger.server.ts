import pino from 'pino'

/**
 * The application log. Secrets never reach it: the redaction list covers the fields that carry
 * passwords, codes, tokens, cookies and card data wherever they appear in a logged object.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  redact: {
    paths: [
      'password',
      '*.password',
      'password_confirmation',
      '*.password_confirmation',
      'code',
      '*.code',
      'token',
      '*.token',
      'headers.cookie',
      '*.headers.cookie',
      'headers.authorization',
      '*.headers.authorization',
      'card',
      '*.card',
      'card_number',
      '*.card_number',
      // The join flow's card form and bank connection (issue 14).
      'cvc',
      '*.cvc',
      'client_secret',
      '*.client_secret',
      'accessToken',
      '*.accessToken',
      'access_token',
      '*.access_token',
      // The providers' keys (issue 26): a logged configuration or client never shows them.
      'secretKey',
      '*.secretKey',
      'webhookSecret',
      '*.webhookSecret',
      'appToken',
      '*.appToken',
      'appSecret',
      '*.appSecret',
      'apiKey',
      '*.apiKey',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'AKAHU_APP_TOKEN',
      'AKAHU_APP_SECRET',
      'KISI_API_KEY',
      'KISI_WEBHOOK_SECRET',
      '*.STRIPE_SECRET_KEY',
      '*.STRIPE_WEBHOOK_SECRET',
      '*.AKAHU_APP_TOKEN',
      '*.AKAHU_APP_SECRET',
      '*.KISI_API_KEY',
      '*.KISI_WEBHOOK_SECRET',
      'headers["stripe-signature"]',
      '*.headers["stripe-signature"]',
    ],
    censor: '[redacted]',
  },
})

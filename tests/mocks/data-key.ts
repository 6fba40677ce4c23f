/**
 * `DATA_ENCRYPTION_KEY` for tests that configure Akahu or Kisi (ADR 043): 32 bytes in base64, public,
 * never a deployment's key.
 */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString('base64')

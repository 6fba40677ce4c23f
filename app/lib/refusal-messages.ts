/**
 * The words people read when a value is refused: SPEC §5's generic messages, and plain sentences in the
 * same voice for every other kind of zod issue. The one list for the API's 422 bodies, the forms and the
 * server functions (through `validation.ts`'s zod error map), and for the join site's browser rules
 * (`form-rules.ts`), which must not load zod. No imports: the join pages' scripts load this as it is.
 */
export const messages = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
  max: (max: number | bigint | string) => `The maximum value allowed is ${formatLimit(max)}`,
  min: (min: number | bigint | string) => `The minimum value allowed is ${formatLimit(min)}`,
  below: (max: number | bigint | string) => `The value must be less than ${formatLimit(max)}`,
  above: (min: number | bigint | string) => `The value must be more than ${formatLimit(min)}`,
  maxLength: (max: number | bigint) => `The maximum length is ${characters(max)}`,
  minLength: (min: number | bigint) => `The minimum length is ${characters(min)}`,
  exactLength: (length: number | bigint) => `The length must be exactly ${characters(length)}`,
  maxItems: (max: number | bigint) => `No more than ${items(max)} ${isOne(max) ? 'is' : 'are'} allowed`,
  minItems: (min: number | bigint) => `At least ${items(min)} ${isOne(min) ? 'is' : 'are'} needed`,
  latestDate: (date: string) => `The latest date allowed is ${date}`,
  earliestDate: (date: string) => `The earliest date allowed is ${date}`,
  maxFileSize: (bytes: number | bigint) => `The file must be no larger than ${fileSize(bytes)}`,
  number: 'Value is not a valid number',
  wholeNumber: 'Value must be a whole number',
  /** A digit typed past the places a number field shows (a third for cents), refused rather than rounded. */
  decimalPlaces: (places: number) =>
    places === 0 ? 'Value must be a whole number' : `Use at most ${places} decimal places`,
  multipleOf: (divisor: number) => `The value must be a multiple of ${formatLimit(divisor)}`,
  text: 'Value must be text',
  yesOrNo: 'Value must be true or false',
  list: 'Value must be a list',
  date: 'Value is not a valid date',
  dateTime: 'Value is not a valid date and time',
  time: 'Value is not a valid time',
  url: 'Value is not a valid web address',
  identifier: 'Value is not a valid identifier',
  phone: 'Value is not a valid phone number',
  format: 'Value is not in the right format',
  oneOf: (values: readonly unknown[]) =>
    values.length === 1
      ? `Value must be ${String(values[0])}`
      : `Value must be one of: ${values.map(String).join(', ')}`,
  unknownFields: (keys: readonly string[]) =>
    keys.length === 1
      ? `The field ${keys[0]} is not allowed`
      : `These fields are not allowed: ${keys.join(', ')}`,
  invalid: 'Value is not valid',
} as const

const numberFormat = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 20 })

/** `1000` → `1,000`; a limit already in words (`$1,000,000.00`) stays as it is. */
function formatLimit(limit: number | bigint | string): string {
  return typeof limit === 'string' ? limit : numberFormat.format(limit)
}

const isOne = (count: number | bigint) => Number(count) === 1
const characters = (count: number | bigint) => `${formatLimit(count)} character${isOne(count) ? '' : 's'}`
const items = (count: number | bigint) => `${formatLimit(count)} item${isOne(count) ? '' : 's'}`

function fileSize(bytes: number | bigint): string {
  const value = Number(bytes)
  if (value >= 1024 * 1024) return `${formatLimit(Math.round((value / 1024 / 1024) * 10) / 10)} MB`
  if (value >= 1024) return `${formatLimit(Math.round(value / 1024))} KB`
  return `${formatLimit(value)} bytes`
}

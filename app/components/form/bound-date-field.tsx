import { DateField as KitDateField } from '~/components/ui/date-field'
import type { DateFieldProps, FieldBinding } from './bound-fields'

/**
 * A date field over a `YYYY-MM-DD` string as typed, '' while empty: form values stay the shape the API
 * and its zod schemas take, and a date that doesn't exist reaches the rules to be refused.
 */
export function BoundDateField({ bound, ...props }: DateFieldProps & { bound: FieldBinding<string> }) {
  return <KitDateField {...props} {...bound} />
}

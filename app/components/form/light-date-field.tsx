import { BoundDateField } from './bound-date-field'
import type { DateFieldProps } from './bound-fields'
import { useFieldBinding } from './light-form'

/** A light form's date field (`light-form.tsx`), bound to the `LightField` around it. */
export function LightDateField(props: DateFieldProps) {
  return <BoundDateField {...props} bound={useFieldBinding<string>()} />
}

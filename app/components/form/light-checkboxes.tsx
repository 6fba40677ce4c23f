import { BoundCheckbox, BoundCheckboxGroupField } from './bound-checkboxes'
import type { CheckboxGroupFieldProps, CheckboxProps } from './bound-fields'
import { useFieldBinding } from './light-form'

/** A light form's checkbox (`light-form.tsx`), bound to the `LightField` around it. */
export function LightCheckbox(props: CheckboxProps) {
  return <BoundCheckbox {...props} bound={useFieldBinding<boolean>()} />
}

/** A light form's group of checkboxes, held as the list of the ticked ones' values. */
export function LightCheckboxGroupField(props: CheckboxGroupFieldProps) {
  return <BoundCheckboxGroupField {...props} bound={useFieldBinding<string[]>()} />
}

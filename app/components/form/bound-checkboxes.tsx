import { Checkbox as KitCheckbox } from '~/components/ui/checkbox'
import { CheckboxGroup as KitCheckboxGroup } from '~/components/ui/checkbox-group'
import type { CheckboxGroupFieldProps, CheckboxProps, FieldBinding } from './bound-fields'

export function BoundCheckbox({ bound, ...props }: CheckboxProps & { bound: FieldBinding<boolean> }) {
  const { value, ...rest } = bound
  return <KitCheckbox {...props} {...rest} isSelected={value} />
}

/** Several choices, held as a list of their values (checkbox values are strings in the DOM). */
export function BoundCheckboxGroupField({
  bound,
  ...props
}: CheckboxGroupFieldProps & { bound: FieldBinding<string[]> }) {
  return <KitCheckboxGroup {...props} {...bound} />
}

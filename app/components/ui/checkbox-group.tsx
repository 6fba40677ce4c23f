import {
  CheckboxGroup as RACCheckboxGroup,
  type CheckboxGroupProps as RACCheckboxGroupProps,
} from 'react-aria-components'
import { ChoiceGroupParts, type ChoiceGroupProps, choiceGroupProps } from './choice-group'

export type CheckboxGroupProps = ChoiceGroupProps<RACCheckboxGroupProps>

/** Several on/off choices under one label (an offering's gyms, the enabled price frequencies). */
export function CheckboxGroup(props: CheckboxGroupProps) {
  const { group, parts } = choiceGroupProps(props)
  return (
    <RACCheckboxGroup {...group}>
      <ChoiceGroupParts {...parts} />
    </RACCheckboxGroup>
  )
}

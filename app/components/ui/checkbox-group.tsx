import {
  CheckboxGroup as RACCheckboxGroup,
  type CheckboxGroupProps as RACCheckboxGroupProps,
} from 'react-aria-components'
import { type ChoiceGroupOwnProps, ChoiceGroupParts, choiceGroupState } from './field'

export interface CheckboxGroupProps extends Omit<RACCheckboxGroupProps, 'children'>, ChoiceGroupOwnProps {}

/** Several on/off choices under one label (an offering's gyms, the enabled price frequencies). */
export function CheckboxGroup({ label, description, errorMessage, children, ...props }: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup {...props} {...choiceGroupState(props, errorMessage)}>
      <ChoiceGroupParts {...{ label, description, errorMessage, children }} />
    </RACCheckboxGroup>
  )
}

import type { ReactNode } from 'react'
import { Description, FieldError, Label } from './field'
import { composeTailwindRenderProps } from './utils'

/** What a checkbox or radio group is given besides its RAC props: its words, and its choices. */
export interface ChoiceGroupOwnProps<T> {
  label: string
  description?: string
  errorMessage?: string
  isInvalid?: boolean
  className?: string | ((renderProps: T) => string)
  children: ReactNode
}

/** A checkbox or radio group's props: the RAC group's (`R`), with its words and choices. */
export type ChoiceGroupProps<R> = Omit<R, 'children'> & {
  label: string
  description?: string
  errorMessage?: string
  children: ReactNode
}

/**
 * A checkbox or radio group split in two: the RAC group's props (invalid when it has an error, checked
 * the ARIA way, stacked) and what goes inside it (`ChoiceGroupParts`).
 */
export function choiceGroupProps<T, P extends ChoiceGroupOwnProps<T>>(props: P & ChoiceGroupOwnProps<T>) {
  const { label, description, errorMessage, isInvalid, className, children, ...group } = props
  return {
    group: {
      ...group,
      isInvalid: isInvalid ?? errorMessage !== undefined,
      validationBehavior: 'aria' as const,
      className: composeTailwindRenderProps(className, 'flex flex-col gap-2'),
    },
    parts: { label, description, errorMessage, children },
  }
}

/** Inside a checkbox or radio group: its label, its choices in a wrapping row, its description and error. */
export function ChoiceGroupParts(props: {
  label: string
  description?: string
  errorMessage?: string
  children: ReactNode
}) {
  return (
    <>
      <Label>{props.label}</Label>
      <div className="flex flex-wrap gap-x-6 gap-y-2">{props.children}</div>
      {props.description ? <Description>{props.description}</Description> : null}
      {props.errorMessage ? <FieldError>{props.errorMessage}</FieldError> : null}
    </>
  )
}

import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components'
import { linkStyles } from './link'

export interface TextButtonProps extends Omit<RACButtonProps, 'className'> {
  variant?: 'primary' | 'secondary'
}

/**
 * A RAC Button that reads as a link within a sentence ("Try fewer filters, or show every member."): it
 * does something on the page rather than going anywhere, so it is a button to a screen reader.
 */
export function TextButton({ variant, ...props }: TextButtonProps) {
  return <RACButton {...props} className={linkStyles({ variant })} />
}

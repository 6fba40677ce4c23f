import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { ToggleButton } from 'react-aria-components'
import { useHeldUntilLive } from '~/components/ui/before-load'
import { buttonStyles } from '~/components/ui/button'
import type { CheckboxProps as KitCheckboxProps } from '~/components/ui/checkbox'
import type { CheckboxGroupProps as KitCheckboxGroupProps } from '~/components/ui/checkbox-group'
import type { DateFieldProps as KitDateFieldProps } from '~/components/ui/date-field'
import {
  TextField as KitTextField,
  type TextFieldProps as KitTextFieldProps,
} from '~/components/ui/text-field'

/**
 * A form's field as a kit control takes it: its name, value, change (which also drops a server error
 * the edit has answered), blur and message. The console's forms bind through TanStack Form
 * (`form-hook.tsx`), the join site's through `light-form.tsx` (ADR 044); the controls are the same.
 */
export interface FieldBinding<Value> {
  name: string
  value: Value
  onChange: (next: Value) => void
  onBlur: () => void
  errorMessage: string | undefined
}

export type BoundProps =
  | 'name'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'onBlur'
  | 'errorMessage'
  | 'isInvalid'

export type TextFieldProps = Omit<KitTextFieldProps, BoundProps>
export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'>
export type DateFieldProps = Omit<KitDateFieldProps, BoundProps>
export type CheckboxProps = Omit<KitCheckboxProps, BoundProps | 'isSelected' | 'defaultSelected'>
export type CheckboxGroupFieldProps = Omit<KitCheckboxGroupProps, BoundProps>

/**
 * The fields every form may use, each given its binding (`bound`) by the form's own wrapper: the
 * console's in `form-hook.tsx`, the join site's in `light-form.tsx`. The text fields here; the date field
 * and the checkboxes in modules of their own (`bound-date-field.tsx`, `bound-checkboxes.tsx`), so a page
 * with text fields only loads no checkbox nor date field.
 */
export function BoundTextField({ bound, ...props }: TextFieldProps & { bound: FieldBinding<string> }) {
  // Text typed before the page's code ran reaches `bound.onChange` through the kit's field.
  return <KitTextField {...props} {...bound} />
}

/** A password with a "Show password" toggle, so people on phones can check what they typed. */
export function BoundPasswordField(props: PasswordFieldProps & { bound: FieldBinding<string> }) {
  const [isVisible, setVisible] = useState(false)
  // Pressed before the page's code ran: shown once it runs (ADR 058).
  const showHeld = useHeldUntilLive<HTMLButtonElement>('press')
  return (
    <BoundTextField
      autoComplete="current-password"
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <ToggleButton
          {...showHeld.mark}
          ref={showHeld.ref}
          aria-label="Show password"
          isSelected={isVisible}
          onChange={setVisible}
          className={buttonStyles({
            variant: 'quiet',
            size: 'sm',
            isIconOnly: true,
            className: 'text-slate-600',
          })}
        >
          {isVisible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </ToggleButton>
      }
    />
  )
}

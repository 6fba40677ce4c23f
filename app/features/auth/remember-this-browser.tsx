import { LightCheckbox } from '~/components/form/light-checkboxes'
import { LightField } from '~/components/form/light-form'
import type { CodeForm } from './code-page'

/** The console's two-factor choice: no code asked on this browser for 30 days. */
export function RememberThisBrowser(props: { form: CodeForm }) {
  return (
    <LightField form={props.form} name="remember">
      <LightCheckbox>Remember this browser for 30 days</LightCheckbox>
    </LightField>
  )
}

import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { LightCheckbox, LightCheckboxGroupField } from '~/components/form/light-checkboxes'
import {
  LightField,
  LightForm,
  LightSubmitButton,
  LightTextField,
  useFormValue,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Checkbox } from '~/components/ui/checkbox'
import { confidenceAndExperienceLabels, hearAboutUsLabels } from '~/contracts/about-you-words'
import type { SessionUser } from '~/contracts/auth'
import { confidenceAndExperienceOptions, hearAboutUsOptions } from '~/contracts/enums'
import type { RegisterFields, RegisterFieldsRequest } from '~/contracts/join'
import { AuthFrame } from '~/features/auth/auth-frame'
import { nextRegistrationStep } from '~/features/auth/guards'
import { useSessionStore } from '~/features/auth/session'
import { aboutYouProblems } from './about-you-rules'
import { saveRegisterFields } from './join.functions'
import { JoinSteps } from './join-steps'

/**
 * register.about-you (issue 14): after the e-mailed code, before the photo — part of "Details". Where
 * the member lives, who to call in an emergency, how they feel about the gym and how they heard of it,
 * and what they want to hear from us. `PUT /api/me/register-fields`.
 */
export function AboutYouPage(props: { user: SessionUser; saved: RegisterFields }) {
  const navigate = useNavigate()
  const sessionStore = useSessionStore()
  const serverError = useActionFormError()
  // What the member saved before, when they come back to change it (empty the first time). Taken once:
  // new default values while the member types would put the form back to them.
  const [defaultValues] = useState(() => ({
    ...props.saved,
    confidence_and_experience: Array.from<string>(props.saved.confidence_and_experience),
    hear_about_us: Array.from<string>(props.saved.hear_about_us),
  }))
  const form = useLightForm({
    defaultValues,
    problems: aboutYouProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      // The lists hold only their checkboxes' values; the server trims the text as it parses.
      const result = await saveRegisterFields({ data: value as RegisterFieldsRequest })
      if (!result.ok) return serverError.show(formApi, result)
      sessionStore.reset()
      await navigate({ to: nextRegistrationStep(result.data) })
    },
  })

  const heardElsewhere = useFormValue(form, (values) => values.hear_about_us.includes('other'))

  return (
    <AuthFrame title="About you" description={`A few details for ${props.user.gyms[0]?.name ?? 'your gym'}.`}>
      <JoinSteps current="details" />
      <LightForm form={form} aria-label="About you" className="flex flex-col gap-8">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 font-semibold text-slate-900">Where you live</legend>
          <LightField form={form} name="address">
            <LightTextField label="Street address" autoComplete="address-line1" isRequired />
          </LightField>
          <LightField form={form} name="suburb">
            <LightTextField label="Suburb (optional)" autoComplete="address-line2" />
          </LightField>
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <LightField form={form} name="city">
              <LightTextField label="City" autoComplete="address-level2" isRequired />
            </LightField>
            <LightField form={form} name="post_code">
              <LightTextField
                label="Post code"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={4}
                isRequired
              />
            </LightField>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-1 font-semibold text-slate-900">Emergency contact</legend>
          <p className="text-slate-600 text-sm">Someone the gym can call if you need help.</p>
          <LightField form={form} name="emergency_contact_name">
            <LightTextField label="Their name" autoComplete="off" isRequired />
          </LightField>
          <LightField form={form} name="emergency_contact_relationship">
            <LightTextField label="How you know them" placeholder="Partner, parent, friend…" isRequired />
          </LightField>
          <LightField form={form} name="emergency_contact_mobile_number">
            <LightTextField label="Their mobile" type="tel" inputMode="tel" autoComplete="off" isRequired />
          </LightField>
          <LightField form={form} name="emergency_contact_email">
            <LightTextField
              label="Their e-mail (optional)"
              type="email"
              inputMode="email"
              autoComplete="off"
            />
          </LightField>
        </fieldset>

        <LightField form={form} name="confidence_and_experience">
          <LightCheckboxGroupField label="How do you feel about the gym?" className="[&>div]:flex-col">
            {confidenceAndExperienceOptions.map((option) => (
              <Checkbox key={option} value={option}>
                {confidenceAndExperienceLabels[option]}
              </Checkbox>
            ))}
          </LightCheckboxGroupField>
        </LightField>

        <div className="flex flex-col gap-3">
          <LightField form={form} name="hear_about_us">
            <LightCheckboxGroupField label="How did you hear about us?" className="[&>div]:flex-col">
              {hearAboutUsOptions.map((option) => (
                <Checkbox key={option} value={option}>
                  {hearAboutUsLabels[option]}
                </Checkbox>
              ))}
            </LightCheckboxGroupField>
          </LightField>
          {heardElsewhere ? (
            <LightField form={form} name="hear_about_us_other">
              <LightTextField label="Where did you hear about us?" isRequired />
            </LightField>
          ) : null}
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 font-semibold text-slate-900">What we send you</legend>
          <LightField form={form} name="email_notifications_enabled">
            <LightCheckbox>News and updates by e-mail</LightCheckbox>
          </LightField>
          <LightField form={form} name="push_notifications_enabled">
            <LightCheckbox>Notifications on your phone</LightCheckbox>
          </LightField>
          <LightField form={form} name="payment_reminders">
            <LightCheckbox>A reminder before each payment</LightCheckbox>
          </LightField>
        </fieldset>

        <LightSubmitButton fullWidth size="lg">
          Continue
        </LightSubmitButton>
      </LightForm>
    </AuthFrame>
  )
}

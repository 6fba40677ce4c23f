import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import {
  LightField,
  LightForm,
  LightSubmitButton,
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
  const save = useServerFn(saveRegisterFields)
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
      const result = await save({ data: value as RegisterFieldsRequest })
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
            {(field) => <field.TextField label="Street address" autoComplete="address-line1" isRequired />}
          </LightField>
          <LightField form={form} name="suburb">
            {(field) => <field.TextField label="Suburb (optional)" autoComplete="address-line2" />}
          </LightField>
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <LightField form={form} name="city">
              {(field) => <field.TextField label="City" autoComplete="address-level2" isRequired />}
            </LightField>
            <LightField form={form} name="post_code">
              {(field) => (
                <field.TextField
                  label="Post code"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  maxLength={4}
                  isRequired
                />
              )}
            </LightField>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-1 font-semibold text-slate-900">Emergency contact</legend>
          <p className="text-slate-600 text-sm">Someone the gym can call if you need help.</p>
          <LightField form={form} name="emergency_contact_name">
            {(field) => <field.TextField label="Their name" autoComplete="off" isRequired />}
          </LightField>
          <LightField form={form} name="emergency_contact_relationship">
            {(field) => (
              <field.TextField label="How you know them" placeholder="Partner, parent, friend…" isRequired />
            )}
          </LightField>
          <LightField form={form} name="emergency_contact_mobile_number">
            {(field) => (
              <field.TextField
                label="Their mobile"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                isRequired
              />
            )}
          </LightField>
          <LightField form={form} name="emergency_contact_email">
            {(field) => (
              <field.TextField
                label="Their e-mail (optional)"
                type="email"
                inputMode="email"
                autoComplete="off"
              />
            )}
          </LightField>
        </fieldset>

        <LightField form={form} name="confidence_and_experience">
          {(field) => (
            <field.CheckboxGroupField label="How do you feel about the gym?" className="[&>div]:flex-col">
              {confidenceAndExperienceOptions.map((option) => (
                <Checkbox key={option} value={option}>
                  {confidenceAndExperienceLabels[option]}
                </Checkbox>
              ))}
            </field.CheckboxGroupField>
          )}
        </LightField>

        <div className="flex flex-col gap-3">
          <LightField form={form} name="hear_about_us">
            {(field) => (
              <field.CheckboxGroupField label="How did you hear about us?" className="[&>div]:flex-col">
                {hearAboutUsOptions.map((option) => (
                  <Checkbox key={option} value={option}>
                    {hearAboutUsLabels[option]}
                  </Checkbox>
                ))}
              </field.CheckboxGroupField>
            )}
          </LightField>
          {heardElsewhere ? (
            <LightField form={form} name="hear_about_us_other">
              {(field) => <field.TextField label="Where did you hear about us?" isRequired />}
            </LightField>
          ) : null}
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 font-semibold text-slate-900">What we send you</legend>
          <LightField form={form} name="email_notifications_enabled">
            {(field) => <field.Checkbox>News and updates by e-mail</field.Checkbox>}
          </LightField>
          <LightField form={form} name="push_notifications_enabled">
            {(field) => <field.Checkbox>Notifications on your phone</field.Checkbox>}
          </LightField>
          <LightField form={form} name="payment_reminders">
            {(field) => <field.Checkbox>A reminder before each payment</field.Checkbox>}
          </LightField>
        </fieldset>

        <LightSubmitButton fullWidth size="lg">
          Continue
        </LightSubmitButton>
      </LightForm>
    </AuthFrame>
  )
}

import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import {
  LightField,
  LightForm,
  LightSubmitButton,
  LightTextField,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import type { AccountDetails } from '~/contracts/account-details'
import { AccountSection } from './account-frame'
import { saveContactDetails } from './details-functions'
import { DetailsPart, Done } from './details-part'
import { CloseAccount, DownloadData } from './details-privacy'
import { contactDetailsProblems } from './details-rules'
import { ChangePassword, EmailAddress, SignOutEverywhere } from './details-sign-in'

/**
 * The account's "Your details" (issue 28, point 7): how the gym reaches the member and who to call, the
 * address they sign in with, their password and devices, what Gymbase holds about them, and closing the
 * account. Each part saves on its own and the page reads the member again at once.
 */
export function DetailsPage(props: { details: AccountDetails }) {
  const { details } = props
  return (
    <AccountSection title="Your details" description={`Signed in as ${details.email}.`}>
      <ContactDetails details={details} />
      <EmailAddress details={details} />
      <ChangePassword />
      <SignOutEverywhere />
      <DownloadData />
      <CloseAccount details={details} />
    </AccountSection>
  )
}

function ContactDetails(props: { details: AccountDetails }) {
  const router = useRouter()
  const serverError = useActionFormError()
  const [saved, setSaved] = useState(false)
  // Taken once: new default values while the member types would put the form back to them.
  const [defaultValues] = useState(() => ({
    mobile_number: props.details.mobile_number,
    address: props.details.address,
    suburb: props.details.suburb,
    city: props.details.city,
    post_code: props.details.post_code,
    emergency_contact_name: props.details.emergency_contact_name,
    emergency_contact_relationship: props.details.emergency_contact_relationship,
    emergency_contact_mobile_number: props.details.emergency_contact_mobile_number,
    emergency_contact_email: props.details.emergency_contact_email,
  }))
  const form = useLightForm({
    defaultValues,
    problems: contactDetailsProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      setSaved(false)
      const result = await saveContactDetails(value)
      if (!result.ok) return serverError.show(formApi, result)
      setSaved(true)
      await router.invalidate()
    },
  })
  return (
    <DetailsPart
      title="Contact details"
      description="How the gym reaches you, and who to call if you need help."
    >
      <LightForm form={form} aria-label="Contact details" className="flex flex-col gap-6">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 font-medium text-slate-900">You</legend>
          <LightField form={form} name="mobile_number">
            <LightTextField label="Mobile" type="tel" inputMode="tel" autoComplete="tel" isRequired />
          </LightField>
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
          <legend className="mb-3 font-medium text-slate-900">Emergency contact</legend>
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
        {saved ? <Done>Your contact details are saved.</Done> : null}
        <LightSubmitButton fullWidth size="lg">
          Save contact details
        </LightSubmitButton>
      </LightForm>
    </DetailsPart>
  )
}

import { FieldApi, FormApi } from '@tanstack/react-form'
import { describe, expect, it } from 'vitest'
import { getFirstErrorMessage } from '~/components/form/field-errors'
import { applyServerErrors, clearServerErrors } from '~/components/form/server-errors'
import { messages, z } from '~/lib/validation'

const schema = z.object({ email: z.email(), name: z.string().min(1) })

/** A form with mounted `email` and `name` fields, as `useAppForm` builds one, without React or a DOM. */
function buildForm() {
  const form = new FormApi({ defaultValues: { email: '', name: '' }, validators: { onChange: schema } })
  form.mount()
  const email = new FieldApi({ form, name: 'email' })
  const name = new FieldApi({ form, name: 'name' })
  email.mount()
  name.mount()
  return { form, email, name }
}

describe('getFirstErrorMessage', () => {
  it('reads strings and { message } issues, skipping empty ones', () => {
    expect(getFirstErrorMessage([])).toBeUndefined()
    expect(getFirstErrorMessage(['Value is required'])).toBe('Value is required')
    expect(getFirstErrorMessage([undefined, '', { message: 'Please select a term unit' }])).toBe(
      'Please select a term unit',
    )
    expect(getFirstErrorMessage([[{ message: '' }, { message: 'Add at least one day' }]])).toBe(
      'Add at least one day',
    )
    expect(getFirstErrorMessage([{ code: 'custom' }, 42, null])).toBeUndefined()
  })

  it("shows a zod schema's SPEC §5 message from a form-level validator", async () => {
    const { form, email } = buildForm()
    email.handleChange('not-an-address')
    expect(getFirstErrorMessage(form.getFieldMeta('email')?.errors ?? [])).toBe(messages.email)
    await form.handleSubmit()
    expect(getFirstErrorMessage(form.getFieldMeta('name')?.errors ?? [])).toBe(messages.required)
  })
})

describe('applyServerErrors', () => {
  it("puts a 422's messages under their fields and hands back the ones without a field", () => {
    const { form } = buildForm()
    const unplaced = applyServerErrors(form, {
      email: ['The email has already been taken.', 'A second message'],
      gym_ids: ['Select at least one gym'],
    })
    expect(form.getFieldMeta('email')?.errors).toEqual(['The email has already been taken.'])
    expect(form.getFieldMeta('email')?.errorMap.onServer).toBe('The email has already been taken.')
    expect(form.state.isValid).toBe(false)
    expect(unplaced).toEqual(['Select at least one gym'])
  })

  it('is cleared before the next submit (as form.Form does), so the form can be sent again', async () => {
    let attempts = 0
    const form = new FormApi({
      defaultValues: { email: 'member@example.nz', name: 'Aroha' },
      validators: { onChange: schema },
      onSubmit: ({ formApi }) => {
        attempts += 1
        // The first call is refused by the server; the second goes through.
        if (attempts === 1) applyServerErrors(formApi, { email: ['The email has already been taken.'] })
      },
    })
    form.mount()
    new FieldApi({ form, name: 'email' }).mount()
    new FieldApi({ form, name: 'name' }).mount()

    await form.handleSubmit()
    expect(form.getFieldMeta('email')?.errors).toEqual(['The email has already been taken.'])
    clearServerErrors(form)
    await form.handleSubmit()
    expect(attempts).toBe(2)
    expect(form.getFieldMeta('email')?.errors).toEqual([])
  })

  it('lets a form-level submit validator run again, with fresh messages, after its first refusal', async () => {
    let submitted = 0
    const form = new FormApi({
      defaultValues: { email: '', name: '' },
      validators: {
        onSubmit: ({ value }) => {
          const fields: Record<string, string> = {}
          if (!value.email) fields.email = messages.required
          if (!value.name) fields.name = messages.required
          return Object.keys(fields).length > 0 ? { fields } : undefined
        },
      },
      onSubmit: () => {
        submitted += 1
      },
    })
    form.mount()
    new FieldApi({ form, name: 'email' }).mount()
    new FieldApi({ form, name: 'name' }).mount()

    await form.handleSubmit()
    expect(form.getFieldMeta('name')?.errors).toEqual([messages.required])
    form.setFieldValue('email', 'member@example.nz')
    clearServerErrors(form)
    await form.handleSubmit()
    // The name is still missing and still says so; the e-mail's message is gone.
    expect(form.getFieldMeta('name')?.errors).toEqual([messages.required])
    expect(form.getFieldMeta('email')?.errors).toEqual([])
    form.setFieldValue('name', 'Aroha')
    clearServerErrors(form)
    await form.handleSubmit()
    expect(submitted).toBe(1)
  })
})

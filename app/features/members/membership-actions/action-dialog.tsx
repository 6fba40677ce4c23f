import { useQueryClient } from '@tanstack/react-query'
import { type ComponentType, type PropsWithChildren, type ReactNode, useState } from 'react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { formComponents } from '~/components/form/form-hook'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { ConfirmDialog, FormDialog } from '~/components/ui/modal'
import { toast } from '~/components/ui/toast'
import type { MemberDetail } from '~/contracts/members'
import type { MembershipChangeResource } from '~/contracts/subscriptions'
import type { ActionResult } from '~/lib/action-result'
import { memberQueries } from '../queries'

export type Membership = NonNullable<MemberDetail['membership']>

/** What the menu gives every action's dialog. */
export interface ActionDialogProps {
  member: MemberDetail
  membership: Membership
  isOpen: boolean
  onClose: () => void
}

/** A membership action's server function: the membership as it now stands, or the API's refusal. */
type Answer = Promise<ActionResult<MembershipChangeResource>>

/**
 * The member's page after an action. The answer is the membership as it now stands, so the page sets
 * its member data from it (no reading the member again); what else the change touched — the member's
 * history, payments, periods, door access and the lists they appear in — is marked stale and read when
 * next shown. A refusal reads the member again (someone else may have changed it meanwhile), so the next
 * press acts on what is there now.
 */
function useMembershipAnswer(memberId: number) {
  const queryClient = useQueryClient()
  const memberKey = memberQueries.member(memberId).queryKey
  return {
    apply(answer: MembershipChangeResource) {
      const shown = queryClient.getQueryData(memberKey)
      if (shown?.membership?.id === answer.id) {
        queryClient.setQueryData(memberKey, { ...shown, ...answer.member })
      } else {
        void queryClient.invalidateQueries({ queryKey: memberKey, exact: true })
      }
      for (const part of ['history', 'payments', 'periods', 'cost-per-visit'])
        void queryClient.invalidateQueries({ queryKey: [...memberKey, part] })
      void queryClient.invalidateQueries({ queryKey: ['doors', 'member', memberId] })
      void queryClient.invalidateQueries({ queryKey: ['members', 'list'] })
      void queryClient.invalidateQueries({ queryKey: ['members', 'price-memberships'] })
    },
    reload: () => queryClient.invalidateQueries({ queryKey: memberKey, exact: true }),
  }
}

/**
 * A membership action with fields (pause, cancel, desk payment, price change): the form, the server's
 * refusal under its fields or above them (a 409 also reads the member again), and on success the page
 * set from the answer, `said` as a toast, and the dialog closed. `send` answers null when there is
 * nothing to send yet (a required choice left empty).
 */
export function useMembershipForm<Values>(options: {
  dialog: ActionDialogProps
  defaultValues: Values
  send: (values: Values) => Answer | null
  said: (values: Values, answer: MembershipChangeResource) => string
}) {
  const serverError = useActionFormError()
  const answer = useMembershipAnswer(options.dialog.member.id)
  const form = useConsoleForm({
    defaultValues: options.defaultValues,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const sent = options.send(value)
      if (!sent) return
      const result = await sent
      if (!result.ok) {
        serverError.show(formApi, result)
        if (result.status === 409) await answer.reload()
        return
      }
      answer.apply(result.data)
      toast.success(options.said(value, result.data))
      options.dialog.onClose()
    },
  })
  // What `ActionFormDialog` takes besides its title and button: open, close, the form, the refusal.
  const dialog = {
    isOpen: options.dialog.isOpen,
    onClose: options.dialog.onClose,
    form,
    error: serverError.message,
  }
  return { form, dialog }
}

/** A membership action's form dialog: title, the refusal above the fields, "Keep as it is" and submit. */
export function ActionFormDialog(props: {
  title: string
  isOpen: boolean
  onClose: () => void
  form: { AppForm: ComponentType<PropsWithChildren> }
  error: string | undefined
  submit: string
  destructive?: boolean
  children: ReactNode
}) {
  const { Form, SubmitButton } = formComponents
  return (
    <FormDialog
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      title={props.title}
    >
      <props.form.AppForm>
        <Form aria-label={props.title} className="flex flex-col gap-4">
          {props.error ? <Alert tone="error">{props.error}</Alert> : null}
          {props.children}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onPress={props.onClose}>
              Keep as it is
            </Button>
            <SubmitButton variant={props.destructive ? 'destructive' : undefined}>
              {props.submit}
            </SubmitButton>
          </div>
        </Form>
      </props.form.AppForm>
    </FormDialog>
  )
}

/**
 * A membership action without fields (end or withdraw a pause, undo a cancellation, start today): a
 * confirmation saying what it does; pressed, the pending button, then the page set from the answer and
 * `said` as a toast, or the refusal as a toast and the member read again.
 */
export function ActionConfirmDialog(props: {
  member: MemberDetail
  isOpen: boolean
  onClose: () => void
  title: string
  confirmLabel: string
  /** Still working out what the action would do (the dialog's own question to the server). */
  isPreparing?: boolean
  send: () => Answer
  said: string
  children: ReactNode
}) {
  const answer = useMembershipAnswer(props.member.id)
  const [pending, setPending] = useState(false)
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      title={props.title}
      confirmLabel={props.confirmLabel}
      isPending={pending || props.isPreparing}
      onConfirm={async () => {
        if (pending) return
        setPending(true)
        const result = await props.send()
        setPending(false)
        if (!result.ok) {
          await answer.reload()
          return void toast.error(result.message)
        }
        answer.apply(result.data)
        toast.success(props.said)
        props.onClose()
      }}
    >
      {props.children}
    </ConfirmDialog>
  )
}

/** What the action will do, said before it is done. */
export function Effect(props: { children: ReactNode }) {
  return (
    <p className="rounded-md bg-slate-50 p-3 text-slate-800 text-sm" aria-live="polite">
      {props.children}
    </p>
  )
}

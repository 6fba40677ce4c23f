import { Landmark } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { chooseAccountMessage } from '~/contracts/bank-consent-words'
import type { SandboxBankAccount } from '~/contracts/join-payment'
import { orConnectionLost } from './connection-lost'
import { grantSandboxBankConsent } from './payment.functions'

/** Only a return to this site's own connect step: anything else is not ours to send people to. */
function ownReturnAddress(redirectUri: string): URL | null {
  try {
    const url = new URL(redirectUri)
    return url.origin === window.location.origin && url.pathname === '/connect-akahu' ? url : null
  } catch {
    return null
  }
}

/**
 * The sandbox bank's consent page, standing in for Akahu's while no keys are set (issue 14): the test
 * accounts of docs/sandbox-payments.md to share, Allow or Cancel. Allow sends the person back with a
 * one-time code; Cancel with `error=access_denied`, as Akahu does.
 */
export function SandboxBankConsentPage(props: {
  state: string
  redirectUri: string
  accounts: SandboxBankAccount[]
}) {
  const { accounts } = props
  const [chosen, setChosen] = useState<string[]>(accounts[0] ? [accounts[0].suffix] : [])
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<string>()

  async function allow() {
    if (pending) return
    const request = { state: props.state, redirect_uri: props.redirectUri, account_suffixes: chosen }
    // What the server would refuse (no account ticked) is said in its words before asking it.
    if (chosen.length === 0) return setMessage(chooseAccountMessage)
    setPending(true)
    setMessage(undefined)
    const result = await orConnectionLost(() => grantSandboxBankConsent({ data: request }))
    if (!result.ok) {
      setPending(false)
      setMessage(result.errors.account_suffixes?.[0] ?? result.message)
      return
    }
    window.location.assign(result.data.redirect_to)
  }

  function cancel() {
    const back = ownReturnAddress(props.redirectUri)
    if (!back) return setMessage('This consent was not started by Gymbase.')
    back.search = new URLSearchParams({ error: 'access_denied', state: props.state }).toString()
    window.location.assign(back.toString())
  }

  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-col px-4 py-8">
      <Card padding="lg" className="border-emerald-700 border-t-4">
        <p className="flex items-center gap-2 font-semibold text-emerald-800">
          <Landmark aria-hidden="true" className="size-5" />
          Sandbox Bank
        </p>
        <h1 className="mt-4 font-semibold text-2xl tracking-tight">Share an account with Gymbase?</h1>
        <p className="mt-2 text-slate-600">
          Gymbase will see the accounts you choose and can take the payments you agree to.
        </p>
        <Alert tone="info" className="mt-4">
          A test bank: Gymbase uses it while no open-banking keys are set. No real money moves.
        </Alert>
        {message ? (
          <Alert tone="error" className="mt-4">
            {message}
          </Alert>
        ) : null}
        <fieldset className="mt-6 flex flex-col gap-3">
          <legend className="mb-2 font-medium text-slate-900">Accounts to share</legend>
          {accounts.map((account) => (
            <Checkbox
              key={account.suffix}
              isSelected={chosen.includes(account.suffix)}
              onChange={(selected) =>
                setChosen((now) =>
                  selected ? [...now, account.suffix] : now.filter((suffix) => suffix !== account.suffix),
                )
              }
            >
              <span className="flex flex-col">
                <span>{account.name}</span>
                <span className="text-slate-600 text-sm tabular-nums">{account.account_number}</span>
              </span>
            </Checkbox>
          ))}
        </fieldset>
        <div className="mt-6 flex flex-col gap-3">
          <Button size="lg" fullWidth isPending={pending} onPress={allow}>
            Allow
          </Button>
          <Button size="lg" variant="secondary" fullWidth isDisabled={pending} onPress={cancel}>
            Cancel
          </Button>
        </div>
      </Card>
    </main>
  )
}

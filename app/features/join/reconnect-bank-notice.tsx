import { Link } from '@tanstack/react-router'
import { Alert } from '~/components/ui/alert'
import { linkStyles } from '~/components/ui/link'

/**
 * The gym now takes bank payments into a new account (ADR 030): the member's bank permission names the
 * old one, so they are asked to connect their bank again, and shown the way.
 */
export function ReconnectBankNotice() {
  return (
    <Alert tone="info" className="mb-4">
      Your gym now receives payments into a new bank account. Your bank’s permission names the old one, so
      please{' '}
      <Link to="/join/connect-akahu" className={linkStyles()}>
        reconnect your bank
      </Link>
      . It takes a minute.
    </Alert>
  )
}

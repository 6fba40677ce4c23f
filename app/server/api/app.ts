import { OpenAPIHono } from '@hono/zod-openapi'
import { getDatabase } from '~/db/client.server'
import { API_ROOT } from '~/lib/api-path'
import { getEnv } from '~/lib/env.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { createPaymentServices } from '~/server/providers/payments/payment-services.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import { requestDoorAccessSync } from '~/server/services/door-access/door-access-jobs.server'
import { getFileStorage } from '~/server/storage/get-file-storage.server'
import { authoriseBeforeBody } from './authorise-first'
import type { ApiDependencies, ApiEnv } from './context'
import { registerDocs } from './docs'
import { fieldErrorsFromZod, respondWithError, validationResponse } from './errors'
import { limitBodySize } from './middleware/body-limit'
import { csrfProtection } from './middleware/csrf'
import { refuseNul } from './middleware/refuse-nul'
import { loadSession } from './middleware/session'
import { registerAccessControlRoutes } from './routes/access-control'
import { registerAccountRoutes } from './routes/account'
import { registerAccountCostsRoutes } from './routes/account-costs'
import { registerAccountDetailsRoutes } from './routes/account-details'
import { registerAccountMembershipRoutes } from './routes/account-membership'
import { registerAccountPaymentRoutes } from './routes/account-payments'
import { registerAuthRoutes } from './routes/auth'
import { registerBillingDebuggingRoutes } from './routes/billing-debugging'
import { registerCardPaymentRoutes } from './routes/card-payments'
import { registerDashboardRoutes } from './routes/dashboard'
import { registerGymSwitchRoutes } from './routes/gyms'
import { registerJoinRoutes } from './routes/join'
import { registerMeRoutes } from './routes/me'
import { registerMemberRecordRoutes } from './routes/member-records'
import { registerMemberRoutes } from './routes/members'
import { registerMembershipRoutes } from './routes/membership'
import { registerOfferingRoutes } from './routes/offerings'
import { registerOrganisationRoutes } from './routes/organisations'
import { registerPaymentLinkRoutes } from './routes/payment-links'
import { registerPaymentMethodRoutes } from './routes/payment-methods'
import { registerPaymentRoutes } from './routes/payments'
import { registerPriceChangeRoutes } from './routes/price-changes'
import { registerPriceRoutes } from './routes/prices'
import { registerProfilePictureRoutes } from './routes/profile-pictures'
import { registerSearchRoutes } from './routes/search'
import { registerStaffRoutes } from './routes/staff'
import { registerSubscriptionPriceRoutes } from './routes/subscription-prices'
import { registerSubscriptionRoutes } from './routes/subscriptions'
import { registerSystemRoutes } from './routes/system'
import { registerTestSupportRoutes } from './routes/test-support'
import { registerVisitRoutes } from './routes/visits'
import { registerWebhookRoutes } from './routes/webhooks'

/**
 * The REST API of SPEC §7 (DESIGN §1–2). Every endpoint is declared with its zod contract, so
 * validation, the OpenAPI document and the handlers' types come from one place.
 */
const defaultDependencies: ApiDependencies = {
  database: getDatabase,
  clock: () => new Date(),
  mailer: createOutboxMailer,
  storage: getFileStorage,
  payments: (database) => createPaymentServices(getProviderConfig(), database.db),
  doors: (database) => createDoorProviders({ db: database.db }),
}

export function createApi(overrides: Partial<ApiDependencies> = {}) {
  const dependencies = { ...defaultDependencies, ...overrides }
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return
      // A path that names no possible record (a word where an id goes, an id past the database's
      // integer) names nothing that exists: 404, as for a missing record, not a 422 about the address.
      if (result.target === 'param') return c.json({ message: 'Not Found' }, 404)
      return validationResponse(c, fieldErrorsFromZod(result.error))
    },
  }).basePath(API_ROOT)
  // The path's record is authorised before the body is judged (ADR 057): set before any route is registered.
  authoriseBeforeBody(api)

  api.use(csrfProtection)
  api.use(limitBodySize)
  api.use(refuseNul)
  api.use(async (c, next) => {
    const database = await dependencies.database()
    c.set('database', database)
    c.set('mailer', dependencies.mailer(database))
    c.set('storage', dependencies.storage())
    c.set('payments', dependencies.payments(database))
    c.set('doors', dependencies.doors(database))
    c.set('now', dependencies.clock())
    await next()
    // A change may have queued people for the door access sync (ADR 029's triggers): run it now, so a
    // member who just paid (or was paused) finds the door answering accordingly within seconds.
    if (c.req.method !== 'GET' && c.res.status < 400) requestDoorAccessSync(database)
  })
  api.use(loadSession)

  registerSystemRoutes(api)
  registerAuthRoutes(api)
  registerBillingDebuggingRoutes(api)
  registerSubscriptionRoutes(api)
  registerSubscriptionPriceRoutes(api)
  registerOfferingRoutes(api)
  registerPriceRoutes(api)
  registerPriceChangeRoutes(api)
  registerOrganisationRoutes(api)
  registerGymSwitchRoutes(api)
  registerCardPaymentRoutes(api)
  registerSearchRoutes(api)
  registerMemberRoutes(api)
  // After the list's own paths (`/members/filter-options`), which `/members/{id}` would otherwise take.
  registerMemberRecordRoutes(api)
  registerPaymentRoutes(api)
  registerPaymentLinkRoutes(api)
  registerVisitRoutes(api)
  registerStaffRoutes(api)
  registerDashboardRoutes(api)
  registerProfilePictureRoutes(api)
  registerMeRoutes(api)
  registerJoinRoutes(api)
  registerPaymentMethodRoutes(api)
  registerMembershipRoutes(api)
  registerAccountRoutes(api)
  registerAccountPaymentRoutes(api)
  registerAccountMembershipRoutes(api)
  registerAccountCostsRoutes(api)
  registerAccountDetailsRoutes(api)
  registerAccessControlRoutes(api)
  registerWebhookRoutes(api)
  // Browser tests' own data (never in a deployment: see test-support.routes.ts).
  if (getEnv().TEST_SUPPORT_ROUTES) registerTestSupportRoutes(api)
  registerDocs(api)

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Gymbase API',
      version: '0.1.0',
      description: 'Membership and recurring billing for gym organisations. Money is integer cents.',
    },
  })

  api.notFound((c) => c.json({ message: 'Not Found' }, 404))
  api.onError((error, c) => respondWithError(c, error))
  return api
}

export type Api = ReturnType<typeof createApi>

let instance: Api | undefined

/** The process-wide API, built on first use. */
export function getApi(): Api {
  instance ??= createApi()
  return instance
}

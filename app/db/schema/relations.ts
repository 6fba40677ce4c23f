import { relations } from 'drizzle-orm'
import { auditLog } from './audit'
import { oneTimeCodes, sessions, trustedBrowsers } from './auth'
import { destinationAccounts, gyms } from './gyms'
import { accessControlIntegrations, doorIntegrations, places } from './integrations'
import { offeringGyms, offeringHours, offerings } from './offerings'
import { organisations } from './organisations'
import { paymentAttempts, payments } from './payments'
import { prices } from './prices'
import { staffGymRoles } from './staff'
import { priceChangeHistory, subscriptionPauses, subscriptions } from './subscriptions'
import { ageBypassLinks, paymentMethods, privatePriceLinks, users } from './users'
import { visits } from './visits'

// Relations for Drizzle's relational queries (`db.query.users.findFirst({ with: … })`). They add no
// constraints; the foreign keys are declared on the tables. Where two tables are linked twice, the
// `relationName` pairs each `one` with its `many`.

export const organisationsRelations = relations(organisations, ({ many }) => ({
  gyms: many(gyms),
  users: many(users),
  offerings: many(offerings),
  prices: many(prices),
  accessControlIntegrations: many(accessControlIntegrations),
  ageBypassLinks: many(ageBypassLinks),
}))

export const gymsRelations = relations(gyms, ({ one, many }) => ({
  organisation: one(organisations, { fields: [gyms.organisationId], references: [organisations.id] }),
  destinationAccounts: many(destinationAccounts),
  places: many(places),
  doors: many(doorIntegrations),
  staffRoles: many(staffGymRoles),
  offeringGyms: many(offeringGyms),
  prices: many(prices),
  subscriptions: many(subscriptions),
}))

export const destinationAccountsRelations = relations(destinationAccounts, ({ one }) => ({
  gym: one(gyms, { fields: [destinationAccounts.gymId], references: [gyms.id] }),
}))

export const accessControlIntegrationsRelations = relations(accessControlIntegrations, ({ one, many }) => ({
  organisation: one(organisations, {
    fields: [accessControlIntegrations.organisationId],
    references: [organisations.id],
  }),
  places: many(places),
  doors: many(doorIntegrations),
}))

export const placesRelations = relations(places, ({ one, many }) => ({
  gym: one(gyms, { fields: [places.gymId], references: [gyms.id] }),
  integration: one(accessControlIntegrations, {
    fields: [places.accessControlIntegrationId],
    references: [accessControlIntegrations.id],
  }),
  doors: many(doorIntegrations),
}))

export const doorIntegrationsRelations = relations(doorIntegrations, ({ one }) => ({
  gym: one(gyms, { fields: [doorIntegrations.gymId], references: [gyms.id] }),
  place: one(places, { fields: [doorIntegrations.placeId], references: [places.id] }),
  integration: one(accessControlIntegrations, {
    fields: [doorIntegrations.accessControlIntegrationId],
    references: [accessControlIntegrations.id],
  }),
}))

export const usersRelations = relations(users, ({ one, many }) => ({
  organisation: one(organisations, { fields: [users.organisationId], references: [organisations.id] }),
  currentGym: one(gyms, { fields: [users.currentGymId], references: [gyms.id] }),
  homeGym: one(gyms, { fields: [users.homeGymId], references: [gyms.id] }),
  defaultPaymentMethod: one(paymentMethods, {
    fields: [users.defaultPaymentMethodId],
    references: [paymentMethods.id],
    relationName: 'defaultPaymentMethod',
  }),
  paymentMethods: many(paymentMethods, { relationName: 'paymentMethodOwner' }),
  staffGymRoles: many(staffGymRoles),
  subscriptions: many(subscriptions),
  payments: many(payments, { relationName: 'paymentPayer' }),
  visits: many(visits),
  sessions: many(sessions),
  oneTimeCodes: many(oneTimeCodes),
  trustedBrowsers: many(trustedBrowsers),
  priceChangeHistory: many(priceChangeHistory, { relationName: 'priceChangeMember' }),
}))

export const staffGymRolesRelations = relations(staffGymRoles, ({ one }) => ({
  user: one(users, { fields: [staffGymRoles.userId], references: [users.id] }),
  gym: one(gyms, { fields: [staffGymRoles.gymId], references: [gyms.id] }),
}))

export const offeringsRelations = relations(offerings, ({ one, many }) => ({
  organisation: one(organisations, { fields: [offerings.organisationId], references: [organisations.id] }),
  gyms: many(offeringGyms),
  hours: many(offeringHours),
  prices: many(prices),
}))

export const offeringGymsRelations = relations(offeringGyms, ({ one }) => ({
  offering: one(offerings, { fields: [offeringGyms.offeringId], references: [offerings.id] }),
  gym: one(gyms, { fields: [offeringGyms.gymId], references: [gyms.id] }),
}))

export const offeringHoursRelations = relations(offeringHours, ({ one }) => ({
  offering: one(offerings, { fields: [offeringHours.offeringId], references: [offerings.id] }),
}))

export const pricesRelations = relations(prices, ({ one, many }) => ({
  organisation: one(organisations, { fields: [prices.organisationId], references: [organisations.id] }),
  offering: one(offerings, { fields: [prices.offeringId], references: [offerings.id] }),
  gym: one(gyms, { fields: [prices.gymId], references: [gyms.id] }),
  privateLinks: many(privatePriceLinks),
  subscriptions: many(subscriptions, { relationName: 'subscriptionPrice' }),
}))

export const privatePriceLinksRelations = relations(privatePriceLinks, ({ one }) => ({
  price: one(prices, { fields: [privatePriceLinks.priceId], references: [prices.id] }),
}))

export const ageBypassLinksRelations = relations(ageBypassLinks, ({ one }) => ({
  organisation: one(organisations, {
    fields: [ageBypassLinks.organisationId],
    references: [organisations.id],
  }),
}))

export const paymentMethodsRelations = relations(paymentMethods, ({ one }) => ({
  user: one(users, {
    fields: [paymentMethods.userId],
    references: [users.id],
    relationName: 'paymentMethodOwner',
  }),
  gym: one(gyms, { fields: [paymentMethods.gymId], references: [gyms.id] }),
}))

export const subscriptionsRelations = relations(subscriptions, ({ one, many }) => ({
  user: one(users, { fields: [subscriptions.userId], references: [users.id] }),
  gym: one(gyms, { fields: [subscriptions.gymId], references: [gyms.id] }),
  price: one(prices, {
    fields: [subscriptions.priceId],
    references: [prices.id],
    relationName: 'subscriptionPrice',
  }),
  transitionToPrice: one(prices, { fields: [subscriptions.transitionToPriceId], references: [prices.id] }),
  privatePriceLink: one(privatePriceLinks, {
    fields: [subscriptions.privatePriceLinkId],
    references: [privatePriceLinks.id],
  }),
  pauses: many(subscriptionPauses),
  payments: many(payments, { relationName: 'subscriptionPayments' }),
  priceChanges: many(priceChangeHistory, { relationName: 'subscriptionPriceChanges' }),
}))

export const subscriptionPausesRelations = relations(subscriptionPauses, ({ one }) => ({
  subscription: one(subscriptions, {
    fields: [subscriptionPauses.subscriptionId],
    references: [subscriptions.id],
  }),
}))

export const priceChangeHistoryRelations = relations(priceChangeHistory, ({ one }) => ({
  subscription: one(subscriptions, {
    fields: [priceChangeHistory.subscriptionId],
    references: [subscriptions.id],
    relationName: 'subscriptionPriceChanges',
  }),
  user: one(users, {
    fields: [priceChangeHistory.userId],
    references: [users.id],
    relationName: 'priceChangeMember',
  }),
  fromPrice: one(prices, { fields: [priceChangeHistory.fromPriceId], references: [prices.id] }),
  toPrice: one(prices, { fields: [priceChangeHistory.toPriceId], references: [prices.id] }),
}))

export const paymentsRelations = relations(payments, ({ one, many }) => ({
  subscription: one(subscriptions, {
    fields: [payments.subscriptionId],
    references: [subscriptions.id],
    relationName: 'subscriptionPayments',
  }),
  user: one(users, { fields: [payments.userId], references: [users.id], relationName: 'paymentPayer' }),
  gym: one(gyms, { fields: [payments.gymId], references: [gyms.id] }),
  paymentMethod: one(paymentMethods, { fields: [payments.paymentMethodId], references: [paymentMethods.id] }),
  destinationAccount: one(destinationAccounts, {
    fields: [payments.destinationAccountId],
    references: [destinationAccounts.id],
  }),
  processedBy: one(users, { fields: [payments.processedByUserId], references: [users.id] }),
  attempts: many(paymentAttempts),
}))

export const paymentAttemptsRelations = relations(paymentAttempts, ({ one }) => ({
  payment: one(payments, { fields: [paymentAttempts.paymentId], references: [payments.id] }),
}))

export const visitsRelations = relations(visits, ({ one }) => ({
  user: one(users, { fields: [visits.userId], references: [users.id] }),
  gym: one(gyms, { fields: [visits.gymId], references: [gyms.id] }),
  door: one(doorIntegrations, { fields: [visits.doorIntegrationId], references: [doorIntegrations.id] }),
}))

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}))

export const oneTimeCodesRelations = relations(oneTimeCodes, ({ one }) => ({
  user: one(users, { fields: [oneTimeCodes.userId], references: [users.id] }),
}))

export const trustedBrowsersRelations = relations(trustedBrowsers, ({ one }) => ({
  user: one(users, { fields: [trustedBrowsers.userId], references: [users.id] }),
}))

export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actor: one(users, { fields: [auditLog.actorUserId], references: [users.id] }),
}))

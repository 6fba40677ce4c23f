// The one aggregation module in the project (no barrel files otherwise): Drizzle's `schema` option needs
// every table and relation in a single object for relational queries. Import tables from here or from
// their area file; import enum consts from './schema/enums'.
export * from './schema/audit'
export * from './schema/auth'
export * from './schema/gyms'
export * from './schema/integrations'
export * from './schema/mail'
export * from './schema/offerings'
export * from './schema/organisations'
export * from './schema/payment-methods'
export * from './schema/payments'
export * from './schema/prices'
export * from './schema/relations'
export * from './schema/staff'
export * from './schema/subscriptions'
export * from './schema/users'
export * from './schema/visits'
export * from './schema/webhooks'

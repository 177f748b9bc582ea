import { customType } from 'drizzle-orm/pg-core'

/** Bytes kept in the row (attachments, exports, public keys), read back as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

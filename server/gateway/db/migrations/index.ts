import type { Migration } from 'kysely';
import { coreMigrations } from './core';
import { messagesMigrations } from '../../messages/tables';
import { afterSaleNamesMigrations } from '../../operations/after-sale-names-tables';
import { mirrorMigrations } from '../../mirror/tables';
import { salesMigrations } from '../../mirror/sales';
import { searchMigrations } from '../../search/tables';
import { importsMigrations } from '../../imports/tables';
import { goodsMigrations } from '../../goods/tables';
import { shipmentsMigrations } from '../../shipments/tables';
import { exceptionsMigrations } from '../../exceptions/tables';
import { pricingMigrations } from '../../pricing/tables';

/**
 * Every migration of the gateway's database, by name; Kysely's migrator runs them in name order,
 * once each (with PostgreSQL under an advisory lock, so gateways starting together do not race).
 * A module with its own tables exports its record from its own file and spreads it in here, named
 * `YYYYMMDDHHMM_<module>_<what>` (UTC, later than every name above it).
 */
export const GATEWAY_MIGRATIONS: Record<string, Migration> = {
  ...coreMigrations,
  ...messagesMigrations,
  ...afterSaleNamesMigrations,
  ...mirrorMigrations,
  ...searchMigrations,
  ...importsMigrations,
  ...goodsMigrations,
  ...shipmentsMigrations,
  ...exceptionsMigrations,
  ...pricingMigrations,
  ...salesMigrations,
};

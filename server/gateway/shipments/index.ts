export { shipmentsMigrations } from './tables';
export { shipmentsRoutes } from './routes';
export { ShipmentStore, writePackages, learnCouriers, dayStart } from './store';
export { packagesOf } from './packages';

export { cityAirRoutes } from './city-air.routes';
export {
  CurrentSnapshot,
  HOUR_INGESTED_CHANNEL,
  notifyHourIngested,
  type SnapshotData,
} from './current-snapshot';
export { currentSnapshotFor } from './snapshot-registry';

import { defineModule } from '../../../platform/module';
import { readIngestSettings } from './ingest.settings';

export * from './china-sites-file';
export * from './city-resolver';
export * from './cnemc-file';
export * from './fetcher';
export * from './importer';
export { IMPORT_URL_PLACEHOLDERS, type IngestSettings, readIngestSettings } from './ingest.settings';
export * from './qc';
export * from './station-list';

/**
 * The national monitoring centre's release (CSV, GeoJSON), china_sites files and station lists:
 * readers, the archive fetcher, the importer (`npm run -s lantian -- import`) and the QC check.
 * No routes: imports run from the command line; its settings are checked at start-up.
 */
export const ingest = defineModule({
  name: 'ingest',
  settings: readIngestSettings,
  create() {
    return { api: {} };
  },
});

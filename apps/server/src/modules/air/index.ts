export * from './aggregation.service';
export * from './air.repository';
export type * from './air.tables';
export * from './hour-events';

import { type OperatorCaller, operatorCallerOf } from '../../../platform/http/principal';

/** Who is asking, for the report services. */
export type ReportHandler = OperatorCaller;
export const handlerOf = operatorCallerOf;

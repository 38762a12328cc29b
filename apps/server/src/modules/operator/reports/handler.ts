import type { FastifyRequest } from 'fastify';
import { actorOf, type OperatorPrincipal, operatorOf } from '../../../platform/http/principal';
import type { AuditActor } from '../audit';

/** Who is asking, for the services: the operator (scope, permissions), the audit's actor, the address. */
export interface ReportHandler {
  principal: OperatorPrincipal;
  actor: AuditActor;
  ip: string;
}

export const handlerOf = (request: FastifyRequest): ReportHandler => ({
  principal: operatorOf(request),
  actor: actorOf(request),
  ip: request.ip,
});

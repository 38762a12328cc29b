import { areaByCode } from '@lantian/areas';
import type { OrgNode } from '@lantian/contracts';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, COUNTRY_AREA, inScope } from '../../../platform/db/area-scope';
import { conflict, invalidField, notFound } from '../../../platform/errors';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import { randomId } from '../../../platform/security/secrets';
import type { AuditLog } from '../audit';
import { actorOfPrincipal } from './grants';
import { orgForest } from './operators.presenters';
import type { Org, OrgsRepository } from './orgs.repository';

/** An area code the areas list knows (or the whole country). */
function knownArea(code: string): boolean {
  return code === COUNTRY_AREA || areaByCode(code) !== undefined;
}

/** The organisation tree within the reader's area; changes stay inside the editor's area and the parent's. */
export class OrgsService {
  constructor(
    private readonly orgs: OrgsRepository,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async tree(scope: AreaScope): Promise<OrgNode[]> {
    const [orgs, counts] = await Promise.all([this.orgs.all(scope), this.orgs.operatorCounts()]);
    return orgForest(orgs, counts);
  }

  /** The organisations inside the scope, flat (pickers of other modules; no operator counts). */
  list(scope: AreaScope): Promise<Org[]> {
    return this.orgs.all(scope);
  }

  /** An organisation inside the scope, or 404 (one outside is not revealed). */
  async inScope(id: string, scope: AreaScope): Promise<Org> {
    const org = await this.orgs.byId(id);
    if (org === undefined || !inScope(org.area_code, scope)) throw notFound('未找到该组织');
    return org;
  }

  async create(
    input: { parentId: string; name: string; areaCode: string },
    principal: OperatorPrincipal,
    ip: string,
  ): Promise<OrgNode> {
    const parent = await this.inScope(input.parentId, principal.scope);
    this.checkArea(input.areaCode, parent);
    const now = this.now();
    const org: Org = {
      id: randomId(),
      parent_id: parent.id,
      name: input.name,
      area_code: input.areaCode,
      created_at: now,
      updated_at: now,
    };
    await this.orgs.insert(org);
    const [node] = orgForest([org], new Map());
    if (node === undefined) throw notFound('未找到该组织');
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'org.create',
      target: { type: 'org', id: org.id, name: org.name },
      after: { ...node, children: undefined },
    });
    return node;
  }

  async update(
    input: { id: string; name: string; areaCode: string },
    principal: OperatorPrincipal,
    ip: string,
  ): Promise<OrgNode> {
    const org = await this.inScope(input.id, principal.scope);
    const parent = org.parent_id === null ? undefined : await this.orgs.byId(org.parent_id);
    if (parent === undefined && input.areaCode !== org.area_code) {
      throw invalidField('areaCode', '根组织的区域不能修改');
    }
    if (parent !== undefined) this.checkArea(input.areaCode, parent);
    if (!inScope(input.areaCode, principal.scope)) throw invalidField('areaCode', '超出本人所辖区域');
    const updated: Org = { ...org, name: input.name, area_code: input.areaCode, updated_at: this.now() };
    await this.orgs.update(org.id, {
      name: updated.name,
      area_code: updated.area_code,
      updated_at: updated.updated_at,
    });
    const [before] = orgForest([org], new Map());
    const [after] = orgForest([updated], new Map());
    if (after === undefined) throw notFound('未找到该组织');
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'org.update',
      target: { type: 'org', id: org.id, name: updated.name },
      before: { ...before, children: undefined },
      after: { ...after, children: undefined },
    });
    return after;
  }

  async delete(id: string, principal: OperatorPrincipal, ip: string): Promise<void> {
    const org = await this.inScope(id, principal.scope);
    if (org.parent_id === null) throw conflict('根组织不能删除');
    if ((await this.orgs.childCount(id)) > 0) throw conflict('请先删除下级组织');
    const operators = (await this.orgs.operatorCounts()).get(id) ?? 0;
    if (operators > 0) throw conflict(`该组织还有 ${operators} 位运营人员，请先调整他们的组织`);
    await this.orgs.delete(id);
    const [before] = orgForest([org], new Map());
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'org.delete',
      target: { type: 'org', id, name: org.name },
      before: { ...before, children: undefined },
    });
  }

  /** A child's area is a known one inside its parent's area. */
  private checkArea(areaCode: string, parent: Org): void {
    if (!knownArea(areaCode)) throw invalidField('areaCode', '未知的区划代码');
    if (!inScope(areaCode, { areaCode: parent.area_code })) throw invalidField('areaCode', '应在上级组织的区域之内');
  }
}

import { type OrgNode, orgTreeResponse, roleOptionsResponse } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';

/**
 * Lists that several sections pick from: the organisation tree (the operator's own organisation and
 * below) and the roles. Shared so that each is fetched once and refreshed together after a change.
 */

export const lookupKeys = {
  orgTree: ['lookups', 'org-tree'] as const,
  roles: ['lookups', 'roles'] as const,
};

export const getOrgTree = (signal?: AbortSignal) => apiGet('/adm/org/votreeData', {}, orgTreeResponse, { signal });
export const getRoleOptions = (signal?: AbortSignal) =>
  apiGet('/sys/role/options', {}, roleOptionsResponse, { signal });

export function useOrgTree() {
  return useQuery({ queryKey: lookupKeys.orgTree, queryFn: ({ signal }) => getOrgTree(signal), staleTime: 60_000 });
}

export function useRoleOptions() {
  return useQuery({ queryKey: lookupKeys.roles, queryFn: ({ signal }) => getRoleOptions(signal), staleTime: 60_000 });
}

export interface OrgTreeOption {
  value: string;
  title: string;
  children: OrgTreeOption[];
}

/** The organisation tree as antd TreeSelect options: "name（area）". */
export function orgTreeOptions(nodes: readonly OrgNode[]): OrgTreeOption[] {
  return nodes.map((n) => ({ value: n.id, title: `${n.name}（${n.areaName}）`, children: orgTreeOptions(n.children) }));
}

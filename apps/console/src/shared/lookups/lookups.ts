import { gridTreeResponse, type OrgNode, orgTreeResponse, roleOptionsResponse } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../api';
import { areaOptions } from './areas';

/**
 * Lists that several sections pick from: the organisation tree (the operator's own organisation and
 * below) and the roles. Shared so that each is fetched once and refreshed together after a change.
 */

export const lookupKeys = {
  orgTree: ['lookups', 'org-tree'] as const,
  roles: ['lookups', 'roles'] as const,
  areaTree: ['lookups', 'area-tree'] as const,
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

export const getAreaTree = (signal?: AbortSignal) => apiGet('/sys/area/tree', {}, gridTreeResponse, { signal });

/** The administrative areas of the operator's area, as cascader options (device sites, report areas). */
export function useAreaOptions() {
  const tree = useQuery({
    queryKey: lookupKeys.areaTree,
    queryFn: ({ signal }) => getAreaTree(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = useMemo(() => areaOptions(tree.data ?? []), [tree.data]);
  return { options, loading: tree.isPending, error: tree.error };
}

import { Button, Space, Tag, Tooltip, Tree } from 'antd';
import { useMemo } from 'react';
import { type Catalog, type PermissionNode, permissionsOfChecked, permissionTree } from './permission-tree';

interface Props {
  catalog: Catalog;
  /** The permissions the signed-in operator holds: only these can be granted. */
  grantable: ReadonlySet<string>;
  /** A form control: the role's permission codes. */
  value?: string[];
  onChange?(value: string[]): void;
  disabled?: boolean;
}

/** Permissions as a tree of checkboxes, platform → its screens and actions; a platform ticks all of its own. */
export function PermissionPicker({ catalog, grantable, value = [], onChange, disabled = false }: Props) {
  const tree = useMemo(() => permissionTree(catalog, grantable), [catalog, grantable]);
  const reachable = useMemo(() => catalog.permissions.filter((p) => grantable.has(p.code)), [catalog, grantable]);
  const set = (codes: readonly (string | number | bigint)[]) => onChange?.(permissionsOfChecked(codes, catalog));

  return (
    <div className="lt-permission-picker">
      <Space className="lt-permission-toolbar" size="small">
        <span className="lt-muted">
          已选 {value.length} / {catalog.permissions.length} 项
        </span>
        {!disabled && (
          <>
            <Button size="small" type="link" onClick={() => set([...value, ...reachable.map((p) => p.code)])}>
              全选
            </Button>
            <Button
              size="small"
              type="link"
              // Out-of-reach permissions cannot be unticked here either: the server would refuse the role anyway.
              onClick={() => set(value.filter((code) => !grantable.has(code)))}
            >
              清空
            </Button>
          </>
        )}
      </Space>
      <Tree<PermissionNode>
        checkable
        selectable={false}
        disabled={disabled}
        defaultExpandAll
        treeData={tree}
        checkedKeys={value}
        onCheck={(checked) => set(Array.isArray(checked) ? checked : checked.checked)}
        titleRender={(node) => <PermissionTitle node={node} />}
      />
    </div>
  );
}

function PermissionTitle({ node }: { node: PermissionNode }) {
  const title = (
    <span>
      {node.title}
      {node.kind === 'action' && (
        <Tag className="lt-permission-kind" color="blue" variant="outlined">
          操作
        </Tag>
      )}
    </span>
  );
  if (node.kind === 'platform' || !node.disableCheckbox) return title;
  return <Tooltip title="您没有此权限，不能授予他人">{title}</Tooltip>;
}

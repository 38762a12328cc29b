import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  PlusOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { KonvaStage } from '@lantian/contracts';
import { Button, Input, Radio, Space, Tooltip, Typography } from 'antd';

/** 图层: the layers (shown or hidden, locked or not, renamed), the active one, and the shapes on it. */

interface Props {
  stage: KonvaStage;
  activeLayer: string;
  selected: readonly string[];
  onActivate: (layerId: string) => void;
  onLayerChange: (layerId: string, patch: { name?: string; visible?: boolean; locked?: boolean }) => void;
  onAddLayer: () => void;
  onRemoveLayer: (layerId: string) => void;
  onSelect: (id: string) => void;
  onReorder: (direction: 1 | -1) => void;
}

const label = (node: { className: string; attrs: { id: string; name?: string | undefined } }) =>
  node.attrs.name ?? `${node.className} ${node.attrs.id}`;

export function LayersPanel(props: Props) {
  const { stage, activeLayer } = props;
  const layer = stage.children.find((l) => l.attrs.id === activeLayer) ?? stage.children[0];
  return (
    <div className="lt-layers">
      <Space className="lt-panel-title">
        <Typography.Text strong>图层</Typography.Text>
        <Button size="small" icon={<PlusOutlined />} onClick={props.onAddLayer} aria-label="新建图层" />
      </Space>
      <Radio.Group
        value={activeLayer}
        onChange={(e) => props.onActivate(e.target.value as string)}
        className="lt-layer-list"
      >
        {[...stage.children].reverse().map((l) => (
          <div key={l.attrs.id} className="lt-layer-row">
            <Radio value={l.attrs.id} aria-label={`当前图层 ${l.attrs.name}`} />
            <Input
              size="small"
              variant="borderless"
              aria-label="图层名称"
              value={l.attrs.name}
              maxLength={60}
              onChange={(e) => props.onLayerChange(l.attrs.id, { name: e.target.value })}
            />
            <Tooltip title={l.attrs.visible ? '隐藏' : '显示'}>
              <Button
                size="small"
                type="text"
                aria-label={`${l.attrs.visible ? '隐藏' : '显示'}图层 ${l.attrs.name}`}
                icon={l.attrs.visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                onClick={() => props.onLayerChange(l.attrs.id, { visible: !l.attrs.visible })}
              />
            </Tooltip>
            <Tooltip title={l.attrs.locked ? '解锁' : '锁定'}>
              <Button
                size="small"
                type="text"
                aria-label={`${l.attrs.locked ? '解锁' : '锁定'}图层 ${l.attrs.name}`}
                icon={l.attrs.locked ? <LockOutlined /> : <UnlockOutlined />}
                onClick={() => props.onLayerChange(l.attrs.id, { locked: !l.attrs.locked })}
              />
            </Tooltip>
            <Button
              size="small"
              type="text"
              danger
              disabled={stage.children.length <= 1}
              aria-label={`删除图层 ${l.attrs.name}`}
              icon={<DeleteOutlined />}
              onClick={() => props.onRemoveLayer(l.attrs.id)}
            />
          </div>
        ))}
      </Radio.Group>
      <Space className="lt-panel-title">
        <Typography.Text strong>图元</Typography.Text>
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label="上移一层"
          onClick={() => props.onReorder(1)}
          disabled={props.selected.length !== 1}
        />
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label="下移一层"
          onClick={() => props.onReorder(-1)}
          disabled={props.selected.length !== 1}
        />
      </Space>
      <ul className="lt-node-list" aria-label="图元列表">
        {[...(layer?.children ?? [])].reverse().map((node) => (
          <li key={node.attrs.id}>
            <button
              type="button"
              className={props.selected.includes(node.attrs.id) ? 'lt-node is-selected' : 'lt-node'}
              onClick={() => props.onSelect(node.attrs.id)}
            >
              {label(node)}
              {node.attrs.binding !== undefined && <span className="lt-node-bound"> · 绑定</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

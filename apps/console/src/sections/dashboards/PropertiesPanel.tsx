import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ANIMATIONS, type Binding, type KonvaNode, type NodeAttrs } from '@lantian/contracts';
import { Button, ColorPicker, Divider, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { DataSource } from './dashboards.api';

/**
 * The selected shape's attributes, and for a bound shape its device, factor, format and thresholds.
 * Each change is one step of the history (undo takes it back).
 */

interface Props {
  node: KonvaNode;
  sources: readonly DataSource[];
  onChange: (patch: Partial<NodeAttrs>) => void;
}

const ANIMATION_OPTIONS = Object.entries(ANIMATIONS).map(([value, label]) => ({ value, label }));

function Color({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (hex: string) => void;
}) {
  return (
    <Form.Item label={label}>
      <ColorPicker
        value={value ?? '#ffffff'}
        showText
        aria-label={label}
        onChangeComplete={(color) => onChange(color.toHexString())}
      />
    </Form.Item>
  );
}

function Num({
  label,
  value,
  onChange,
  min,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  min?: number;
}) {
  return (
    <Form.Item label={label}>
      <InputNumber
        aria-label={label}
        value={value}
        min={min}
        onChange={(v) => {
          if (typeof v === 'number' && Number.isFinite(v)) onChange(v);
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

export function PropertiesPanel({ node, sources, onChange }: Props) {
  const a = node.attrs;
  const sized = node.className === 'Rect' || node.className === 'Image' || node.className === 'Text';
  return (
    <Form layout="vertical" size="small" className="lt-props" aria-label="图元属性">
      <Typography.Text type="secondary">
        {node.className} · {a.id}
      </Typography.Text>
      <Form.Item label="名称">
        <Input
          aria-label="名称"
          value={a.name ?? ''}
          maxLength={60}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Form.Item>
      <Space.Compact block>
        <Num label="X" value={a.x} onChange={(x) => onChange({ x })} />
        <Num label="Y" value={a.y} onChange={(y) => onChange({ y })} />
      </Space.Compact>
      {sized && (
        <Space.Compact block>
          <Num label="宽" min={0} value={a.width} onChange={(width) => onChange({ width })} />
          <Num label="高" min={0} value={a.height} onChange={(height) => onChange({ height })} />
        </Space.Compact>
      )}
      {node.className === 'Circle' && (
        <Num label="半径" min={0} value={a.radius} onChange={(radius) => onChange({ radius })} />
      )}
      {node.className === 'Text' && a.binding === undefined && (
        <Form.Item label="文字">
          <Input.TextArea
            aria-label="文字"
            value={a.text ?? ''}
            maxLength={2000}
            autoSize
            onChange={(e) => onChange({ text: e.target.value })}
          />
        </Form.Item>
      )}
      {node.className === 'Text' && (
        <Num label="字号" min={1} value={a.fontSize} onChange={(fontSize) => onChange({ fontSize })} />
      )}
      {node.className !== 'Image' && <Color label="填充" value={a.fill} onChange={(fill) => onChange({ fill })} />}
      {node.className !== 'Text' && node.className !== 'Image' && (
        <>
          <Color label="描边" value={a.stroke} onChange={(stroke) => onChange({ stroke })} />
          <Num label="描边宽度" min={0} value={a.strokeWidth} onChange={(strokeWidth) => onChange({ strokeWidth })} />
        </>
      )}
      <Num label="旋转（度）" value={a.rotation ?? 0} onChange={(rotation) => onChange({ rotation })} />
      <Form.Item label="动画">
        <Select
          aria-label="动画"
          value={a.animation ?? 'none'}
          options={ANIMATION_OPTIONS}
          onChange={(animation: NodeAttrs['animation']) => onChange({ animation })}
        />
      </Form.Item>
      {a.binding !== undefined && (
        <BindingFields binding={a.binding} sources={sources} onChange={(binding) => onChange({ binding })} />
      )}
    </Form>
  );
}

function BindingFields({
  binding,
  sources,
  onChange,
}: {
  binding: Binding;
  sources: readonly DataSource[];
  onChange: (binding: Binding) => void;
}) {
  const device = sources.find((s) => s.deviceId === binding.deviceId);
  const set = (patch: Partial<Binding>) => onChange({ ...binding, ...patch });
  return (
    <>
      <Divider plain>数据绑定</Divider>
      <Form.Item label="设备">
        <Select
          aria-label="绑定设备"
          showSearch
          optionFilterProp="label"
          placeholder="选择设备"
          value={binding.deviceId === '' ? undefined : binding.deviceId}
          options={sources.map((s) => ({
            value: s.deviceId,
            label: `${s.name}（${s.mn}）${s.online ? '' : ' · 离线'}`,
          }))}
          onChange={(deviceId: string) => set({ deviceId, factor: '' })}
        />
      </Form.Item>
      <Form.Item label="监测因子">
        <Select
          aria-label="绑定因子"
          placeholder="选择因子"
          value={binding.factor === '' ? undefined : binding.factor}
          options={(device?.factors ?? []).map((f) => ({ value: f.code, label: `${f.name}（${f.code}）` }))}
          onChange={(factor: string) =>
            set({ factor, unit: device?.factors.find((f) => f.code === factor)?.unit ?? binding.unit })
          }
        />
      </Form.Item>
      <Space.Compact block>
        <Num
          label="小数位"
          min={0}
          value={binding.decimals}
          onChange={(decimals) => set({ decimals: Math.min(6, Math.round(decimals)) })}
        />
        <Form.Item label="单位">
          <Input
            aria-label="单位"
            value={binding.unit}
            maxLength={20}
            onChange={(e) => set({ unit: e.target.value })}
          />
        </Form.Item>
      </Space.Compact>
      <Typography.Text strong>阈值（达到即变色）</Typography.Text>
      {binding.thresholds.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: thresholds have no id; their order is their identity
        <Space key={i} className="lt-threshold">
          <InputNumber
            aria-label={`阈值 ${i + 1}`}
            value={t.min}
            onChange={(v) => {
              if (typeof v !== 'number') return;
              set({ thresholds: binding.thresholds.map((x, j) => (j === i ? { ...x, min: v } : x)) });
            }}
          />
          <ColorPicker
            value={t.color}
            aria-label={`阈值 ${i + 1} 颜色`}
            onChangeComplete={(c) =>
              set({ thresholds: binding.thresholds.map((x, j) => (j === i ? { ...x, color: c.toHexString() } : x)) })
            }
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`删除阈值 ${i + 1}`}
            onClick={() => set({ thresholds: binding.thresholds.filter((_, j) => j !== i) })}
          />
        </Space>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={binding.thresholds.length >= 10}
        onClick={() => set({ thresholds: [...binding.thresholds, { min: 75, color: '#ff0000' }] })}
      >
        添加阈值
      </Button>
    </>
  );
}

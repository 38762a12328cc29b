import type { Binding, KonvaLayer, KonvaNode, KonvaStage, NodeAttrs, NodeClass } from '@lantian/contracts';

/**
 * The drawing as the editor changes it: pure functions from one stage to the next (the history keeps
 * every one), with ids unique in the stage.
 */

export type Tool = 'rect' | 'circle' | 'text' | 'value' | 'lamp' | 'pipe' | 'arrow' | 'image';

export const TOOLS: ReadonlyArray<{ tool: Tool; label: string }> = [
  { tool: 'rect', label: '矩形' },
  { tool: 'circle', label: '圆形' },
  { tool: 'text', label: '文字' },
  { tool: 'value', label: '数值' },
  { tool: 'lamp', label: '指示灯' },
  { tool: 'pipe', label: '管道' },
  { tool: 'arrow', label: '箭头' },
];

export function allIds(stage: KonvaStage): Set<string> {
  return new Set(stage.children.flatMap((layer) => [layer.attrs.id, ...layer.children.map((n) => n.attrs.id)]));
}

/** A fresh id: `prefix-N` with the smallest N not used. */
export function freshId(stage: KonvaStage, prefix: string, taken: Set<string> = allIds(stage)): string {
  for (let n = 1; ; n++) {
    const id = `${prefix}-${n}`;
    if (!taken.has(id)) return id;
  }
}

const EMPTY_BINDING: Binding = { deviceId: '', factor: '', decimals: 1, prefix: '', unit: '', thresholds: [] };

/** A new node of a tool, its top-left at (x, y). */
export function newNode(stage: KonvaStage, tool: Tool, x: number, y: number, resourceId?: string): KonvaNode {
  const id = freshId(stage, tool);
  const at = { id, x: Math.round(x), y: Math.round(y) };
  const make = (className: NodeClass, attrs: Omit<NodeAttrs, 'id' | 'x' | 'y'>): KonvaNode => ({
    className,
    attrs: { ...at, ...attrs },
  });
  switch (tool) {
    case 'rect':
      return make('Rect', {
        width: 160,
        height: 90,
        fill: '#1e3a5f',
        stroke: '#4fc3f7',
        strokeWidth: 2,
        cornerRadius: 6,
      });
    case 'circle':
      return make('Circle', { radius: 40, fill: '#1e3a5f', stroke: '#4fc3f7', strokeWidth: 2 });
    case 'text':
      return make('Text', { text: '标题文字', fontSize: 28, fill: '#ffffff' });
    case 'value':
      return make('Text', { name: '监测值', text: '--', fontSize: 40, fill: '#00e400', binding: { ...EMPTY_BINDING } });
    case 'lamp':
      return make('Circle', {
        name: '指示灯',
        radius: 18,
        fill: '#888888',
        stroke: '#ffffff',
        strokeWidth: 2,
        binding: { ...EMPTY_BINDING, decimals: 0 },
      });
    case 'pipe':
      return make('Line', {
        name: '管道',
        points: [0, 0, 240, 0],
        stroke: '#29b6f6',
        strokeWidth: 10,
        animation: 'flow',
      });
    case 'arrow':
      return make('Arrow', {
        points: [0, 0, 160, 0],
        stroke: '#ffffff',
        fill: '#ffffff',
        strokeWidth: 3,
        pointerLength: 12,
        pointerWidth: 12,
      });
    case 'image':
      return make('Image', { width: 120, height: 120, ...(resourceId === undefined ? {} : { resourceId }) });
  }
}

export function findNode(stage: KonvaStage, id: string): { node: KonvaNode; layer: KonvaLayer } | undefined {
  for (const layer of stage.children) {
    const node = layer.children.find((n) => n.attrs.id === id);
    if (node !== undefined) return { node, layer };
  }
  return undefined;
}

function mapLayers(stage: KonvaStage, change: (layer: KonvaLayer) => KonvaLayer): KonvaStage {
  return { ...stage, children: stage.children.map(change) };
}

export function addNodes(stage: KonvaStage, layerId: string, nodes: readonly KonvaNode[]): KonvaStage {
  return mapLayers(stage, (layer) =>
    layer.attrs.id === layerId ? { ...layer, children: [...layer.children, ...nodes] } : layer,
  );
}

export function updateNode(stage: KonvaStage, id: string, patch: Partial<NodeAttrs>): KonvaStage {
  return mapLayers(stage, (layer) => ({
    ...layer,
    children: layer.children.map((n) => (n.attrs.id === id ? { ...n, attrs: { ...n.attrs, ...patch } } : n)),
  }));
}

export function removeNodes(stage: KonvaStage, ids: ReadonlySet<string>): KonvaStage {
  return mapLayers(stage, (layer) => ({ ...layer, children: layer.children.filter((n) => !ids.has(n.attrs.id)) }));
}

/** Copies pasted beside the originals, each with a fresh id. */
export function copiesOf(stage: KonvaStage, nodes: readonly KonvaNode[], offset = 20): KonvaNode[] {
  const taken = allIds(stage);
  return nodes.map((node) => {
    const id = freshId(stage, node.className.toLowerCase(), taken);
    taken.add(id);
    return { ...node, attrs: { ...node.attrs, id, x: node.attrs.x + offset, y: node.attrs.y + offset } };
  });
}

/** Moves a node one step up (towards the front) or down in its layer's drawing order. */
export function reorder(stage: KonvaStage, id: string, direction: 1 | -1): KonvaStage {
  return mapLayers(stage, (layer) => {
    const index = layer.children.findIndex((n) => n.attrs.id === id);
    const target = index + direction;
    if (index < 0 || target < 0 || target >= layer.children.length) return layer;
    const children = [...layer.children];
    const [node] = children.splice(index, 1);
    if (node !== undefined) children.splice(target, 0, node);
    return { ...layer, children };
  });
}

export function addLayer(stage: KonvaStage): { stage: KonvaStage; layerId: string } {
  const layerId = freshId(stage, 'layer');
  const layer: KonvaLayer = {
    className: 'Layer',
    attrs: { id: layerId, name: `图层 ${stage.children.length + 1}`, visible: true, locked: false },
    children: [],
  };
  return { stage: { ...stage, children: [...stage.children, layer] }, layerId };
}

export function updateLayer(stage: KonvaStage, layerId: string, patch: Partial<KonvaLayer['attrs']>): KonvaStage {
  return mapLayers(stage, (layer) =>
    layer.attrs.id === layerId ? { ...layer, attrs: { ...layer.attrs, ...patch } } : layer,
  );
}

/** Removes a layer and what is on it; the last layer stays. */
export function removeLayer(stage: KonvaStage, layerId: string): KonvaStage {
  if (stage.children.length <= 1) return stage;
  return { ...stage, children: stage.children.filter((l) => l.attrs.id !== layerId) };
}

/** The box of a node, for snapping and for the selection frame. */
export function boxOf(node: KonvaNode): { x: number; y: number; width: number; height: number } {
  const a = node.attrs;
  if (node.className === 'Circle') {
    const r = a.radius ?? 0;
    return { x: a.x - r, y: a.y - r, width: r * 2, height: r * 2 };
  }
  if (node.className === 'Line' || node.className === 'Arrow') {
    const xs = (a.points ?? []).filter((_, i) => i % 2 === 0);
    const ys = (a.points ?? []).filter((_, i) => i % 2 === 1);
    const minX = Math.min(0, ...xs);
    const minY = Math.min(0, ...ys);
    return { x: a.x + minX, y: a.y + minY, width: Math.max(0, ...xs) - minX, height: Math.max(0, ...ys) - minY };
  }
  return {
    x: a.x,
    y: a.y,
    width: a.width ?? (a.fontSize ?? 20) * Math.max(2, (a.text ?? '').length) * 0.6,
    height: a.height ?? a.fontSize ?? 20,
  };
}

/** Whether every bound node names a device and a factor (a drawing is saved only then). */
export function unboundNodes(stage: KonvaStage): KonvaNode[] {
  return stage.children.flatMap((layer) =>
    layer.children.filter(
      (n) => n.attrs.binding !== undefined && (n.attrs.binding.deviceId === '' || n.attrs.binding.factor === ''),
    ),
  );
}

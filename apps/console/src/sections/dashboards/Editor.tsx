import {
  CompressOutlined,
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  PictureOutlined,
  RedoOutlined,
  SaveOutlined,
  SnippetsOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import {
  bindingsOf,
  CONFIG_TYPES,
  type KonvaNode,
  type KonvaStage,
  type LiveValue,
  liveValue,
  type NodeAttrs,
} from '@lantian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  ColorPicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tooltip,
} from 'antd';
import type Konva from 'konva';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Line, Transformer } from 'react-konva';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { mergeValues } from '../../shared/konva/bound-values';
import { StageView } from '../../shared/konva/StageView';
import { parseEventData } from '../../shared/live/event-stream';
import { useEventStream } from '../../shared/live/useEventStream';
import { useCan } from '../../shared/session/session-context';
import {
  type ConfigDetail,
  dashboardKeys,
  dataSources,
  latestValues,
  resourceUrl,
  saveConfig,
  streamUrl,
} from './dashboards.api';
import {
  addLayer,
  addNodes,
  boxOf,
  copiesOf,
  findNode,
  newNode,
  removeLayer,
  removeNodes,
  reorder,
  TOOLS,
  type Tool,
  unboundNodes,
  updateLayer,
  updateNode,
} from './editor-doc';
import { type History, record, redo, startHistory, undo } from './history';
import { LayersPanel } from './LayersPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { PublishDialog } from './PublishDialog';
import { ResourceLibrary } from './ResourceLibrary';
import { snapBox } from './snap';

const GRID = 10;
const SNAP_THRESHOLD = 6;
const ZOOMS = [0.1, 0.15, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3];
const liveBatch = liveValue.array();

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The dashboard editor (react-konva): shapes, texts, images from the library, values bound to device
 * factors (live while editing), thresholds, pipes and animations; layers, snapping, undo/redo,
 * copy/paste, zoom; saved as the drawing's Konva JSON.
 */
export function Editor({ config }: { config: ConfigDetail }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan('dashboard:edit');
  const canPublish = useCan('dashboard:publish');
  const [history, setHistory] = useState<History<KonvaStage>>(() => startHistory(config.konva));
  const [saved, setSaved] = useState<KonvaStage>(config.konva);
  const [meta, setMeta] = useState({ title: config.title, type: config.type, company: config.company });
  const [savedMeta, setSavedMeta] = useState(meta);
  const [selected, setSelected] = useState<string[]>([]);
  const [activeLayer, setActiveLayer] = useState(config.konva.children.at(-1)?.attrs.id ?? 'layer-1');
  const [zoom, setZoom] = useState(0.5);
  const [snapping, setSnapping] = useState(true);
  const [preview, setPreview] = useState(false);
  const [guides, setGuides] = useState<{ x: number | null; y: number | null }>({ x: null, y: null });
  const [library, setLibrary] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [saving, setSaving] = useState(false);
  const clipboard = useRef<KonvaNode[]>([]);
  const stageRef = useRef<Konva.Stage>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const stage = history.present;
  const dirty = stage !== saved || meta !== savedMeta;

  const change = useCallback(
    (next: (s: KonvaStage) => KonvaStage) => setHistory((h) => record(h, next(h.present))),
    [],
  );

  // --- Live values of the bindings ---
  const sources = useQuery({ queryKey: dashboardKeys.sources, queryFn: ({ signal }) => dataSources(signal) });
  const pairs = bindingsOf(stage).filter((b) => b.deviceId !== '' && b.factor !== '');
  const bindingKey = pairs.map((p) => `${p.deviceId}:${p.factor}`).join(',');
  const deviceIds = [...new Set(pairs.map((p) => p.deviceId))];
  const first = useQuery({
    queryKey: ['dashboards', 'values', bindingKey],
    queryFn: ({ signal }) => latestValues(bindingKey, signal),
    enabled: bindingKey !== '',
  });
  const [pushed, setPushed] = useState<LiveValue[]>([]);
  useEventStream(
    streamUrl(deviceIds),
    'values',
    (data) => {
      const parsed = liveBatch.safeParse(parseEventData(data));
      if (parsed.success) setPushed((list) => [...list.slice(-500), ...parsed.data]);
    },
    { enabled: deviceIds.length > 0, onReconnect: () => void first.refetch() },
  );
  const values = useMemo(() => mergeValues(mergeValues(new Map(), first.data ?? []), pushed), [first.data, pushed]);

  // --- Selection handles ---
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shapes are drawn anew when the stage changes; the handles must find them again
  useEffect(() => {
    const tr = transformer.current;
    const konvaStage = stageRef.current;
    if (tr === null || konvaStage === null) return;
    const nodes = preview
      ? []
      : selected.flatMap((id) => {
          const found = konvaStage.findOne(`#${id}`);
          return found === undefined ? [] : [found];
        });
    tr.nodes(nodes);
    tr.getLayer()?.batchDraw();
  }, [selected, stage, preview]);

  // --- Commands ---
  const add = (tool: Tool, resource?: { id: string; width: number; height: number }) => {
    // New shapes cascade from the middle, so that several added in a row do not hide one another.
    const step = (stage.children.reduce((n, l) => n + l.children.length, 0) % 10) * 24;
    const center = { x: stage.attrs.width / 2 - 60 + step, y: stage.attrs.height / 2 - 40 + step };
    const node = newNode(stage, tool, center.x, center.y, resource?.id);
    if (resource !== undefined) {
      const scale = Math.min(1, 240 / Math.max(resource.width, resource.height));
      node.attrs.width = Math.round(resource.width * scale);
      node.attrs.height = Math.round(resource.height * scale);
    }
    const layer = stage.children.find((l) => l.attrs.id === activeLayer);
    if (layer?.attrs.locked) {
      message.warning('当前图层已锁定');
      return;
    }
    change((s) => addNodes(s, activeLayer, [node]));
    setSelected([node.attrs.id]);
  };
  const copy = () => {
    clipboard.current = selected.flatMap((id) => {
      const found = findNode(stage, id);
      return found === undefined ? [] : [found.node];
    });
    if (clipboard.current.length > 0) message.info(`已复制 ${clipboard.current.length} 个图元`);
  };
  const paste = () => {
    if (clipboard.current.length === 0) return;
    const copies = copiesOf(stage, clipboard.current);
    change((s) => addNodes(s, activeLayer, copies));
    clipboard.current = copies;
    setSelected(copies.map((c) => c.attrs.id));
  };
  const remove = () => {
    if (selected.length === 0) return;
    const ids = new Set(selected);
    change((s) => removeNodes(s, ids));
    setSelected([]);
  };
  const doUndo = () => {
    setHistory(undo);
    setSelected([]);
  };
  const doRedo = () => {
    setHistory(redo);
    setSelected([]);
  };
  const zoomBy = (direction: 1 | -1) =>
    setZoom((z) => {
      const index = ZOOMS.findIndex((step) => step >= z - 1e-6);
      return ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (index < 0 ? ZOOMS.length - 1 : index) + direction))] ?? z;
    });
  const fit = () => {
    const width = canvas.current?.clientWidth ?? 960;
    setZoom(Math.max(0.1, Math.min(2, (width - 32) / stage.attrs.width)));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: fit once, when the editor opens
  useEffect(fit, []);

  const save = async () => {
    const missing = unboundNodes(stage);
    if (missing.length > 0) {
      message.warning(`请为「${missing[0]?.attrs.name ?? missing[0]?.attrs.id}」选择设备与监测因子`);
      setSelected([missing[0]?.attrs.id ?? '']);
      return;
    }
    setSaving(true);
    try {
      const done = await saveConfig({
        id: config.id,
        title: meta.title,
        type: meta.type,
        company: meta.company,
        konva: stage,
      });
      setSaved(stage);
      setSavedMeta(meta);
      queryClient.setQueryData(dashboardKeys.detail(config.id), done);
      void queryClient.invalidateQueries({ queryKey: ['dashboards', 'list'] });
      message.success('组态图已保存');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  // --- Keyboard ---
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || preview) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z' && !e.shiftKey) doUndo();
      else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) doRedo();
      else if (mod && key === 'c') copy();
      else if (mod && key === 'v') paste();
      else if (mod && key === 's') void save();
      else if (key === 'delete' || key === 'backspace') remove();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const selectedNode = selected.length === 1 ? findNode(stage, selected[0] ?? '')?.node : undefined;
  const others = (id: string) =>
    stage.children.flatMap((l) => (l.attrs.visible ? l.children.filter((n) => n.attrs.id !== id).map(boxOf) : []));

  return (
    <div className="lt-editor">
      <div className="lt-editor-bar" role="toolbar" aria-label="组态工具栏">
        <Link to="/dashboards">← 返回列表</Link>
        <Input
          aria-label="组态图名称"
          className="lt-editor-title"
          value={meta.title}
          maxLength={60}
          onChange={(e) => setMeta({ ...meta, title: e.target.value })}
        />
        <Space.Compact>
          {TOOLS.map((t) => (
            <Button key={t.tool} disabled={preview || !canEdit} onClick={() => add(t.tool)}>
              {t.label}
            </Button>
          ))}
          <Button icon={<PictureOutlined />} disabled={preview || !canEdit} onClick={() => setLibrary(true)}>
            图片
          </Button>
        </Space.Compact>
        <Space.Compact>
          <Tooltip title="撤销（Ctrl+Z）">
            <Button
              aria-label="撤销"
              icon={<UndoOutlined />}
              disabled={history.past.length === 0 || preview}
              onClick={doUndo}
            />
          </Tooltip>
          <Tooltip title="重做（Ctrl+Y）">
            <Button
              aria-label="重做"
              icon={<RedoOutlined />}
              disabled={history.future.length === 0 || preview}
              onClick={doRedo}
            />
          </Tooltip>
          <Tooltip title="复制（Ctrl+C）">
            <Button aria-label="复制" icon={<CopyOutlined />} disabled={selected.length === 0} onClick={copy} />
          </Tooltip>
          <Tooltip title="粘贴（Ctrl+V）">
            <Button aria-label="粘贴" icon={<SnippetsOutlined />} disabled={preview} onClick={paste} />
          </Tooltip>
          <Tooltip title="删除（Delete）">
            <Button
              aria-label="删除图元"
              icon={<DeleteOutlined />}
              disabled={selected.length === 0 || preview}
              onClick={remove}
            />
          </Tooltip>
        </Space.Compact>
        <Space.Compact>
          <Button aria-label="缩小" icon={<ZoomOutOutlined />} onClick={() => zoomBy(-1)} />
          <Button className="lt-zoom" onClick={fit} aria-label="适应窗口" icon={<CompressOutlined />}>
            {Math.round(zoom * 100)}%
          </Button>
          <Button aria-label="放大" icon={<ZoomInOutlined />} onClick={() => zoomBy(1)} />
        </Space.Compact>
        <Space>
          <Switch checked={snapping} onChange={setSnapping} aria-label="吸附" />
          吸附
          <Switch
            checked={preview}
            onChange={(v) => {
              setPreview(v);
              setSelected([]);
            }}
            aria-label="预览"
          />
          <EyeOutlined /> 预览
        </Space>
        <Space className="lt-editor-actions">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={!canEdit || !dirty}
            onClick={() => void save()}
          >
            保存
          </Button>
          {canPublish && (
            <Button
              onClick={() => {
                if (dirty) message.warning('请先保存组态图');
                else setPublishing(true);
              }}
            >
              发布
            </Button>
          )}
        </Space>
      </div>
      <div className="lt-editor-body">
        <aside className="lt-editor-left">
          <LayersPanel
            stage={stage}
            activeLayer={activeLayer}
            selected={selected}
            onActivate={setActiveLayer}
            onLayerChange={(id, patch) => change((s) => updateLayer(s, id, patch))}
            onAddLayer={() => {
              const next = addLayer(stage);
              change(() => next.stage);
              setActiveLayer(next.layerId);
            }}
            onRemoveLayer={(id) => {
              change((s) => removeLayer(s, id));
              if (id === activeLayer)
                setActiveLayer(stage.children.find((l) => l.attrs.id !== id)?.attrs.id ?? activeLayer);
            }}
            onSelect={(id) => {
              setSelected([id]);
              const layer = findNode(stage, id)?.layer.attrs.id;
              if (layer !== undefined) setActiveLayer(layer);
            }}
            onReorder={(direction) =>
              selected[0] !== undefined && change((s) => reorder(s, selected[0] ?? '', direction))
            }
          />
        </aside>
        <div className="lt-editor-canvas" ref={canvas}>
          <StageView
            stage={stage}
            values={values}
            imageSrc={resourceUrl}
            scale={zoom}
            animate={preview}
            label="组态画布"
            stageRef={stageRef}
            onWheel={(e) => {
              if (!e.evt.ctrlKey) return;
              e.evt.preventDefault();
              zoomBy(e.evt.deltaY < 0 ? 1 : -1);
            }}
            onStageMouseDown={(e) => {
              if (e.target === e.target.getStage()) setSelected([]);
            }}
            nodeExtras={(node, layer) =>
              preview
                ? {}
                : {
                    id: node.attrs.id,
                    draggable: canEdit && !layer.attrs.locked,
                    listening: !layer.attrs.locked,
                    onMouseDown: (e: Konva.KonvaEventObject<MouseEvent>) => {
                      const id = node.attrs.id;
                      setSelected((current) =>
                        e.evt.shiftKey
                          ? current.includes(id)
                            ? current.filter((x) => x !== id)
                            : [...current, id]
                          : current.includes(id)
                            ? current
                            : [id],
                      );
                      setActiveLayer(layer.attrs.id);
                    },
                    onDragMove: (e: Konva.KonvaEventObject<DragEvent>) => {
                      if (!snapping) return;
                      const shape = e.target;
                      const box = boxOf({ ...node, attrs: { ...node.attrs, x: shape.x(), y: shape.y() } });
                      const snapped = snapBox(box, others(node.attrs.id), GRID, SNAP_THRESHOLD);
                      shape.position({ x: shape.x() + snapped.x - box.x, y: shape.y() + snapped.y - box.y });
                      setGuides(snapped.guides);
                    },
                    onDragEnd: (e: Konva.KonvaEventObject<DragEvent>) => {
                      setGuides({ x: null, y: null });
                      change((s) =>
                        updateNode(s, node.attrs.id, { x: Math.round(e.target.x()), y: Math.round(e.target.y()) }),
                      );
                    },
                    onTransformEnd: (e: Konva.KonvaEventObject<Event>) => {
                      const shape = e.target;
                      const sx = shape.scaleX();
                      const sy = shape.scaleY();
                      shape.scale({ x: 1, y: 1 });
                      const patch: Partial<NodeAttrs> = {
                        x: Math.round(shape.x()),
                        y: Math.round(shape.y()),
                        rotation: Math.round(shape.rotation()),
                      };
                      const a = node.attrs;
                      if (node.className === 'Circle') patch.radius = Math.round((a.radius ?? 0) * Math.max(sx, sy));
                      else if (node.className === 'Line' || node.className === 'Arrow')
                        patch.points = (a.points ?? []).map((p, i) => Math.round(p * (i % 2 === 0 ? sx : sy)));
                      else if (node.className === 'Text')
                        patch.fontSize = Math.max(1, Math.round((a.fontSize ?? 20) * sy));
                      else {
                        patch.width = Math.round((a.width ?? shape.width()) * sx);
                        patch.height = Math.round((a.height ?? shape.height()) * sy);
                      }
                      change((s) => updateNode(s, node.attrs.id, patch));
                    },
                  }
            }
            overlay={
              <Layer>
                {guides.x !== null && (
                  <Line
                    points={[guides.x, 0, guides.x, stage.attrs.height]}
                    stroke="#ff4d4f"
                    strokeWidth={1 / zoom}
                    dash={[4 / zoom, 4 / zoom]}
                  />
                )}
                {guides.y !== null && (
                  <Line
                    points={[0, guides.y, stage.attrs.width, guides.y]}
                    stroke="#ff4d4f"
                    strokeWidth={1 / zoom}
                    dash={[4 / zoom, 4 / zoom]}
                  />
                )}
                <Transformer ref={transformer} rotateEnabled flipEnabled={false} ignoreStroke />
              </Layer>
            }
          />
        </div>
        <aside className="lt-editor-right">
          {selectedNode !== undefined ? (
            <PropertiesPanel
              node={selectedNode}
              sources={sources.data ?? []}
              onChange={(patch) => change((s) => updateNode(s, selectedNode.attrs.id, patch))}
            />
          ) : (
            <Form layout="vertical" size="small" aria-label="画布属性">
              <Divider plain>画布</Divider>
              <Form.Item label="类型">
                <Select
                  aria-label="组态类型"
                  value={meta.type}
                  options={Object.entries(CONFIG_TYPES).map(([value, label]) => ({ value, label }))}
                  onChange={(type: typeof meta.type) => setMeta({ ...meta, type })}
                />
              </Form.Item>
              <Form.Item label="所属单位">
                <Input
                  aria-label="所属单位"
                  value={meta.company}
                  maxLength={60}
                  onChange={(e) => setMeta({ ...meta, company: e.target.value })}
                />
              </Form.Item>
              <Space.Compact block>
                <Form.Item label="宽">
                  <InputNumber
                    aria-label="画布宽"
                    min={100}
                    max={7680}
                    value={stage.attrs.width}
                    onChange={(v) =>
                      typeof v === 'number' && change((s) => ({ ...s, attrs: { ...s.attrs, width: Math.round(v) } }))
                    }
                  />
                </Form.Item>
                <Form.Item label="高">
                  <InputNumber
                    aria-label="画布高"
                    min={100}
                    max={7680}
                    value={stage.attrs.height}
                    onChange={(v) =>
                      typeof v === 'number' && change((s) => ({ ...s, attrs: { ...s.attrs, height: Math.round(v) } }))
                    }
                  />
                </Form.Item>
              </Space.Compact>
              <Form.Item label="背景">
                <ColorPicker
                  value={stage.attrs.background}
                  showText
                  onChangeComplete={(c) =>
                    change((s) => ({ ...s, attrs: { ...s.attrs, background: c.toHexString() } }))
                  }
                />
              </Form.Item>
            </Form>
          )}
        </aside>
      </div>
      <Drawer title="素材库" open={library} onClose={() => setLibrary(false)} size="large">
        <ResourceLibrary
          onPick={(r) => {
            add('image', { id: r.id, width: r.width, height: r.height });
            setLibrary(false);
          }}
        />
      </Drawer>
      {publishing && <PublishDialog config={config} onClose={() => setPublishing(false)} />}
    </div>
  );
}

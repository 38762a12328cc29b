import { DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { GridAreaTreeNode } from '@lantian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Spin,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, useApiError } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import {
  addVertex,
  canClose,
  closeDrawing,
  type Drawing,
  drawingBoundary,
  drawingFromBoundary,
  EMPTY_DRAWING,
  isComplexBoundary,
  undoVertex,
} from './drawing';
import { GridCard } from './GridCard';
import { GridMap } from './GridMap';
import { COUNT_COLORS, mapGrids } from './grid-map';
import {
  allKeys,
  ancestorsOf,
  countyOf,
  filterTree,
  findNode,
  gridLevelName,
  initialNode,
  mapParentOf,
} from './grid-tree';
import {
  createGrid,
  deleteGrid,
  getGridAreaTree,
  getGridCounts,
  getGridFeatures,
  getOutline,
  gridKeys,
  updateGrid,
} from './grids.api';
import { ImportDialog } from './ImportDialog';
import { outlineMapName } from './map-parts';
import '../../shared/table/table.css';
import './grids.css';

/** What the map is doing: showing, or drawing the boundary of a new grid / of the chosen one. */
type Mode = { kind: 'view' } | { kind: 'new'; parent: GridAreaTreeNode } | { kind: 'edit'; grid: GridAreaTreeNode };

interface TreeItem {
  key: string;
  title: React.ReactNode;
  children: TreeItem[];
}

function treeItems(nodes: readonly GridAreaTreeNode[]): TreeItem[] {
  return nodes.map((n) => ({
    key: n.code,
    // The level as a hover note: beside the name it wraps in a narrow tree.
    title: n.kind === 'grid' ? <span title={`${gridLevelName(n.gridLevel)} ${n.code}`}>{n.name}</span> : n.name,
    children: treeItems(n.children),
  }));
}

/**
 * 网格划分: the tree of areas and grids on the left; on the right the map of the chosen level's
 * grids (coloured by their events) and the chosen grid's card (facts, air, events, members). With
 * grid:manage: new grids and boundaries drawn on the map, renames, deletes and GeoJSON imports.
 */
export default function GridsSection() {
  const canManage = useCan('grid:manage');
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[] | undefined>(undefined);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [drawing, setDrawing] = useState<Drawing>(EMPTY_DRAWING);
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<GridAreaTreeNode | undefined>(undefined);
  const [importing, setImporting] = useState(false);

  const tree = useQuery({ queryKey: gridKeys.tree, queryFn: ({ signal }) => getGridAreaTree(signal) });
  const nodes = tree.data ?? [];
  const chosen = params.get('node') ?? initialNode(nodes);
  const node = chosen === undefined ? undefined : findNode(nodes, chosen);
  const grid = node?.kind === 'grid' ? node : undefined;

  // Drawing a new grid under a grid shows that grid's children, with the grid itself as a guide.
  const mapParent = mode.kind === 'new' ? mode.parent.code : mapParentOf(node);
  const county = mapParent === undefined ? null : countyOf(mapParent);

  const features = useQuery({
    queryKey: gridKeys.features(mapParent ?? ''),
    queryFn: ({ signal }) => getGridFeatures(mapParent ?? '', signal),
    enabled: mapParent !== undefined,
  });
  const counts = useQuery({
    queryKey: gridKeys.counts(mapParent ?? ''),
    queryFn: ({ signal }) => getGridCounts(mapParent ?? '', signal),
    enabled: mapParent !== undefined,
    retry: false,
  });
  const outline = useQuery({
    queryKey: gridKeys.outline(county),
    queryFn: ({ signal }) => getOutline(county, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The parent's own boundary while drawing inside it (it is a sibling on the level above).
  const parentFeatures = useQuery({
    queryKey: gridKeys.features(
      mode.kind === 'new' && mode.parent.kind === 'grid' ? (mode.parent.parentCode ?? countyOf(mode.parent.code)) : '',
    ),
    queryFn: ({ signal }) =>
      getGridFeatures(mode.kind === 'new' ? (mode.parent.parentCode ?? countyOf(mode.parent.code)) : '', signal),
    enabled: mode.kind === 'new' && mode.parent.kind === 'grid',
  });

  const mapName = outline.data === undefined ? undefined : outlineMapName(county ?? 'own', outline.data);
  const grids = useMemo(
    () => mapGrids(features.data?.features ?? [], counts.data === undefined ? null : counts.data),
    [features.data, counts.data],
  );
  const guide = useMemo(() => {
    if (mode.kind !== 'new' || parentFeatures.data === undefined) return undefined;
    return mapGrids(parentFeatures.data.features, null).find((g) => g.gridCode === mode.parent.code)?.rings;
  }, [mode, parentFeatures.data]);

  const select = (code: string) => {
    const next = new URLSearchParams(params);
    next.set('node', code);
    setParams(next);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: gridKeys.all });
  const stopDrawing = () => {
    setMode({ kind: 'view' });
    setDrawing(EMPTY_DRAWING);
    setNewName('');
  };

  const save = useMutation({
    mutationFn: async () => {
      const boundary = drawingBoundary(drawing);
      if (boundary === null) throw new Error('boundary not closed');
      if (mode.kind === 'new') {
        const parent = mode.parent.code;
        return createGrid({
          ...(parent.length === 6 ? { areaCode: parent } : { parentCode: parent }),
          name: newName.trim(),
          boundary,
          sort: 0,
        });
      }
      if (mode.kind === 'edit') return updateGrid({ gridCode: mode.grid.code, boundary });
      throw new Error('not drawing');
    },
    onSuccess: (row) => {
      void message.success(
        mode.kind === 'new' ? `已新增网格「${row.name}」（${row.gridCode}）` : `已保存「${row.name}」的边界`,
      );
      stopDrawing();
      void refresh().then(() => select(row.gridCode));
    },
    onError: (error) => showError(error, '保存网格'),
  });
  const remove = useMutation({
    mutationFn: (g: GridAreaTreeNode) => deleteGrid({ gridCode: g.code }),
    onSuccess: (_, g) => {
      void message.success(`已删除网格「${g.name}」`);
      select(g.parentCode ?? countyOf(g.code));
      void refresh();
    },
    onError: (error) => showError(error, '删除网格'),
  });

  const shownTree = useMemo(() => treeItems(filterTree(nodes, search)), [nodes, search]);
  const expandedKeys =
    search.trim() !== ''
      ? allKeys(filterTree(nodes, search))
      : (expanded ?? (chosen === undefined ? [] : [...ancestorsOf(nodes, chosen), chosen]));

  const startNew = () => {
    if (node === undefined) return;
    setMode({ kind: 'new', parent: node });
    setDrawing(EMPTY_DRAWING);
    setNewName('');
  };
  const startEdit = () => {
    if (grid === undefined) return;
    const feature = features.data?.features.find((f) => f.properties.gridCode === grid.code);
    if (isComplexBoundary(feature?.geometry)) {
      void message.warning('该网格的边界含多个多边形或内环：重新绘制后只保留绘制的外环。');
    }
    setMode({ kind: 'edit', grid });
    setDrawing(drawingFromBoundary(feature?.geometry));
  };

  const canNewHere = node !== undefined && (node.kind === 'grid' || node.level === 'county');
  const drawingNow = mode.kind !== 'view';
  const ready = drawing.closed && (mode.kind === 'edit' || newName.trim() !== '');

  return (
    <Card
      title="网格划分"
      extra={
        canManage && (
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} disabled={drawingNow}>
              导入 GeoJSON
            </Button>
          </Space>
        )
      }
    >
      {tree.isError && <Alert type="error" showIcon title={errorText(tree.error)} className="lt-form-alert" />}
      <div className="lt-grids-layout">
        <aside className="lt-grids-tree" aria-label="区域与网格">
          <Input.Search
            allowClear
            placeholder="搜索区域或网格"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label="搜索区域或网格"
          />
          {tree.isPending ? (
            <Skeleton active />
          ) : (
            <Tree
              blockNode
              height={560}
              treeData={shownTree}
              selectedKeys={chosen === undefined ? [] : [chosen]}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys.map(String))}
              onSelect={(keys) => {
                const key = keys[0];
                if (key !== undefined && !drawingNow) select(String(key));
              }}
              disabled={drawingNow}
            />
          )}
        </aside>
        <section className="lt-grids-main" aria-label="网格地图">
          <div className="lt-grid-toolbar">
            {drawingNow ? (
              <Space wrap>
                {mode.kind === 'new' ? (
                  <>
                    <Input
                      value={newName}
                      onChange={(e) => setNewName(e.target.value)}
                      placeholder="新网格名称"
                      maxLength={50}
                      className="lt-grid-name-input"
                      aria-label="新网格名称"
                    />
                    <Typography.Text type="secondary">上级：{mode.parent.name}</Typography.Text>
                  </>
                ) : (
                  <Typography.Text strong>编辑边界：{mode.grid.name}</Typography.Text>
                )}
                <Button onClick={() => setDrawing(undoVertex)} disabled={drawing.vertices.length === 0}>
                  撤销
                </Button>
                <Button onClick={() => setDrawing(closeDrawing)} disabled={!canClose(drawing)}>
                  完成
                </Button>
                <Button onClick={() => setDrawing(EMPTY_DRAWING)} disabled={drawing.vertices.length === 0}>
                  清空
                </Button>
                <Button type="primary" onClick={() => save.mutate()} loading={save.isPending} disabled={!ready}>
                  保存
                </Button>
                <Button onClick={stopDrawing}>取消</Button>
              </Space>
            ) : (
              <Space wrap>
                <Typography.Text strong>{node?.name ?? ''}</Typography.Text>
                {grid !== undefined && <Tag>{gridLevelName(grid.gridLevel)}</Tag>}
                {canManage && canNewHere && (
                  <Button icon={<PlusOutlined />} onClick={startNew}>
                    {node?.kind === 'grid' ? '新增下级网格' : '新增网格'}
                  </Button>
                )}
                {canManage && grid !== undefined && (
                  <>
                    <Button icon={<FormOutlined />} onClick={startEdit}>
                      编辑边界
                    </Button>
                    <Button icon={<EditOutlined />} onClick={() => setRenaming(grid)}>
                      重命名
                    </Button>
                    <Popconfirm
                      title={`删除网格「${grid.name}」？`}
                      description="有下级网格或网格员的网格不能删除。"
                      onConfirm={() => remove.mutateAsync(grid)}
                    >
                      <Button danger icon={<DeleteOutlined />}>
                        删除
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            )}
            <Legend
              known={counts.data !== null && counts.data !== undefined}
              max={Math.max(0, ...grids.map((g) => g.count ?? 0))}
            />
          </div>
          {drawingNow && (
            <Alert
              type="info"
              showIcon
              className="lt-grid-draw-hint"
              title={
                drawing.closed
                  ? `边界已闭合（${drawing.vertices.length} 个顶点）。${mode.kind === 'new' && newName.trim() === '' ? '填写名称后' : ''}点「保存」提交，或「撤销」继续编辑。`
                  : `单击地图添加顶点（已 ${drawing.vertices.length} 个），双击或点「完成」闭合；滚轮缩放、拖动平移。`
              }
            />
          )}
          {features.isError && (
            <Alert type="error" showIcon title={errorText(features.error)} className="lt-form-alert" />
          )}
          {outline.isError && (
            <Alert type="error" showIcon title={errorText(outline.error)} className="lt-form-alert" />
          )}
          {mapParent === undefined && !tree.isPending ? (
            <Empty description="请在左侧选择区县，查看其网格" />
          ) : mapName === undefined ? (
            <Spin>
              <div className="lt-grid-map-placeholder" />
            </Spin>
          ) : (
            <Spin spinning={features.isPending}>
              <GridMap
                mapName={mapName}
                grids={grids}
                selected={mode.kind === 'edit' ? undefined : grid?.code}
                onSelect={select}
                drawing={drawingNow ? drawing : undefined}
                onAddVertex={(p) => setDrawing((d) => addVertex(d, p))}
                onClose={() => setDrawing(closeDrawing)}
                guide={guide}
                ariaLabel={`网格地图：${node?.name ?? ''}，${grids.length} 个网格`}
              />
            </Spin>
          )}
          {!drawingNow && features.isSuccess && grids.length === 0 && mapParent !== undefined && (
            <Typography.Text type="secondary">
              该区域还没有网格{canManage ? '：可新增网格并在地图上绘制边界，或导入 GeoJSON。' : '。'}
            </Typography.Text>
          )}
          {grid !== undefined && !drawingNow && (
            <div className="lt-grid-card">
              <GridCard gridCode={grid.code} canManage={canManage} />
            </div>
          )}
        </section>
      </div>
      {renaming !== undefined && (
        <RenameDialog
          grid={renaming}
          onClose={() => setRenaming(undefined)}
          onSaved={() => {
            setRenaming(undefined);
            void refresh();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          parent={node !== undefined && canNewHere ? { code: node.code, name: node.name } : undefined}
          onClose={() => setImporting(false)}
          onImported={(n) => {
            void message.success(`已导入 ${n} 个网格`);
            setImporting(false);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

function Legend({ known, max }: { known: boolean; max: number }) {
  if (!known) return <Typography.Text type="secondary">（暂无事件统计，网格按统一颜色显示）</Typography.Text>;
  return (
    <Space size={4} className="lt-grid-legend" aria-label="图例：事件数">
      <span>事件数 0</span>
      {COUNT_COLORS.map((c) => (
        <span key={c} className="lt-grid-legend-swatch" style={{ background: c }} />
      ))}
      <span>{max}</span>
    </Space>
  );
}

function RenameDialog({ grid, onClose, onSaved }: { grid: GridAreaTreeNode; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [name, setName] = useState(grid.name);
  const save = useMutation({
    mutationFn: () => updateGrid({ gridCode: grid.code, name: name.trim() }),
    onSuccess: (row) => {
      void message.success(`已改名为「${row.name}」`);
      onSaved();
    },
  });
  return (
    <Modal
      open
      title={`重命名：${grid.name}`}
      okText="保存"
      okButtonProps={{ disabled: name.trim() === '' || name.trim() === grid.name }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      {save.isError && <Alert type="error" showIcon title={errorText(save.error)} className="lt-form-alert" />}
      <Input value={name} maxLength={50} onChange={(e) => setName(e.target.value)} aria-label="网格名称" />
    </Modal>
  );
}
